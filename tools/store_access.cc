#include "tools/store_access.h"

#include <cstdlib>

namespace arenastore::cli {

void AddDbOption(CLI::App* command, std::string* path) {
  command->add_option("--db", *path,
                      "Store database (default: $ARENASTORE_DB, else ./arenastore.db)");
}

std::string DbPath(const std::string& flag) {
  if (!flag.empty()) return flag;
  const char* environment = std::getenv("ARENASTORE_DB");
  if (environment != nullptr && environment[0] != '\0') return environment;
  return "arenastore.db";
}

store::OpenOptions StoreOpenOptions(bool create_if_missing) {
  store::OpenOptions options;
  options.create_if_missing = create_if_missing;
  const char* timeout = std::getenv("ARENASTORE_BUSY_TIMEOUT_MS");
  if (timeout != nullptr && timeout[0] != '\0') {
    char* end = nullptr;
    const long value = std::strtol(timeout, &end, 10);
    if (end != nullptr && *end == '\0' && value >= 0 && value <= 3600 * 1000) {
      options.busy_timeout_ms = static_cast<int32_t>(value);
    }
  }
  return options;
}

Result<store::Registry> OpenRegistry(const std::string& flag, bool create_if_missing) {
  return store::Registry::Open(DbPath(flag), StoreOpenOptions(create_if_missing));
}

}  // namespace arenastore::cli
