#include "store/secret_text.h"

#include <openssl/crypto.h>

#include <cstring>
#include <utility>

namespace arenastore::store {

// One allocation of the exact size: a growing std::string would leave copies in the buffers
// it gave back.
SecretText::SecretText(std::string_view text)
    : bytes_(std::make_unique<char[]>(text.size() + 1)), size_bytes_(text.size()) {
  std::memcpy(bytes_.get(), text.data(), text.size());
}

SecretText::SecretText(SecretText&& other) noexcept
    : bytes_(std::move(other.bytes_)), size_bytes_(std::exchange(other.size_bytes_, 0)) {}

SecretText& SecretText::operator=(SecretText&& other) noexcept {
  if (this != &other) {
    Wipe();
    bytes_ = std::move(other.bytes_);
    size_bytes_ = std::exchange(other.size_bytes_, 0);
  }
  return *this;
}

SecretText::~SecretText() { Wipe(); }

void SecretText::Wipe() {
  if (bytes_ != nullptr) OPENSSL_cleanse(bytes_.get(), size_bytes_);
  bytes_.reset();
  size_bytes_ = 0;
}

}  // namespace arenastore::store
