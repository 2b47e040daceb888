#include "tools/store_access.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace arenastore::cli {
namespace {

struct GlobalOptions {
  std::string db;
  bool verbose = false;
};

GlobalOptions& Globals() {
  static GlobalOptions options;
  return options;
}

// A verb that changes the store says so before it starts, instead of failing on its first write.
// SQLite writes the file and creates its -wal and -shm beside it, so both must be writable.
Status CheckWritable(const std::string& path) {
  if (access(path.c_str(), F_OK) != 0) return Status::Ok();  // Open says what is missing
  const std::string directory = std::filesystem::path(path).parent_path().string();
  const bool writable = access(path.c_str(), W_OK) == 0 &&
                        access(directory.empty() ? "." : directory.c_str(), W_OK) == 0;
  ARENASTORE_CHECK_OR_RETURN(writable, ErrorCode::kStore,
                             "%s is read-only for you (the file or its directory is not "
                             "writable); verbs that read it still work. To change it, ask its "
                             "owner, or work on a copy: `arenastore db backup COPY.db --db %s`",
                             path.c_str(), path.c_str());
  return Status::Ok();
}

}  // namespace

void AddDbOption(CLI::App* command, std::string* path) {
  command->add_option("--db", *path,
                      "Store database (default: $ARENASTORE_DB, else ./arenastore.db)");
}

void AddGlobalOptions(CLI::App& app) {
  app.add_option("--db", Globals().db,
                 "Store database for any verb (default: $ARENASTORE_DB, else ./arenastore.db)");
  app.add_flag("--verbose", Globals().verbose,
               "Keep technical details (SQLite codes, SQL) in error messages");
}

bool Verbose() { return Globals().verbose; }

std::string DbPath(const std::string& flag) {
  if (!flag.empty()) return flag;
  if (!Globals().db.empty()) return Globals().db;
  const char* environment = std::getenv("ARENASTORE_DB");
  if (environment != nullptr && environment[0] != '\0') return environment;
  return "arenastore.db";
}

store::OpenOptions StoreOpenOptions(StoreAccess access) {
  store::OpenOptions options;
  options.create_if_missing = access == StoreAccess::kWriteOrCreate;
  // Read verbs never write, so they open read-only: they work on a store the user may read but
  // not change (store/database.h says how, WAL included).
  options.read_only = access == StoreAccess::kRead;
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

Result<store::Registry> OpenRegistry(const std::string& flag, StoreAccess access) {
  const std::string path = DbPath(flag);
  if (access != StoreAccess::kRead) ARENASTORE_RETURN_IF_ERROR(CheckWritable(path));
  return store::Registry::Open(path, StoreOpenOptions(access));
}

}  // namespace arenastore::cli
