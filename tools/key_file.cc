#include "tools/key_file.h"

#include <openssl/crypto.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "store/ed25519.h"

namespace arenastore::cli {

Result<std::string> ReadKeyFile(const std::string& path) {
  std::ifstream file(path);
  ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kNotFound, "cannot read key file %s",
                             path.c_str());
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

Result<store::SecretText> ReadPrivateKeyFile(const std::string& path, const std::string& option,
                                             const PassphraseSource& passphrase) {
  ARENASTORE_ASSIGN_OR_RETURN(std::string text, ReadKeyFile(path));
  store::SecretText pem(text);
  OPENSSL_cleanse(text.data(), text.size());
  if (!store::IsEncryptedPrivateKey(pem.view())) return pem;
  ARENASTORE_CHECK_OR_RETURN(passphrase.given(), ErrorCode::kInvalidArgument,
                             "%s %s is encrypted with a passphrase: %s", option.c_str(),
                             path.c_str(), kPassphraseOptionsHint);
  ARENASTORE_ASSIGN_OR_RETURN(const store::SecretText secret, ReadPassphrase(passphrase));
  auto decrypted = store::DecryptPrivateKey(pem.view(), secret.view());
  ARENASTORE_CHECK_OR_RETURN(decrypted.ok(), ErrorCode::kInvalidArgument,
                             "%s %s: cannot decrypt it with the passphrase from %s (wrong "
                             "passphrase, or a damaged key file)",
                             option.c_str(), path.c_str(), passphrase.Describe().c_str());
  return std::move(decrypted.value());
}

Result<std::string> ReadPublicKeyArgument(const std::string& argument) {
  std::error_code error;
  std::string text = argument;
  if (std::filesystem::is_regular_file(argument, error)) {
    ARENASTORE_ASSIGN_OR_RETURN(text, ReadKeyFile(argument));
  }
  if (text.find("PRIVATE KEY") == std::string::npos) return text;
  return Status::Error(ErrorCode::kInvalidArgument,
                       "%s is a PRIVATE key; trust its public key instead: the .pub file "
                       "`arenastore key generate` wrote beside it, or derive one with `openssl "
                       "pkey -in %s -pubout -out KEY.pub`. Keep the private key where only "
                       "signers can read it",
                       argument.c_str(), argument.c_str());
}

}  // namespace arenastore::cli
