#include "store/ed25519.h"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

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

Pkey ReadPem(std::string_view pem, bool is_private) {
  Bio bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
  if (!bio) return nullptr;
  EVP_PKEY* key = is_private ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr)
                             : PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
  if (key != nullptr && EVP_PKEY_get_base_id(key) != EVP_PKEY_ED25519) {
    EVP_PKEY_free(key);
    return nullptr;
  }
  return Pkey(key);
}

std::string WritePem(EVP_PKEY* key, bool is_private) {
  Bio bio(BIO_new(BIO_s_mem()));
  const int written =
      is_private ? PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr)
                 : PEM_write_bio_PUBKEY(bio.get(), key);
  if (written != 1) return "";
  char* data = nullptr;
  const long size = BIO_get_mem_data(bio.get(), &data);
  return std::string(data, static_cast<size_t>(size));
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

Result<KeyPair> GenerateKeyPair() {
  Pkey key(EVP_PKEY_Q_keygen(nullptr, nullptr, "ED25519"));
  ARENASTORE_CHECK_OR_RETURN(key != nullptr, ErrorCode::kSignature,
                             "OpenSSL could not generate an Ed25519 key");
  KeyPair pair;
  pair.private_pem = WritePem(key.get(), true);
  pair.public_pem = WritePem(key.get(), false);
  ARENASTORE_ASSIGN_OR_RETURN(pair.public_key, RawPublic(key.get()));
  return pair;
}

Result<PublicKey> PublicKeyOfPrivate(std::string_view private_pem) {
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
