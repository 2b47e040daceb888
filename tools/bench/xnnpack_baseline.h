// XNNPACK's int8 operators as the kernel benchmark's outside baseline: QC8 (per-channel)
// convolution for conv2d and depthwise rows, QS8 fully connected for fully connected rows and,
// with the rhs as its constant weights, for the batch matmul row. Weights are packed once at
// creation (outside the timed loop), single-threaded (no thread pool). XNNPACK requantizes in
// float, so its output may differ from ref by one step; MaxAbsDiff reports by how much.
// Compiled against XNNPACK only when CMake found it (ARENASTORE_BENCH_XNNPACK); otherwise
// Create says why there is no baseline. Host-only benchmark code: heap OK.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "tools/bench/kernel_rows.h"

namespace arenastore::bench {

class XnnpackLayer {
 public:
  // Null with `why_not` set when XNNPACK is not built in or refuses the row.
  static std::unique_ptr<XnnpackLayer> Create(const KernelRow& row, std::string* why_not);
  ~XnnpackLayer();
  XnnpackLayer(const XnnpackLayer&) = delete;
  XnnpackLayer& operator=(const XnnpackLayer&) = delete;

  // One inference of the layer on the row's input; false if XNNPACK reports an error.
  bool Run();

  const int8_t* output() const { return output_.int8(); }

 private:
  XnnpackLayer() = default;

  void* op_ = nullptr;  // xnn_operator_t, kept opaque so this header needs no XNNPACK
  Aligned64Bytes output_;
};

// Largest |a[i] - b[i]| over `count` bytes.
int MaxAbsDiff(const int8_t* a, const int8_t* b, size_t count);

}  // namespace arenastore::bench
