// Which operators' outputs alias their input: the same bytes under another shape, or one
// contiguous part of them, so no copy and no arena bytes of their own. Read by the planner's
// buffer lifetimes and schedule (they must agree) and by the operator table (`arenastore kernels
// --markdown`). The kernels find such outputs in place and copy nothing. Host-only, pure.
#pragma once

#include <cstddef>
#include <optional>

#include "kernels/op_kind.h"
#include "planner/graph.h"

namespace arenastore::planner {

// When outputs of ops of this kind alias their (activation) input.
enum class InputAliasing {
  kNever,
  kAlways,          // reshape (squeeze and expand_dims import as reshape)
  kWhenContiguous,  // split and unpack with nothing before the axis; slices of one run
};

constexpr InputAliasing AliasingOf(kernels::OpKind kind) {
  if (kind == kernels::OpKind::kReshape) return InputAliasing::kAlways;
  if (kind == kernels::OpKind::kSplit || kind == kernels::OpKind::kSlice ||
      kind == kernels::OpKind::kStridedSlice) {
    return InputAliasing::kWhenContiguous;
  }
  return InputAliasing::kNever;
}

// The byte offset inside the op's first input where output `output` lies, when it aliases it
// (the input an activation, the output of a 1-byte type: the kernels that move parts are int8);
// nullopt when the op writes the output into bytes of its own.
std::optional<size_t> OutputOffsetInInput(const Graph& graph, size_t op_index, size_t output);

// Whether every output of the op aliases its input (it adds no arena bytes).
bool OutputsAliasInput(const Graph& graph, size_t op_index);

}  // namespace arenastore::planner
