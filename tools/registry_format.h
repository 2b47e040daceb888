// Small text helpers shared by the registry verbs' human output: short digests and byte
// counts with thousands separators. JSON output always carries the full values. Host-only.
#pragma once

#include <cstdint>
#include <string>

#include "store/grouped_number.h"

namespace arenastore::cli {

// "sha256:3f2a9c01d4e5" (12 hex digits: enough to be unique in practice, and a valid reference).
std::string ShortDigest(const std::string& sha256);

// "48,320 B".
using store::GroupedBytes;

}  // namespace arenastore::cli
