#include "store/ed25519.h"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <cstring>
#include <memory>

namespace arenastore::store {
namespace {

struct PkeyDeleter {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
struct BioDeleter {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
struct MdContextDeleter {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
using Pkey = std::unique_ptr<EVP_PKEY, PkeyDeleter>;
using Bio = std::unique_ptr<BIO, BioDeleter>;
using MdContext = std::unique_ptr<EVP_MD_CTX, MdContextDeleter>;

constexpr std::string_view kEncryptedPemHeader = "-----BEGIN ENCRYPTED PRIVATE KEY-----";

// OpenSSL's passphrase callback: hands over `user` (a std::string_view*), or refuses. Without
// it OpenSSL's default callback would prompt on the terminal, which a CLI run from a script or a
// CI job must never do.
int GivePassphrase(char* buffer, int size_bytes, int /*writing*/, void* user) {
  const auto* passphrase = static_cast<const std::string_view*>(user);
  if (passphrase == nullptr || passphrase->empty() ||
      passphrase->size() > static_cast<size_t>(size_bytes)) {
    return -1;
  }
  std::memcpy(buffer, passphrase->data(), passphrase->size());
  return static_cast<int>(passphrase->size());
}

Pkey ReadPem(std::string_view pem, bool is_private, std::string_view passphrase = {}) {
  Bio bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  if (!bio) return nullptr;
  EVP_PKEY* key = is_private
                      ? PEM_read_bio_PrivateKey(bio.get(), nullptr, GivePassphrase, &passphrase)
                      : PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
  ERR_clear_error();  // a failure is reported by our Status; leave no stale OpenSSL errors
  if (key != nullptr && EVP_PKEY_get_base_id(key) != EVP_PKEY_ED25519) {
    EVP_PKEY_free(key);
    return nullptr;
  }
  return Pkey(key);
}

std::string BioText(BIO* bio) {
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio, &data);
  return std::string(data, static_cast<size_t>(size));
}

std::string WritePem(EVP_PKEY* key, bool is_private) {
  Bio bio(BIO_new(BIO_s_mem()));
  const int written =
      is_private ? PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr)
                 : PEM_write_bio_PUBKEY(bio.get(), key);
  if (written != 1) return "";
  return BioText(bio.get());
}

// Encrypted PKCS#8: OpenSSL 3 derives the AES-256-CBC key with PBKDF2 (PBES2, HMAC-SHA256).
std::string WriteEncryptedPem(EVP_PKEY* key, std::string_view passphrase) {
  Bio bio(BIO_new(BIO_s_mem()));
  const int written =
      PEM_write_bio_PKCS8PrivateKey(bio.get(), key, EVP_aes_256_cbc(), passphrase.data(),
                                    static_cast<int>(passphrase.size()), nullptr, nullptr);
  if (written != 1) return "";
  return BioText(bio.get());
}

Result<PublicKey> RawPublic(EVP_PKEY* key) {
  PublicKey raw{};
  size_t size = raw.size();
  ARENASTORE_CHECK_OR_RETURN(
      EVP_PKEY_get_raw_public_key(key, raw.data(), &size) == 1 && size == raw.size(),
      ErrorCode::kInvalidArgument, "cannot read the Ed25519 public key");
  return raw;
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string HexOf(std::span<const uint8_t> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (uint8_t byte : bytes) {
    hex.push_back(kHex[byte >> 4]);
    hex.push_back(kHex[byte & 15]);
  }
  return hex;
}

Result<KeyPair> GenerateKeyPair(std::string_view passphrase) {
  Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
  ARENASTORE_CHECK_OR_RETURN(key != nullptr, ErrorCode::kSignature,
                             "OpenSSL could not generate an Ed25519 key");
  KeyPair pair;
  pair.private_pem =
      passphrase.empty() ? WritePem(key.get(), true) : WriteEncryptedPem(key.get(), passphrase);
  ARENASTORE_CHECK_OR_RETURN(!pair.private_pem.empty(), ErrorCode::kSignature,
                             "OpenSSL could not write the private key");
  pair.public_pem = WritePem(key.get(), false);
  ARENASTORE_ASSIGN_OR_RETURN(pair.public_key, RawPublic(key.get()));
  return pair;
}

bool IsEncryptedPrivateKey(std::string_view pem) {
  return pem.find(kEncryptedPemHeader) != std::string_view::npos;
}

Result<SecretText> DecryptPrivateKey(std::string_view encrypted_pem, std::string_view passphrase) {
  Pkey key = ReadPem(encrypted_pem, true, passphrase);
  ARENASTORE_CHECK_OR_RETURN(key != nullptr && !passphrase.empty(), ErrorCode::kInvalidArgument,
                             "wrong passphrase, or not an encrypted Ed25519 private key");
  // The plain PEM goes through OpenSSL's secure memory BIO, which wipes its buffer when freed.
  Bio bio(BIO_new(BIO_s_secmem()));
  const bool written =
      bio != nullptr && PEM_write_bio_PKCS8PrivateKey(bio.get(), key.get(), nullptr, nullptr, 0,
                                                      nullptr, nullptr) == 1;
  ARENASTORE_CHECK_OR_RETURN(written, ErrorCode::kSignature,
                             "OpenSSL could not re-encode the decrypted private key");
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio.get(), &data);
  return SecretText(std::string_view(data, static_cast<size_t>(size)));
}

Result<PublicKey> PublicKeyOfPrivate(std::string_view private_pem) {
  ARENASTORE_CHECK_OR_RETURN(!IsEncryptedPrivateKey(private_pem), ErrorCode::kInvalidArgument,
                             "the private key is encrypted with a passphrase; it must be "
                             "decrypted before use (`arenastore sign` takes --passphrase-env or "
                             "--passphrase-fd)");
  Pkey key = ReadPem(private_pem, true);
  ARENASTORE_CHECK_OR_RETURN(key != nullptr, ErrorCode::kInvalidArgument,
                             "not an Ed25519 private key in PEM form (expected the .key file "
                             "written by `arenastore key generate`)");
  return RawPublic(key.get());
}

Result<PublicKey> ParsePublicKey(std::string_view text) {
  if (text.find("-----BEGIN") != std::string_view::npos) {
    if (text.find("PRIVATE KEY") != std::string_view::npos) return PublicKeyOfPrivate(text);
    Pkey key = ReadPem(text, false);
    ARENASTORE_CHECK_OR_RETURN(key != nullptr, ErrorCode::kInvalidArgument,
                               "not an Ed25519 public key in PEM form");
    return RawPublic(key.get());
  }
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  PublicKey raw{};
  bool valid = text.size() == 2 * raw.size();
  for (size_t i = 0; valid && i < raw.size(); ++i) {
    const int high = HexValue(text[2 * i]);
    const int low = HexValue(text[2 * i + 1]);
    valid = high >= 0 && low >= 0;
    raw[i] = static_cast<uint8_t>(high * 16 + low);
  }
  ARENASTORE_CHECK_OR_RETURN(valid, ErrorCode::kInvalidArgument,
                             "a public key is 64 hex digits or a PEM file (the .pub written by "
                             "`arenastore key generate`)");
  return raw;
}

Result<Signature> Sign(std::string_view private_pem, std::span<const uint8_t> message) {
  Pkey key = ReadPem(private_pem, true);
  ARENASTORE_CHECK_OR_RETURN(key != nullptr, ErrorCode::kInvalidArgument,
                             "not an Ed25519 private key in PEM form (expected the .key file "
                             "written by `arenastore key generate`)");
  MdContext context(EVP_MD_CTX_new());
  Signature signature{};
  size_t size = signature.size();
  const bool signed_ok =
      context != nullptr &&
      EVP_DigestSignInit(context.get(), nullptr, nullptr, nullptr, key.get()) == 1 &&
      EVP_DigestSign(context.get(), signature.data(), &size, message.data(), message.size()) == 1 &&
      size == signature.size();
  ARENASTORE_CHECK_OR_RETURN(signed_ok, ErrorCode::kSignature, "OpenSSL failed to sign");
  return signature;
}

bool VerifySignature(const PublicKey& key, std::span<const uint8_t> message,
                     std::span<const uint8_t> signature) {
  Pkey public_key(EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, key.data(), key.size()));
  MdContext context(EVP_MD_CTX_new());
  return public_key != nullptr && context != nullptr &&
         EVP_DigestVerifyInit(context.get(), nullptr, nullptr, nullptr, public_key.get()) == 1 &&
         EVP_DigestVerify(context.get(), signature.data(), signature.size(), message.data(),
                          message.size()) == 1;
}

}  // namespace arenastore::store
