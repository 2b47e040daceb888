#include "store/grouped_number.h"

namespace arenastore::store {

// Built back to front: insert() trips GCC 12's -Wrestrict at -O2.
std::string GroupedNumber(uint64_t value) {
  std::string reversed;
  int digits = 0;
  do {
    if (digits > 0 && digits % 3 == 0) reversed.push_back(',');
    reversed.push_back(static_cast<char>('0' + value % 10));
    value /= 10;
    ++digits;
  } while (value != 0);
  return std::string(reversed.rbegin(), reversed.rend());
}

std::string GroupedBytes(uint64_t bytes) { return GroupedNumber(bytes) + " B"; }

}  // namespace arenastore::store
