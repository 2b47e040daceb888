// AtomicFile: a file that appears at its final path complete or not at all: a mkstemp temporary
// beside it (never a name someone else has), fsync, rename, fsync of the directory; until Commit
// succeeds, destruction, an error or SIGINT/SIGTERM removes the temporary. Called by the CLI's
// outputs (tools/output_file.h) and backups (store/backup.h). The final path is used as given.
// Heap OK. Errors: kIo naming the path and the reason; kInvalidArgument for Commit(kRefuse).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/interrupt.h"

namespace arenastore::store {

enum class ExistingFile { kReplace, kRefuse };

class AtomicFile {
 public:
  // `mode`: the permissions the final file gets (the temporary starts as 0600).
  static Result<AtomicFile> Create(const std::string& final_path, mode_t mode);

  AtomicFile(AtomicFile&& other) noexcept;
  AtomicFile& operator=(AtomicFile&&) = delete;
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  // Also remove temporary_path() + `suffix` whenever the temporary is removed: files a writer
  // such as SQLite creates beside it ("-journal").
  void RemoveAlongside(const std::string& suffix);

  Status Write(std::span<const uint8_t> bytes);
  // kRefuse: fails, leaving the final path alone, when something already exists there.
  Status Commit(ExistingFile existing);

  const std::string& final_path() const { return final_path_; }
  const std::string& temporary_path() const { return temporary_path_; }

 private:
  AtomicFile(std::string final_path, std::string temporary_path, int fd, mode_t mode);
  Status Fail(const char* what);
  void Discard();
  void RemoveCompanions();

  std::string final_path_;
  std::string temporary_path_;
  int fd_ = -1;
  mode_t mode_ = 0;
  std::unique_ptr<InterruptCleanup> cleanup_;  // heap: its slot must not move with the object
  std::vector<std::string> companions_;
  std::vector<std::unique_ptr<InterruptCleanup>> companion_cleanups_;
};

// The mode a new file gets from open(..., 0666): 0666 minus the process's umask.
mode_t DefaultFileMode();

}  // namespace arenastore::store
