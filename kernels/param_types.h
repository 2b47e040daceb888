// The parameter types several operators share: fixed-point requantization, numpy-style
// broadcast shapes and 2-D pooling windows, and the operand limits every op keeps.
// Included by the ops' own headers (ops/<op>/<op>.h) and by kernels/op_params.h. Plain
// trivially-copyable structs with no defaults (they live in the OpParams union); pointers refer to
// storage owned by the caller. Freestanding, allocation-free. Layouts are NHWC, batch first.
#pragma once

#include <cstddef>
#include <cstdint>

// ARENASTORE_CORTEX_M_BYTES(Conv2dParams, 96): a params struct's size on a 32-bit Cortex-M,
// declared by the op's unit beside its arity. A host reports the runtime RAM of a device build
// with it (runtime/device_ram.h: the params union holds only the ops a build selects); every Arm
// build holds it true, so a struct that changes without it fails to compile for the device.
#if defined(__arm__)
#define ARENASTORE_CORTEX_M_BYTES(Type, bytes)           \
  static_assert(sizeof(Type) == (bytes), #Type           \
                " changed size on Cortex-M: "            \
                "update its ARENASTORE_CORTEX_M_BYTES"); \
  inline constexpr size_t k##Type##CortexMBytes = (bytes)
#else
#define ARENASTORE_CORTEX_M_BYTES(Type, bytes) \
  inline constexpr size_t k##Type##CortexMBytes = (bytes)
#endif

namespace arenastore::kernels {

inline constexpr int kMaxOpInputs = 16;
inline constexpr int kMaxOpOutputs = 16;

// How many inputs an operator takes, declared once in its unit (ops/<op>/<op>.h) and used by the
// graph's validation, the runtime's operand rules and the kernel registry's adapters. Inputs past
// min_inputs are optional; `absent_allowed`: an optional input may be given as absent (-1), as a
// convolution's bias may. `max_outputs`: an op has 1 to max_outputs outputs (split's parts).
struct OpArity {
  int8_t min_inputs, max_inputs;
  bool absent_allowed;
  int8_t max_outputs = 1;
};

// Per-output-channel (count = channels) or per-tensor (count = 1) requantization, as in
// TensorFlow Lite: real_multiplier = multiplier * 2^(shift - 31), multiplier in [2^30, 2^31).
struct Requantization {
  const int32_t* multipliers;
  const int32_t* shifts;
  int32_t count;
};

inline constexpr int kMaxBroadcastRank = 6;

// Shapes right-aligned to kMaxBroadcastRank, 1-padded on the left; broadcasting as numpy.
struct BroadcastShapes {
  int32_t input1[kMaxBroadcastRank];
  int32_t input2[kMaxBroadcastRank];
  int32_t output[kMaxBroadcastRank];
};

// The window of average_pool2d and max_pool2d; input and output share scale and zero point.
struct Pool2dParams {
  int32_t batches, input_h, input_w, channels;
  int32_t filter_h, filter_w;
  int32_t output_h, output_w;
  int32_t stride_h, stride_w;
  int32_t pad_top, pad_left;
  int32_t activation_min, activation_max;
};

// An int8 elementwise op run as a lookup: output[i] = table[input[i] + 128]. The int8 unary ops
// (the ops of ops/op_list.h whose options table is TableLookupOptions) lower to it: the planner
// builds the 256 entries on the host
// from TensorFlow Lite Micro's reference arithmetic, so every device runs them bit-exactly with
// one shared kernel (kernels/table_lookup.h). The table points into the artifact's options.
struct TableLookupParams {
  const int8_t* table;  // 256 entries, indexed by input + 128
  int32_t elements;
};
ARENASTORE_CORTEX_M_BYTES(TableLookupParams, 8);

}  // namespace arenastore::kernels
