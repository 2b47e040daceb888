#include "store/backup.h"

#include <ctime>
#include <filesystem>

namespace arenastore::store {

Status BackupTo(Database& db, const std::string& target_path) {
  std::error_code error;
  if (std::filesystem::exists(target_path, error)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "backup target %s already exists; choose a new file name",
                         target_path.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement vacuum, db.Prepare("VACUUM INTO ?"));
  ARENASTORE_RETURN_IF_ERROR(vacuum.Bind(1, target_path));
  Status status = vacuum.Run();
  if (!status.ok()) {
    std::filesystem::remove(target_path, error);  // never leave a partial backup behind
    return status.WithContext("back up %s to %s", db.path().c_str(), target_path.c_str());
  }
  return Status::Ok();
}

std::string BackupPathBeside(const Database& db, int32_t schema_version) {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &utc);
  const std::string base = db.path() + ".v" + std::to_string(schema_version) + "." + stamp;
  std::string path = base + ".backup";
  std::error_code error;
  for (int suffix = 2; std::filesystem::exists(path, error); ++suffix) {
    path = base + "-" + std::to_string(suffix) + ".backup";
  }
  return path;
}

}  // namespace arenastore::store
