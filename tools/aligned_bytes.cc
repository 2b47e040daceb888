#include "tools/aligned_bytes.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace arenastore::cli {

Result<AlignedBytes> ReadFileAligned(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return Status::Error(ErrorCode::kInvalidArgument, "%s is a directory, expected a file",
                         path.c_str());
  }
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    const int saved = errno;
    return Status::Error(saved == ENOENT ? ErrorCode::kNotFound : ErrorCode::kIo,
                         "cannot open %s: %s; check the path", path.c_str(), std::strerror(saved));
  }
  std::fseek(file, 0, SEEK_END);
  const long size = std::ftell(file);
  std::fseek(file, 0, SEEK_SET);
  if (size < 0) {
    std::fclose(file);
    return Status::Error(ErrorCode::kIo, "cannot size %s", path.c_str());
  }
  AlignedBytes bytes(static_cast<size_t>(size));
  const size_t read = size == 0 ? 0 : std::fread(bytes.data(), 1, bytes.size(), file);
  std::fclose(file);
  if (read != bytes.size()) {
    return Status::Error(ErrorCode::kIo, "short read on %s (%zu of %zu bytes)", path.c_str(), read,
                         bytes.size());
  }
  return bytes;
}

}  // namespace arenastore::cli
