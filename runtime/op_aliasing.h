// What an operator declares about its tensors sharing bytes (RuntimeOp::aliasing, set in its
// runtime unit): whether its outputs alias its input or its inputs lie inside its output, and
// where such a part starts in its whole. The planner places tensors by it (planner/aliasing.cc)
// and the runtime's plan verification checks a placement against it, both through the generated
// table (RuntimeOpOf), so neither names an operator. Freestanding, constant data.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_params.h"

namespace arenastore::runtime {

// When outputs of ops of this kind alias their (activation) input.
enum class InputAliasing : uint8_t {
  kNever,
  kAlways,          // reshape (squeeze and expand_dims import as reshape)
  kWhenContiguous,  // split and unpack with nothing before the axis; slices of one run
  kGathersInputs,   // concatenation and pack with nothing before the axis: inputs in the output
};

struct OpAliasing {
  InputAliasing when = InputAliasing::kNever;
  // kWhenContiguous: the byte offset where output `part` starts in the input; kGathersInputs:
  // where input `part` starts in the output; -1 when that part is not one contiguous run of its
  // whole. Counted in bytes for either element width (the kernels that move parts count bytes).
  // Null for kNever and kAlways.
  int64_t (*part_start)(const kernels::OpParams& params, size_t part) = nullptr;
};

}  // namespace arenastore::runtime
