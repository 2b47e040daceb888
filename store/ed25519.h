// Ed25519 keys and signatures through OpenSSL 3 (EVP_DigestSign with no digest). Called by the
// signature functions and `arenastore key generate`. Private keys are PKCS#8 PEM, on disk
// optionally encrypted with a passphrase; public keys 32 raw bytes, 64 hex digits or SPKI PEM.
// Invariant: OpenSSL never prompts on a terminal. Errors: kInvalidArgument (unreadable key
// text, wrong passphrase), kSignature (OpenSSL failed). Heap OK; no state beyond OpenSSL's.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/secret_text.h"

namespace arenastore::store {

using PublicKey = std::array<uint8_t, 32>;
using Signature = std::array<uint8_t, 64>;

struct KeyPair {
  std::string private_pem;
  std::string public_pem;
  PublicKey public_key{};
};

// With a non-empty passphrase, private_pem is encrypted PKCS#8 (PBES2: PBKDF2 and AES-256-CBC,
// "-----BEGIN ENCRYPTED PRIVATE KEY-----"); the key's plain form is never written out.
Result<KeyPair> GenerateKeyPair(std::string_view passphrase = {});

// True for an encrypted PKCS#8 PEM, which needs DecryptPrivateKey before it can sign.
bool IsEncryptedPrivateKey(std::string_view pem);

// The plain PKCS#8 PEM of an encrypted Ed25519 private key. kInvalidArgument when the
// passphrase is wrong or the text is no encrypted Ed25519 key (OpenSSL cannot tell them apart).
Result<SecretText> DecryptPrivateKey(std::string_view encrypted_pem, std::string_view passphrase);

// Accepts a public key PEM, a private key PEM (its public half) or 64 hex digits.
Result<PublicKey> ParsePublicKey(std::string_view text);
Result<PublicKey> PublicKeyOfPrivate(std::string_view private_pem);

Result<Signature> Sign(std::string_view private_pem, std::span<const uint8_t> message);
bool VerifySignature(const PublicKey& key, std::span<const uint8_t> message,
                     std::span<const uint8_t> signature);

std::string HexOf(std::span<const uint8_t> bytes);

}  // namespace arenastore::store
