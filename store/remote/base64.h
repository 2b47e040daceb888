// Base64 (RFC 4648, with padding) through OpenSSL's EVP block coder, for HTTP Basic
// credentials and docker-style credential files ("auth": base64 of "user:password").
// Called by registry_auth and credentials. Heap OK; decoding untrusted text never throws:
// kInvalidArgument when it is not base64.
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"

namespace arenastore::store::remote {

std::string EncodeBase64(std::string_view bytes);
Result<std::string> DecodeBase64(std::string_view text);

}  // namespace arenastore::store::remote
