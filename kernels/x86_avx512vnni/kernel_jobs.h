// The hand-off between the portable entry files of the x86_avx512vnni variant (size functions,
// parameter checks, scratch layout; compiled for any target) and its *_kernel.cc files
// (intrinsics, compiled with -mavx512f -mavx512bw -mavx512vl -mavx512vnni, x86-64 only). Only
// plain structs and declarations live here, so no inline function is ever compiled with
// AVX-512 flags in one file and picked by the linker for another. Params are already checked and
// the scratch is at least the size function's bytes. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_params.h"
#include "kernels/x86_common/broadcast_rows.h"
#include "kernels/x86_common/conv_window.h"
#include "kernels/x86_common/depthwise_window.h"
#include "kernels/x86_common/requant_table.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

inline constexpr int32_t kLanes = 16;  // int32 lanes of a zmm register

// conv2d: requant table, packed weights, k-group offsets and the padded-row ring, in scratch.
struct Conv2dLayout {
  x86::ConvWindow window;
  int32_t blocks_per_group;  // 16-channel blocks per group's filters
  int32_t kgroups;           // 4-byte groups per output pixel window
  int32_t row_bytes;         // one padded row: padded_w * input_c bytes
  size_t table_offset, weights_offset, offsets_offset, ring_offset, total_bytes;
};

struct Conv2dJob {
  const Conv2dParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
  uint8_t* scratch;
  Conv2dLayout layout;
  x86::RequantTable table;
};

void RunConv2d(const Conv2dJob& job);

// depthwise_conv2d: requant table and expanded weights for one period of lanes, tap offsets,
// the padded-row ring (int32 per output channel), in scratch.
struct DepthwiseConv2dLayout {
  x86::DepthwiseWindow window;
  int32_t row_elems;  // int32 per padded row: padded_w * output_c
  size_t table_offset, weights_offset, offsets_offset, ring_offset, total_bytes;
};

struct DepthwiseConv2dJob {
  const DepthwiseConv2dParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
  uint8_t* scratch;
  DepthwiseConv2dLayout layout;
  x86::RequantTable table;
};

void RunDepthwiseConv2d(const DepthwiseConv2dJob& job);

// fully_connected: no scratch; each block of 16 output channels builds its requantization
// constants on the stack.
struct FullyConnectedJob {
  const FullyConnectedParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
};

void RunFullyConnected(const FullyConnectedJob& job);

// transpose_conv2d: int32 accumulators for one image (as ref), the filter packed as int16 pairs
// [tap][block of output channels][input channel pair][lane][2], one centred input pixel and the
// requant table, in scratch.
struct TransposeConv2dLayout {
  int32_t blocks;  // output channel blocks of one vector
  int32_t kpairs;  // input channel pairs
  size_t acc_offset, weights_offset, pixel_offset, table_offset, total_bytes;
};

struct TransposeConv2dJob {
  const TransposeConv2dParams* params;
  const int8_t* input;
  const int8_t* filter;
  const int32_t* bias;
  int8_t* output;
  uint8_t* scratch;
  TransposeConv2dLayout layout;
  x86::RequantTable table;
};

void RunTransposeConv2d(const TransposeConv2dJob& job);

// average_pool2d: no scratch; window sums of a vector of channels stay in registers. Params are
// checked (no window lies entirely in padding).
struct AveragePool2dJob {
  const Pool2dParams* params;
  const int8_t* input;
  int8_t* output;
};

void RunAveragePool2d(const AveragePool2dJob& job);

// add: no scratch; rows of the broadcast (x86_common/broadcast_rows.h), a vector at a time.
struct AddJob {
  const AddParams* params;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
  x86::BroadcastRows rows;
};

void RunAdd(const AddJob& job);

// mul: no scratch; rows of the broadcast, a vector at a time, like add.
struct MulJob {
  const MulParams* params;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
  x86::BroadcastRows rows;
};

void RunMul(const MulJob& job);

}  // namespace arenastore::kernels::x86_avx512vnni::internal
