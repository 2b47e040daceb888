#include "tools/registry_format.h"

namespace arenastore::cli {

std::string ShortDigest(const std::string& sha256) { return "sha256:" + sha256.substr(0, 12); }

}  // namespace arenastore::cli
