// SHA-256 as lowercase hex (OpenSSL EVP): an artifact's identity in the store, in references
// (`sha256:<hex prefix>`) and in signed manifests. Called by push, pull and verify.
// Heap OK (returns a std::string); never fails for in-memory input.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace arenastore::store {

std::string Sha256Hex(std::span<const uint8_t> bytes);

}  // namespace arenastore::store
