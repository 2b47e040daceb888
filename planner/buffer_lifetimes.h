// Buffer lifetimes: turns a scheduled graph and per-op scratch sizes into the buffer requests
// the placement algorithms plan. Called by the compile pipeline.
// Rules: an activation lives from its producer's step to its last consumer's step; graph
// inputs are live from step 0, graph outputs until the last step (the caller writes inputs
// before Invoke and reads outputs after); a scratch buffer lives only during its operator;
// a tensor that aliases another (planner/aliasing.h: a reshape's or a contiguous part's output,
// an input a concatenation gathers) shares that one's buffer at an offset (one buffer, the union
// of their lifetimes); an output written over its input (planner/exec_forms.h) keeps a buffer of
// its own, tied to its input's (planner/buffer_ties.h) where the form puts it, so each keeps
// only its own lifetime; a variable (state) tensor lives through every step and is pinned to the
// state pool, never shared, aligned to its element size so the pool holds exactly its bytes.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "kernels/exec_form.h"
#include "planner/aliasing.h"
#include "planner/graph.h"
#include "planner/memory_plan.h"

namespace arenastore::planner {

struct BufferAssignment {
  std::vector<BufferRequest> buffers;
  std::vector<int32_t> buffer_of_tensor;       // -1 for constants and unused tensors
  std::vector<size_t> offset_in_buffer_bytes;  // per tensor: 0 unless it aliases part of one
  std::vector<int32_t> scratch_buffer_of_op;   // -1 when the op needs no scratch
  // False when an op's form could not be tied (its input and output already share a unit);
  // CheckTies (planner/buffer_ties.h) judges the ties made.
  bool ties_hold = true;
};

// Pools some buffers must go in; -1 where the plan has no such pool.
struct PinnedPools {
  int32_t io = -1;     // graph inputs and outputs
  int32_t state = -1;  // variable tensors; required when the graph has any
};

// `scratch_bytes[i]` is op i's scratch need; `keep_alias`, when set, decides each alias
// (planner/aliasing.h) the graph allows; `forms` (empty: all whole) are the ops' execution forms
// (planner/exec_forms.h): an output written over its input is tied to that input's buffer.
BufferAssignment AssignBuffers(const Graph& graph, const std::vector<size_t>& scratch_bytes,
                               PinnedPools pinned, const AliasFilter& keep_alias = nullptr,
                               std::span<const kernels::ExecForm> forms = {});

// Ties tensor `in`'s buffer to tensor `out`'s so that out's first byte lies `out_from_in_bytes`
// from in's (negative: before it): an output written over its input, by an op's form or a row
// stage (planner/row_stages.h). False when the two already share a unit (or a buffer).
bool TieOutputToInput(int32_t in, int32_t out, int64_t out_from_in_bytes,
                      BufferAssignment* assignment);

}  // namespace arenastore::planner
