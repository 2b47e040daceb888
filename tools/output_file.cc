#include "tools/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <utility>

namespace arenastore::cli {
namespace {

// As the kernel's own limit on symlinks in one lookup.
constexpr int kMaxSymlinkHops = 40;

std::string DirectoryOf(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

// Follows `path` through every symlink to the name the bytes must land at (which need not
// exist yet: a dangling link creates its target, as a shell's `>` does).
Result<std::string> FollowSymlinks(const std::string& named) {
  std::string path = named;
  for (int hop = 0; hop < kMaxSymlinkHops; ++hop) {
    struct stat info;
    if (lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return path;
    std::error_code error;
    const std::filesystem::path target = std::filesystem::read_symlink(path, error);
    if (error) {
      return Status::Error(ErrorCode::kIo, "cannot write %s: cannot read the symlink %s: %s",
                           named.c_str(), path.c_str(), error.message().c_str());
    }
    path = target.is_absolute() ? target.string()
                                : (std::filesystem::path(DirectoryOf(path)) / target).string();
  }
  return Status::Error(ErrorCode::kInvalidArgument,
                       "cannot write %s: more than %d symlinks deep (a loop?)", named.c_str(),
                       kMaxSymlinkHops);
}

const char* RefusedKind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISBLK(mode)) return "a block device (arenastore does not write onto disks)";
  if (S_ISSOCK(mode)) return "a socket";
  return nullptr;
}

Status CheckDirectory(const OutputTarget& target) {
  const std::string directory = DirectoryOf(target.path);
  struct stat info;
  if (stat(directory.c_str(), &info) != 0 || !S_ISDIR(info.st_mode)) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "cannot write %s: directory %s does not exist; create it first",
                         target.named.c_str(), directory.c_str());
  }
  if (access(directory.c_str(), W_OK | X_OK) != 0) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "cannot write %s: no permission to create files in %s",
                         target.named.c_str(), directory.c_str());
  }
  return Status::Ok();
}

Status CheckStdoutAllowed(const OutputRules& rules) {
  ARENASTORE_CHECK_OR_RETURN(!rules.stdout_holds_json, ErrorCode::kInvalidArgument,
                             "'-' (stdout) is where --json prints its document; write this "
                             "output to a file, or drop --json");
  ARENASTORE_CHECK_OR_RETURN(rules.stdout_allowed, ErrorCode::kInvalidArgument,
                             "'-' (stdout) is not a possible output here; name a file");
  return Status::Ok();
}

Status WriteAll(int fd, std::span<const uint8_t> bytes, const std::string& named) {
  while (!bytes.empty()) {
    const ssize_t written = write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      return Status::Error(ErrorCode::kIo, "cannot write %s: %s", named.c_str(),
                           written < 0 ? std::strerror(errno) : "nothing was written");
    }
    bytes = bytes.subspan(static_cast<size_t>(written));
  }
  return Status::Ok();
}

}  // namespace

OutputRules StreamableOutput(bool json) {
  OutputRules rules;
  rules.stdout_allowed = true;
  rules.stdout_holds_json = json;
  return rules;
}

Result<OutputTarget> ResolveOutput(const std::string& path, const OutputRules& rules) {
  OutputTarget target;
  target.named = path;
  ARENASTORE_CHECK_OR_RETURN(!path.empty(), ErrorCode::kInvalidArgument,
                             "an output path is empty; name a file");
  if (IsStdout(path)) {
    ARENASTORE_RETURN_IF_ERROR(CheckStdoutAllowed(rules));
    target.kind = OutputKind::kStdout;
    target.path = path;
    return target;
  }
  ARENASTORE_ASSIGN_OR_RETURN(target.path, FollowSymlinks(path));
  struct stat info;
  if (stat(target.path.c_str(), &info) != 0) {
    if (errno != ENOENT) {
      return Status::Error(ErrorCode::kIo, "cannot write %s: %s", path.c_str(),
                           std::strerror(errno));
    }
    target.kind = OutputKind::kRegularFile;
    target.mode = rules.mode.value_or(store::DefaultFileMode());
    ARENASTORE_RETURN_IF_ERROR(CheckDirectory(target));
    return target;
  }
  if (const char* refused = RefusedKind(info.st_mode)) {
    return Status::Error(ErrorCode::kInvalidArgument, "cannot write %s: it is %s; name a file",
                         path.c_str(), refused);
  }
  ARENASTORE_CHECK_OR_RETURN(rules.existing == store::ExistingFile::kReplace,
                             ErrorCode::kInvalidArgument,
                             "%s already exists; choose another name (arenastore does not "
                             "overwrite it)",
                             path.c_str());
  if (!S_ISREG(info.st_mode)) {  // a FIFO or character device: streamed to, never replaced
    target.kind = OutputKind::kStream;
    return target;
  }
  target.kind = OutputKind::kRegularFile;
  target.mode = rules.mode.value_or(info.st_mode & 07777);
  ARENASTORE_RETURN_IF_ERROR(CheckDirectory(target));
  return target;
}

Result<OutputWriter> OutputWriter::Open(const std::string& path, const OutputRules& rules) {
  ARENASTORE_ASSIGN_OR_RETURN(OutputTarget target, ResolveOutput(path, rules));
  switch (target.kind) {
    case OutputKind::kStdout:
      std::fflush(stdout);  // whatever the verb printed before stays before the bytes
      return OutputWriter(std::move(target), std::nullopt, STDOUT_FILENO, rules.existing);
    case OutputKind::kStream: {
      // No O_CREAT, no O_TRUNC: the node exists and is not ours to replace. A FIFO blocks here
      // until a reader opens it, as `cat > fifo` does.
      const int fd = open(target.path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) {
        return Status::Error(ErrorCode::kIo, "cannot write %s: %s", path.c_str(),
                             std::strerror(errno));
      }
      return OutputWriter(std::move(target), std::nullopt, fd, rules.existing);
    }
    case OutputKind::kRegularFile: {
      auto file = store::AtomicFile::Create(target.path, target.mode);
      if (!file.ok()) return file.status();
      return OutputWriter(std::move(target), std::move(file.value()), -1, rules.existing);
    }
  }
  return Status::Error(ErrorCode::kInvalidArgument, "cannot write %s", path.c_str());
}

OutputWriter::OutputWriter(OutputTarget target, std::optional<store::AtomicFile> file,
                           int stream_fd, store::ExistingFile existing)
    : target_(std::move(target)),
      file_(std::move(file)),
      stream_fd_(stream_fd),
      existing_(existing) {}

OutputWriter::OutputWriter(OutputWriter&& other) noexcept
    : target_(std::move(other.target_)),
      file_(std::move(other.file_)),
      stream_fd_(std::exchange(other.stream_fd_, -1)),
      existing_(other.existing_) {
  other.file_.reset();
}

OutputWriter::~OutputWriter() {
  if (stream_fd_ > STDERR_FILENO) close(stream_fd_);
}

Status OutputWriter::Write(std::span<const uint8_t> bytes) {
  if (file_.has_value()) return file_->Write(bytes);
  return WriteAll(stream_fd_, bytes, target_.named);
}

Status OutputWriter::Commit() {
  if (file_.has_value()) {
    Status status = file_->Commit(existing_);
    file_.reset();
    return status;
  }
  if (stream_fd_ > STDERR_FILENO && close(std::exchange(stream_fd_, -1)) != 0) {
    return Status::Error(ErrorCode::kIo, "cannot write %s: %s", target_.named.c_str(),
                         std::strerror(errno));
  }
  return Status::Ok();
}

Status WriteOutput(const std::string& path, std::span<const uint8_t> bytes,
                   const OutputRules& rules) {
  ARENASTORE_ASSIGN_OR_RETURN(OutputWriter writer, OutputWriter::Open(path, rules));
  ARENASTORE_RETURN_IF_ERROR(writer.Write(bytes));
  return writer.Commit();
}

Status WriteOutput(const std::string& path, std::string_view text, const OutputRules& rules) {
  return WriteOutput(path, {reinterpret_cast<const uint8_t*>(text.data()), text.size()}, rules);
}

}  // namespace arenastore::cli
