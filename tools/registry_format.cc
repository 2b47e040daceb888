#include "tools/registry_format.h"

namespace arenastore::cli {

std::string ShortDigest(const std::string& sha256) { return "sha256:" + sha256.substr(0, 12); }

std::string GroupedBytes(uint64_t bytes) {
  const std::string digits = std::to_string(bytes);
  std::string grouped;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped.push_back(',');
    grouped.push_back(digits[i]);
  }
  grouped.append(" B");
  return grouped;
}

}  // namespace arenastore::cli
