// Numbers for people: 1234567 -> "1,234,567", and bytes as "1,234,567 B". Shared by the store's
// reports (audit reasons, the audit page) and the CLI's tables. Heap OK; pure.
#pragma once

#include <cstdint>
#include <string>

namespace arenastore::store {

std::string GroupedNumber(uint64_t value);
std::string GroupedBytes(uint64_t bytes);

}  // namespace arenastore::store
