// Reading a key file (PEM) named on the command line: `sign --key`, `key trust` and `audit
// --fix --sign-with` take the same files, read the same way; an encrypted private key is
// decrypted with the passphrase its options name (tools/passphrase.h). Host-only. Errors:
// kNotFound (unreadable file); kInvalidArgument: `key trust` given a private key (one handed
// around to be trusted is a leaked key), an encrypted key without a passphrase option or with
// a wrong passphrase.
#pragma once

#include <string>

#include "base/result.h"
#include "store/secret_text.h"
#include "tools/passphrase.h"

namespace arenastore::cli {

Result<std::string> ReadKeyFile(const std::string& path);

// The plain PEM of the private key in `path`, decrypted first when it is encrypted. `option`
// names the verb's key option for messages, e.g. "--key".
Result<store::SecretText> ReadPrivateKeyFile(const std::string& path, const std::string& option,
                                             const PassphraseSource& passphrase);

// The public key text `key trust` was given: the contents of the file `argument` names, or the
// argument itself (64 hex digits). Refuses a private key, saying which file to pass instead.
Result<std::string> ReadPublicKeyArgument(const std::string& argument);

}  // namespace arenastore::cli
