// The kernel benchmark's layer table: the NHWC batch-1 shapes issue #6 is judged on (KWS
// DS-CNN, MobileNet-v1-0.25 @96, ResNet-8, fully connected, batch matmul), each lowered to the
// kernels' OpParams with seeded int8 data and TensorFlow Lite fixed-point requantization, plus
// the float scales that make XNNPACK compute the same layer. Used by kernel_bench.cc and
// xnnpack_baseline.cc. Host-only benchmark code: heap OK; a row owns everything its params
// point to, so rows are built once and never copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "kernels/op_params.h"

namespace arenastore::bench {

// A byte buffer whose start is 64-byte aligned (a cache line, a zmm load), with 64 readable
// bytes past its end: XNNPACK reads up to XNN_EXTRA_BYTES beyond an input.
class Aligned64Bytes {
 public:
  Aligned64Bytes() = default;
  explicit Aligned64Bytes(size_t size) : blocks_(size / sizeof(Block) + 2), size_(size) {}

  uint8_t* data() { return blocks_.empty() ? nullptr : blocks_[0].bytes; }
  const uint8_t* data() const { return blocks_.empty() ? nullptr : blocks_[0].bytes; }
  int8_t* int8() { return reinterpret_cast<int8_t*>(data()); }
  const int8_t* int8() const { return reinterpret_cast<const int8_t*>(data()); }
  size_t size() const { return size_; }
  std::span<uint8_t> span() { return {data(), size_}; }

 private:
  struct alignas(64) Block {
    uint8_t bytes[64];
  };
  std::vector<Block> blocks_;
  size_t size_ = 0;
};

struct KernelRow {
  std::string name;   // "resnet8/conv3x3_16to16_32x32", used in benchmark names
  std::string shape;  // human description for the summary table
  kernels::OpParams params{};
  int64_t macs = 0;  // multiply-accumulates one call performs

  Aligned64Bytes input;   // conv/depthwise/fc input, or batch matmul lhs
  Aligned64Bytes filter;  // filter, or batch matmul rhs
  std::vector<int32_t> bias;
  std::vector<int32_t> multipliers, shifts;
  size_t output_bytes = 0;

  // What XNNPACK needs to compute the same layer: real multiplier of channel c =
  // input_scale * filter_scales[c] / output_scale (one entry when per tensor).
  float input_scale = 0, output_scale = 0;
  std::vector<float> filter_scales;

  KernelRow() = default;
  KernelRow(const KernelRow&) = delete;
  KernelRow& operator=(const KernelRow&) = delete;

  // The kernels' operand list for this row, writing to `output`.
  kernels::OpOperands Operands(int8_t* output) const;
};

// Every row of the table, in its order.
std::vector<std::unique_ptr<KernelRow>> BuildKernelRows();

}  // namespace arenastore::bench
