// Small text helpers shared by the registry verbs' human output: short digests and byte
// counts with thousands separators. JSON output always carries the full values. Host-only.
#pragma once

#include <cstdint>
#include <string>

namespace arenastore::cli {

// "sha256:3f2a9c01d4e5" (12 hex digits: enough to be unique in practice, and a valid reference).
std::string ShortDigest(const std::string& sha256);

// "48,320 B".
std::string GroupedBytes(uint64_t bytes);

}  // namespace arenastore::cli
