// Ed25519 keys and signatures through OpenSSL 3 (EVP_PKEY_ED25519; EVP_DigestSign with no
// digest, as Ed25519 hashes internally). Called by the signature functions and `arenastore
// key generate`. Private keys travel as PKCS#8 PEM text; public keys as 32 raw bytes, 64 hex
// digits, or SubjectPublicKeyInfo PEM. Errors: kInvalidArgument (unreadable key text),
// kSignature (OpenSSL failed to sign). Heap OK; no global state beyond OpenSSL's own.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"

namespace arenastore::store {

using PublicKey = std::array<uint8_t, 32>;
using Signature = std::array<uint8_t, 64>;

struct KeyPair {
  std::string private_pem;
  std::string public_pem;
  PublicKey public_key{};
};

Result<KeyPair> GenerateKeyPair();

// Accepts a public key PEM, a private key PEM (its public half) or 64 hex digits.
Result<PublicKey> ParsePublicKey(std::string_view text);
Result<PublicKey> PublicKeyOfPrivate(std::string_view private_pem);

Result<Signature> Sign(std::string_view private_pem, std::span<const uint8_t> message);
bool VerifySignature(const PublicKey& key, std::span<const uint8_t> message,
                     std::span<const uint8_t> signature);

std::string HexOf(std::span<const uint8_t> bytes);

}  // namespace arenastore::store
