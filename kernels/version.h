// The kernel library's version. Artifacts record the version they were planned against and
// the gate compares it with this one. Any change to any scratch_bytes() function must bump
// it (tests/ops/scratch_size_golden_test.cc fails otherwise): major when an existing size
// grows (old artifacts may now be rejected), minor when sizes shrink or ops are added.
// 1.3.0: the x86_avx2 and x86_avx512vnni variants size their own scratch (until 1.2.0 those
// ISAs ran, and sized, ref) and add mul; no existing variant's size changed.
// 1.4.0: x86 max_pool2d, pad and concatenation variants (no scratch, as ref); x86
// transpose_conv2d gathers per output pixel and needs less scratch; no size grew.
// 1.5.0: the nine int8 table-lookup ops (ops/op_list.h, ids 13-21; one
// shared table-lookup kernel, no scratch); kernels keyed by dtype; no existing size changed.
// 1.6.0: ops 22-48 (sub through select_v2: elementwise, data movement, reductions,
// comparisons, resizes), ref kernels; no existing size changed.
// 1.7.0: ops 49-58 (split, add_n, div, cumsum, log_softmax, gather, dynamic_update_slice, fill,
// zeros_like, shape), ref kernels without scratch; operators may have several outputs; pad
// takes any constant value; no existing size changed.
// 1.8.0: ops 59-62 (dequantize, quantize_float, requantize, cast): conversions between int8,
// int16, int32 and float32, ref kernels without scratch; softmax may write int16; no existing
// size changed.
// 1.9.0: average_pool2d/ref needs no scratch (it had an int32 per channel): it sums each
// channel's window from the input, as TensorFlow Lite Micro's reference does. Only shrinks: old
// plans are accepted with a warning that the bytes can be reclaimed.
// 1.10.0: svdf (ref), TensorFlow Lite's SVDF with int8 or int16 state; its scratch is one int32
// per (batch, filter) and per (batch, unit), as TensorFlow Lite Micro's. int16 (ref) rows for
// the ops that move or compare elements, without scratch. No other size changed.
// 1.11.0: unidirectional_sequence_lstm (ref), TensorFlow Lite's UNIDIRECTIONAL_SEQUENCE_LSTM with
// int8 or int16 activations and an int16 cell; its scratch is four int16 buffers of batches x
// units, as TensorFlow Lite Micro's. No other size changed.
// 1.12.0: int16 (16x8) ref rows for the arithmetic ops: conv2d, depthwise_conv2d,
// fully_connected, transpose_conv2d (its scratch: int64 accumulators for one output image per
// batch, as TensorFlow Lite Micro's int16 kernel), batch_matmul, add, sub, mul,
// squared_difference, prelu, abs, rsqrt, the pools, mean, sum, the relu family, logistic, tanh and
// softmax; all but transpose_conv2d without scratch. No existing size changed.
// 1.13.0: fully_connected/arm_mve needs no scratch (it had an int32 per output: the weight rows'
// sums, now taken in the pass that reads the rows). Only shrinks: old arm_mve plans are accepted
// with a warning that the bytes can be reclaimed.
// 1.14.0: the over-input form (kernels/exec_form.h) of conv2d/ref (pointwise, input_c bytes) and
// depthwise_conv2d/ref (multiplier 1, one input plane); whole forms size as before.
// 1.15.0: over-input forms of pad/ref (int8; the output ends at the input's last byte),
// quantize_float/ref (to int8), and add, sub and mul/ref (first input not broadcast), none with
// scratch; conv2d/ref's form also runs any conv of one image with no more output than input
// bytes row by row (scratch: a ring of input rows and one output row). Whole forms unchanged.
// 1.16.0: depthwise_conv2d/ref's over-input form walks the output pixel by pixel with no scratch
// when its padding is below its stride and its output row no wider than its input row (stride-2
// "same" and "valid" layers); other layers keep the one-plane copy. conv2d/ref's pointwise form
// copies an input pixel of at most 64 channels to the stack (no scratch). Only shrinks.
// 1.17.0: the planner folds an int8 fully connected layer's weight-only terms (input zero point
// times each weight row's sum) into a bias the artifact carries (FullyConnectedOptions
// .folded_bias); fully_connected/arm_mve adds it instead of summing weight rows on every Invoke.
// Older artifacts lack it and run as before. No size changed.
// 1.18.0: the over-input form (first input not broadcast, no scratch) on every variant of add
// (arm_dsp, arm_mve, x86_avx2, x86_avx512vnni), sub and mul (x86_avx2, x86_avx512vnni): each reads
// an element just before writing that position. Whole forms unchanged.
// 1.19.0: conv2d and depthwise_conv2d on arm_dsp and arm_mve borrow ref's over-input form (its
// kernel and size function), which the planner takes only where a plan must shrink to fit its
// pools. Whole forms unchanged.
// 1.20.0: depthwise_conv2d/arm_mve needs no scratch (it kept the block buffer of its earlier
// gathering kernel, which the direct kernel never touched: 4,464 B at a 3x3 layer, on the peak
// of kws and vww). Only shrinks: old arm_mve plans are accepted with a warning that the bytes can
// be reclaimed.
#pragma once

#include <cstdint>

namespace arenastore::kernels {

struct LibraryVersion {
  uint16_t major;
  uint16_t minor;
  uint16_t patch;
};

inline constexpr LibraryVersion kLibraryVersion = {1, 20, 0};

}  // namespace arenastore::kernels
