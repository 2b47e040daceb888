// Which tensors share another's bytes: an output that is its input under another shape or one
// contiguous part of it (reshape, split, slice), and an input a concatenation or pack gathers as
// one contiguous part of its output (its producer writes it there). No copy, no arena bytes of
// their own. Each op's runtime unit declares which of these it allows (runtime/op_aliasing.h),
// so the plan the runtime verifies and the plan made here follow one rule; nothing here names an
// op. Read by the planner's buffer lifetimes and schedule (they must agree) and by the operator
// table (`arenastore kernels --markdown`); the kernels find such parts in place and copy nothing.
// Host-only, pure.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "kernels/op_kind.h"
#include "planner/graph.h"
#include "runtime/op_aliasing.h"

namespace arenastore::planner {

using runtime::InputAliasing;

// When outputs of ops of this kind alias their input, as the op's runtime unit declares it
// (RuntimeOp::aliasing); kNever for a value outside the operator list or one this build lacks.
InputAliasing AliasingOf(kernels::OpKind kind);

// The byte offset inside the op's first input where output `output` lies, when it aliases it
// (the input an activation, the output of its type: the kernels that move parts count bytes, so
// int8 and int16 alike); nullopt when the op writes the output into bytes of its own.
std::optional<size_t> OutputOffsetInInput(const Graph& graph, size_t op_index, size_t output);

// Whether every output of the op aliases its input (it adds no arena bytes).
bool OutputsAliasInput(const Graph& graph, size_t op_index);

// The byte offset inside the op's output where input `input` lies, when a concatenation or pack
// may have that input's producer write it there (an activation produced by an op, not a graph
// input; of the output's type); nullopt otherwise.
std::optional<size_t> InputOffsetInOutput(const Graph& graph, size_t op_index, size_t input);

// Whether `tensor` may lie inside `host`'s bytes from `offset_bytes` on (re-planning keeps only
// the aliases an artifact was planned with: one planned before an alias existed placed apart).
using AliasFilter = std::function<bool(int32_t tensor, int32_t host, size_t offset_bytes)>;

// Per tensor, the tensor that owns its bytes (itself unless it aliases) and its byte offset in
// them, after every alias the graph allows and `keep` accepts. A tensor aliases at most one
// host: an output inside its input first, then a gathered input inside its (first) consumer's
// output, once. (An output written over its input, planner/exec_forms.h, keeps bytes of its
// own: its buffer is tied to its input's, planner/buffer_lifetimes.h.)
struct AliasRoots {
  std::vector<int32_t> root;
  std::vector<size_t> offset_bytes;
};
AliasRoots FindAliasRoots(const Graph& graph, const AliasFilter& keep = nullptr);

}  // namespace arenastore::planner
