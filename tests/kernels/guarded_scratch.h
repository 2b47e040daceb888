// GuardedScratch: runs a kernel with exactly its declared scratch bytes, surrounded by guard
// bytes, and reports whether the kernel wrote outside them and the highest byte it touched.
// Used by every kernel test; the scratch is pre-filled with a pattern so a write of the same
// value is the only way a touch goes unseen (two patterns are tried to close that gap).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace arenastore::kernels::testing {

class GuardedScratch {
 public:
  static constexpr size_t kGuardBytes = 64;

  GuardedScratch(size_t declared_bytes, uint8_t pattern)
      : declared_bytes_(declared_bytes),
        pattern_(pattern),
        storage_(declared_bytes + 2 * kGuardBytes + 16, pattern) {
    // Keep the scratch 16-byte aligned, like planned buffers.
    const auto address = reinterpret_cast<uintptr_t>(storage_.data() + kGuardBytes);
    align_shift_ = (16 - address % 16) % 16;
  }

  std::span<uint8_t> scratch() {
    return {storage_.data() + kGuardBytes + align_shift_, declared_bytes_};
  }

  // True when every guard byte still holds the pattern.
  bool GuardsIntact() const {
    const uint8_t* begin = storage_.data() + align_shift_;
    for (size_t i = 0; i < kGuardBytes; ++i) {
      if (begin[i] != pattern_) return false;
      if (begin[kGuardBytes + declared_bytes_ + i] != pattern_) return false;
    }
    return true;
  }

  // One past the highest scratch byte that no longer holds the pattern (0 if none changed).
  size_t HighestTouchedBytes() const {
    const uint8_t* begin = storage_.data() + kGuardBytes + align_shift_;
    for (size_t i = declared_bytes_; i > 0; --i) {
      if (begin[i - 1] != pattern_) return i;
    }
    return 0;
  }

 private:
  size_t declared_bytes_;
  uint8_t pattern_;
  std::vector<uint8_t> storage_;
  size_t align_shift_ = 0;
};

}  // namespace arenastore::kernels::testing
