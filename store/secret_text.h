// Text that must not linger in memory after use: a key's passphrase, a decrypted private key's
// PEM. Made by store/ed25519.h (decryption) and the CLI's passphrase options; read through
// view(). Invariant: the bytes are overwritten (OPENSSL_cleanse) when the value is destroyed or
// assigned over; a SecretText is never copied, only moved (the buffer travels, no copy is left).
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace arenastore::store {

class SecretText {
 public:
  SecretText() = default;
  explicit SecretText(std::string_view text);
  SecretText(SecretText&& other) noexcept;
  SecretText& operator=(SecretText&& other) noexcept;
  SecretText(const SecretText&) = delete;
  SecretText& operator=(const SecretText&) = delete;
  ~SecretText();

  std::string_view view() const { return {bytes_.get(), size_bytes_}; }
  bool empty() const { return size_bytes_ == 0; }

 private:
  void Wipe();

  std::unique_ptr<char[]> bytes_;
  size_t size_bytes_ = 0;
};

}  // namespace arenastore::store
