// OpParams: the typed parameters every kernel variant of every op takes, fully lowered
// (shapes resolved, quantization turned into fixed-point multipliers and shifts).
// Built by the planner from its graph and by the runtime from a verified artifact; both must
// build identical params for the same op (tests/runtime checks the round trip).
// Plain trivially-copyable structs with no defaults (they live in a union); pointers refer to
// storage owned by the caller (graph or artifact bytes) and must outlive the params.
// Freestanding, allocation-free. Layouts are NHWC, batch first.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_kind.h"

namespace arenastore::kernels {

// Per-output-channel (count = channels) or per-tensor (count = 1) requantization, as in
// TensorFlow Lite: real_multiplier = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31).
struct Requantization {
  const int32_t* multipliers;
  const int32_t* shifts;
  int32_t count;
};

struct Conv2dParams {
  int32_t batches, input_h, input_w, input_c;
  int32_t filter_h, filter_w;  // filter is [output_c, filter_h, filter_w, input_c / groups]
  int32_t output_h, output_w, output_c;
  int32_t groups;  // input_c / filter's input channels
  int32_t stride_h, stride_w;
  int32_t dilation_h, dilation_w;
  int32_t pad_top, pad_left;  // bottom and right padding are implied by the output size
  int32_t input_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == output_c
};

struct DepthwiseConv2dParams {
  int32_t batches, input_h, input_w, input_c;
  int32_t depth_multiplier;    // output_c == input_c * depth_multiplier
  int32_t filter_h, filter_w;  // filter is [1, filter_h, filter_w, output_c]
  int32_t output_h, output_w, output_c;
  int32_t stride_h, stride_w;
  int32_t dilation_h, dilation_w;
  int32_t pad_top, pad_left;
  int32_t input_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == output_c
};

struct FullyConnectedParams {
  int32_t batches;       // rows of the input (product of all but the last input dim)
  int32_t input_depth;   // accumulation depth
  int32_t output_depth;  // filter is [output_depth, input_depth]
  int32_t input_zero_point, filter_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == 1 or output_depth
};

// out[b] = lhs[b] x rhs[b], with numpy-style broadcasting over up to 3 leading batch dims.
struct BatchMatmulParams {
  int32_t lhs_batch[3], rhs_batch[3];  // leading dims, 1 where absent
  int32_t rows, accum_depth, cols;     // lhs is [rows, accum] (or [accum, rows] if adj_x)
  bool adj_x, adj_y;                   // rhs is [accum, cols] (or [cols, accum] if adj_y)
  int32_t lhs_zero_point, rhs_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  int32_t output_multiplier, output_shift;
};

struct TransposeConv2dParams {
  int32_t batches, input_h, input_w, input_c;
  int32_t filter_h, filter_w;  // filter is [output_c, filter_h, filter_w, input_c]
  int32_t output_h, output_w, output_c;
  int32_t stride_h, stride_w;
  int32_t pad_top, pad_left;
  int32_t input_zero_point, output_zero_point;
  int32_t activation_min, activation_max;
  Requantization requant;  // count == output_c
};

// Shared by average_pool2d and max_pool2d; input and output share scale and zero point.
struct Pool2dParams {
  int32_t batches, input_h, input_w, channels;
  int32_t filter_h, filter_w;
  int32_t output_h, output_w;
  int32_t stride_h, stride_w;
  int32_t pad_top, pad_left;
  int32_t activation_min, activation_max;
};

inline constexpr int kMaxBroadcastRank = 6;

// Shapes right-aligned to kMaxBroadcastRank, 1-padded on the left; broadcasting as numpy.
struct BroadcastShapes {
  int32_t input1[kMaxBroadcastRank];
  int32_t input2[kMaxBroadcastRank];
  int32_t output[kMaxBroadcastRank];
};

struct AddParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;  // offsets are -zero_point
  int32_t left_shift;                                   // 20 for int8, as TensorFlow Lite
  int32_t input1_multiplier, input1_shift;
  int32_t input2_multiplier, input2_shift;
  int32_t output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

struct MulParams {
  BroadcastShapes shapes;
  int32_t input1_offset, input2_offset, output_offset;
  int32_t output_multiplier, output_shift;
  int32_t activation_min, activation_max;
};

// int8 softmax as TensorFlow Lite: output scale 1/256, output zero point -128.
struct SoftmaxParams {
  int32_t outer_size;  // rows
  int32_t depth;       // softmax runs over the last dimension
  int32_t input_multiplier, input_left_shift;
  int32_t diff_min;
};

// A reshape copies bytes unless the planner aliased output onto input (then it does nothing).
struct ReshapeParams {
  int32_t bytes;
};

inline constexpr int kMaxPadRank = 5;

struct PadParams {
  int32_t rank;
  int32_t input_shape[kMaxPadRank];
  int32_t before[kMaxPadRank], after[kMaxPadRank];
  int32_t pad_value;  // the output zero point
};

inline constexpr int kMaxOpInputs = 16;

// int8 concatenation with equal quantization on every input: a byte copy.
struct ConcatenationParams {
  int32_t num_inputs;
  int32_t outer_size;  // product of dims before the axis
  int32_t inner_size;  // product of dims after the axis (element size 1)
  int32_t input_axis_sizes[kMaxOpInputs];
};

struct OpParams {
  OpKind kind;
  union {
    Conv2dParams conv2d;
    DepthwiseConv2dParams depthwise_conv2d;
    FullyConnectedParams fully_connected;
    BatchMatmulParams batch_matmul;
    TransposeConv2dParams transpose_conv2d;
    Pool2dParams pool2d;  // average_pool2d and max_pool2d
    AddParams add;
    MulParams mul;
    SoftmaxParams softmax;
    ReshapeParams reshape;
    PadParams pad;
    ConcatenationParams concatenation;
  };
};

// Tensor data for one op invocation. Inputs in the op's order (e.g. conv2d: input, filter,
// bias-or-nullptr); outputs likewise. Element types follow the op (int8 activations and
// weights, int32 bias).
struct OpOperands {
  const void* inputs[kMaxOpInputs];
  int32_t num_inputs;
  void* output;
};

}  // namespace arenastore::kernels
