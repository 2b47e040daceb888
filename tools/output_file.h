// Every file the CLI writes goes through here, so every verb is safe to point at any path:
// regular files atomically, symlinks written through, FIFOs and character devices streamed to,
// `-` as stdout where a verb allows it; an error or Ctrl-C never leaves part of a file. Called
// by compile, pull, run, export, inspect, audit and key generate. Heap OK. Errors:
// kInvalidArgument (a target that cannot be written), kIo (the system's reason, naming the path).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/atomic_file.h"

namespace arenastore::cli {

// Where `path` leads, and how it is written:
//   - a regular file (new or existing): a unique temporary beside it, fsync, rename, fsync of
//     the directory (store/atomic_file.h); the user's own `x.tmp` is never touched;
//   - a symlink: followed (every hop), its target replaced atomically; the link stays;
//   - a FIFO or character device (a pipe, /dev/null): streamed to, since it cannot be renamed
//     over; a directory, block device or socket: refused, saying what it is;
//   - `-`: stdout, where the rules allow it.
struct OutputRules {
  bool stdout_allowed = false;     // `-` means stdout
  bool stdout_holds_json = false;  // ... except that --json's document is printed there
  store::ExistingFile existing = store::ExistingFile::kReplace;
  // The new file's permissions; unset: an existing file's own, else 0666 minus the umask.
  std::optional<mode_t> mode;
};

enum class OutputKind { kStdout, kRegularFile, kStream };

struct OutputTarget {
  OutputKind kind = OutputKind::kRegularFile;
  std::string named;  // as the user gave it
  std::string path;   // where the bytes go: every symlink resolved
  mode_t mode = 0;    // for a regular file
};

// The rules of an output a user may pipe on: `-` is stdout unless --json prints there.
OutputRules StreamableOutput(bool json);

// Where `path` would be written, and whether it can be, without writing anything: verbs that
// change the store first (audit --fix, audit --html) call this before they do.
Result<OutputTarget> ResolveOutput(const std::string& path, const OutputRules& rules = {});

Status WriteOutput(const std::string& path, std::span<const uint8_t> bytes,
                   const OutputRules& rules = {});
Status WriteOutput(const std::string& path, std::string_view text, const OutputRules& rules = {});

// The streaming form, for content produced piece by piece: Open, Write..., Commit. A regular
// file appears only at Commit; destroying an uncommitted writer leaves nothing behind.
class OutputWriter {
 public:
  static Result<OutputWriter> Open(const std::string& path, const OutputRules& rules = {});

  OutputWriter(OutputWriter&& other) noexcept;
  OutputWriter& operator=(OutputWriter&&) = delete;
  OutputWriter(const OutputWriter&) = delete;
  OutputWriter& operator=(const OutputWriter&) = delete;
  ~OutputWriter();

  Status Write(std::span<const uint8_t> bytes);
  Status Commit();

  const OutputTarget& target() const { return target_; }

 private:
  OutputWriter(OutputTarget target, std::optional<store::AtomicFile> file, int stream_fd,
               store::ExistingFile existing);

  OutputTarget target_;
  std::optional<store::AtomicFile> file_;  // regular files
  int stream_fd_ = -1;                     // FIFOs and character devices; 1 for stdout
  store::ExistingFile existing_ = store::ExistingFile::kReplace;
};

inline bool IsStdout(std::string_view path) { return path == "-"; }

}  // namespace arenastore::cli
