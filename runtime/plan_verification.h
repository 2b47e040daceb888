// Plan verification: the runtime's own check of the memory plan an artifact carries, whatever
// planner wrote it. Called last by ArtifactView::Create (so every view, hence inspect, check,
// run, push and the executor, refuses a tampered plan). Invariant afterwards: no kernel reads a tensor no one
// wrote, and no kernel's output or scratch clobbers a byte another live tensor still holds.
// Freestanding: no heap; its working memory is a bounded array on the stack.
#pragma once

#include "base/status.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// For an artifact whose indices, tensors, pools, scratch entries and operators passed the other
// checks of ValidateArtifact. Lifetimes are recomputed from the operator order (as the planner's
// buffer lifetimes define them: a tensor lives from the step of the operator that writes it to
// the step of its last reader; graph inputs and state variables from before the first operator,
// graph outputs and state variables to after the last; an operator's scratch during its step),
// never read from the artifact. Checks:
//   - every tensor an operator reads is a constant, a graph input, a state variable or the output
//     of an earlier operator; no tensor is written by two operators, nor is a graph input or a
//     state variable an operator's output; every graph output is written;
//   - no two pool tensors or scratch buffers share a byte of one pool at a step where both are
//     live, unless both lie in one alias chain exactly where the kernels find them in place
//     (planner/aliasing.h: a reshape's output at its input's offset, a contiguous split or slice
//     part inside its input, a concatenation's or pack's input inside its output where the
//     kernel would copy it); the artifact records no aliases, so they are recognised by
//     position, each link checked against the operator's lowered params.
// Cost: O(e) for the lifetimes and O(n log n) for an in-place heap sort by offset, then a sweep
// over the sorted buffers holding only those that cover the current offset (e operand slots, n
// buffers). An artifact with more buffers than the array holds is checked a block pair at a
// time (quadratic in the number of blocks). Errors: kFormatInvalidField naming both buffers
// (index and name), their pool and the operator at whose step they collide, or the operator and
// the tensor it reads before it is written; WithOp/WithTensor/WithPool set.
Status VerifyPlan(const schema::Artifact& artifact);

// The same, holding at most `entries` buffers at once (rounded to an even number in [2, the
// build's]): tests run the block-pair path a device takes on artifacts a host checks in one pass.
Status VerifyPlanInBlocks(const schema::Artifact& artifact, int32_t entries);

}  // namespace arenastore::runtime
