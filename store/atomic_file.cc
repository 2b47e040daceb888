#include "store/atomic_file.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>

namespace arenastore::store {
namespace {

std::string DirectoryOf(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// Makes a rename inside `directory` durable.
Status SyncDirectory(const std::string& directory) {
  const int fd = open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return Status::Error(ErrorCode::kIo, "cannot open directory %s to sync it: %s",
                         directory.c_str(), std::strerror(errno));
  }
  const bool synced = fsync(fd) == 0 || errno == EINVAL;  // some file systems cannot
  const int saved = errno;
  close(fd);
  if (!synced) {
    return Status::Error(ErrorCode::kIo, "cannot sync directory %s: %s", directory.c_str(),
                         std::strerror(saved));
  }
  return Status::Ok();
}

// rename() that fails with EEXIST instead of replacing; link() where the file system lacks
// RENAME_NOREPLACE.
int RenameNoReplace(const std::string& from, const std::string& to) {
  if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
  if (link(from.c_str(), to.c_str()) != 0) return -1;
  unlink(from.c_str());
  return 0;
}

// SIGINT and SIGTERM wait while alive: between creating the temporary and registering it for
// removal, and between renaming it and forgetting it, the handler would see the wrong state.
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t held;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigprocmask(SIG_BLOCK, &held, &previous_);
  }
  ~SignalsHeld() { sigprocmask(SIG_SETMASK, &previous_, nullptr); }

 private:
  sigset_t previous_;
};

}  // namespace

mode_t DefaultFileMode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

Result<AtomicFile> AtomicFile::Create(const std::string& final_path, mode_t mode) {
  const std::string name = std::filesystem::path(final_path).filename().string();
  std::string pattern = DirectoryOf(final_path) + "/." + name + ".arenastore-XXXXXX";
  InstallInterruptHandlers();
  int fd = -1;
  int saved = 0;
  std::unique_ptr<InterruptCleanup> cleanup;
  {
    const SignalsHeld held;
    fd = mkostemp(pattern.data(), O_CLOEXEC);
    saved = errno;
    if (fd >= 0) cleanup = std::make_unique<InterruptCleanup>(pattern);
  }
  if (fd < 0) {
    return Status::Error(ErrorCode::kIo, "cannot write %s: cannot create a file in %s: %s",
                         final_path.c_str(), DirectoryOf(final_path).c_str(), std::strerror(saved));
  }
  AtomicFile file(final_path, pattern, fd, mode);
  file.cleanup_ = std::move(cleanup);
  return file;
}

AtomicFile::AtomicFile(std::string final_path, std::string temporary_path, int fd, mode_t mode)
    : final_path_(std::move(final_path)),
      temporary_path_(std::move(temporary_path)),
      fd_(fd),
      mode_(mode) {}

AtomicFile::AtomicFile(AtomicFile&& other) noexcept
    : final_path_(std::move(other.final_path_)),
      temporary_path_(std::move(other.temporary_path_)),
      fd_(std::exchange(other.fd_, -1)),
      mode_(other.mode_),
      cleanup_(std::move(other.cleanup_)),
      companions_(std::move(other.companions_)),
      companion_cleanups_(std::move(other.companion_cleanups_)) {
  other.temporary_path_.clear();
  other.companions_.clear();
}

AtomicFile::~AtomicFile() { Discard(); }

void AtomicFile::RemoveAlongside(const std::string& suffix) {
  companions_.push_back(temporary_path_ + suffix);
  companion_cleanups_.push_back(std::make_unique<InterruptCleanup>(companions_.back()));
}

void AtomicFile::Discard() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  if (!temporary_path_.empty()) unlink(temporary_path_.c_str());
  temporary_path_.clear();
  RemoveCompanions();
  cleanup_.reset();
}

void AtomicFile::RemoveCompanions() {
  for (const std::string& companion : companions_) {
    unlink(companion.c_str());
  }
  companions_.clear();
  companion_cleanups_.clear();
}

Status AtomicFile::Fail(const char* what) {
  const int saved = errno;
  Status status = Status::Error(ErrorCode::kIo, "cannot write %s: %s: %s; nothing was written",
                                final_path_.c_str(), what, std::strerror(saved));
  Discard();
  return status;
}

Status AtomicFile::Write(std::span<const uint8_t> bytes) {
  ARENASTORE_CHECK_OR_RETURN(fd_ >= 0, ErrorCode::kIo, "cannot write %s: already closed",
                             final_path_.c_str());
  while (!bytes.empty()) {
    const ssize_t written = write(fd_, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return Fail("write failed");
    bytes = bytes.subspan(static_cast<size_t>(written));
  }
  return Status::Ok();
}

Status AtomicFile::Commit(ExistingFile existing) {
  ARENASTORE_CHECK_OR_RETURN(fd_ >= 0, ErrorCode::kIo, "cannot write %s: already closed",
                             final_path_.c_str());
  if (fchmod(fd_, mode_) != 0) return Fail("cannot set its permissions");
  if (fsync(fd_) != 0) return Fail("cannot flush it to disk");
  if (close(std::exchange(fd_, -1)) != 0) return Fail("cannot close it");
  const SignalsHeld held;
  if (existing == ExistingFile::kRefuse) {
    if (RenameNoReplace(temporary_path_, final_path_) != 0) {
      if (errno == EEXIST) {
        Discard();
        return Status::Error(ErrorCode::kInvalidArgument,
                             "%s already exists; choose a new file name", final_path_.c_str());
      }
      return Fail("cannot move it into place");
    }
  } else if (rename(temporary_path_.c_str(), final_path_.c_str()) != 0) {
    return Fail("cannot move it into place");
  }
  temporary_path_.clear();  // it is the final file now
  RemoveCompanions();       // a writer's leftovers, e.g. an emptied SQLite journal
  cleanup_.reset();
  return SyncDirectory(DirectoryOf(final_path_));
}

}  // namespace arenastore::store
