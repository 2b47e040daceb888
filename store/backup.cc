#include "store/backup.h"

#include <ctime>
#include <filesystem>

#include "store/atomic_file.h"

namespace arenastore::store {

Status BackupTo(Database& db, const std::string& target_path) {
  std::error_code error;
  if (std::filesystem::symlink_status(target_path, error).type() !=
      std::filesystem::file_type::not_found) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "backup target %s already exists; choose a new file name",
                         target_path.c_str());
  }
  ARENASTORE_ASSIGN_OR_RETURN(AtomicFile file, AtomicFile::Create(target_path, DefaultFileMode()));
  // VACUUM INTO accepts an empty file, which is what the temporary is; it journals beside it.
  file.RemoveAlongside("-journal");
  ARENASTORE_ASSIGN_OR_RETURN(Statement vacuum, db.Prepare("VACUUM INTO ?"));
  ARENASTORE_RETURN_IF_ERROR(vacuum.Bind(1, file.temporary_path()));
  Status status = vacuum.Run();
  if (status.ok()) status = file.Commit(ExistingFile::kRefuse);
  if (!status.ok()) {
    return status.WithContext("back up %s to %s (nothing was written there)", db.path().c_str(),
                              target_path.c_str());
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
