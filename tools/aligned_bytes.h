// AlignedBytes: an owned byte buffer whose start is 16-byte aligned, as the artifact view
// requires (constants are force-aligned to 16 inside the file). Used by the CLI to hold
// artifacts read from files and pool buffers for `run`. Heap-backed; movable, not copyable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"

namespace arenastore::cli {

class AlignedBytes {
 public:
  AlignedBytes() = default;
  explicit AlignedBytes(size_t size) : blocks_((size + 15) / 16), size_(size) {}
  AlignedBytes(AlignedBytes&&) = default;
  AlignedBytes& operator=(AlignedBytes&&) = default;

  uint8_t* data() { return reinterpret_cast<uint8_t*>(blocks_.data()); }
  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(blocks_.data()); }
  size_t size() const { return size_; }
  std::span<uint8_t> span() { return {data(), size_}; }
  std::span<const uint8_t> span() const { return {data(), size_}; }

 private:
  struct alignas(16) Block {
    uint8_t bytes[16];
  };
  std::vector<Block> blocks_;
  size_t size_ = 0;
};

// Reads a whole file; kNotFound / kIo name the path and what to do. (Writing: output_file.h.)
Result<AlignedBytes> ReadFileAligned(const std::string& path);

}  // namespace arenastore::cli
