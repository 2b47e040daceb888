#include "store/remote/base64.h"

#include <openssl/evp.h>

namespace arenastore::store::remote {

std::string EncodeBase64(std::string_view bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3), '\0');
  const int written = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()),
                                      reinterpret_cast<const unsigned char*>(bytes.data()),
                                      static_cast<int>(bytes.size()));
  text.resize(written > 0 ? static_cast<size_t>(written) : 0);
  return text;
}

Result<std::string> DecodeBase64(std::string_view text) {
  ARENASTORE_CHECK_OR_RETURN(text.size() % 4 == 0, ErrorCode::kInvalidArgument,
                             "not base64: %zu characters is not a multiple of 4", text.size());
  std::string bytes(3 * (text.size() / 4), '\0');
  const int decoded = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(bytes.data()),
                                      reinterpret_cast<const unsigned char*>(text.data()),
                                      static_cast<int>(text.size()));
  ARENASTORE_CHECK_OR_RETURN(decoded >= 0, ErrorCode::kInvalidArgument, "not base64");
  // EVP_DecodeBlock counts padding as zero bytes; drop them.
  size_t size = static_cast<size_t>(decoded);
  if (text.size() >= 1 && text[text.size() - 1] == '=') --size;
  if (text.size() >= 2 && text[text.size() - 2] == '=') --size;
  bytes.resize(size);
  return bytes;
}

}  // namespace arenastore::store::remote
