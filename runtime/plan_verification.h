// Plan verification: the runtime's own check of the memory plan an artifact carries, whatever
// planner wrote it. Called last by ArtifactView::Create, so everything that opens an artifact
// refuses a tampered plan. Invariant afterwards: no kernel reads a tensor no one wrote, and no
// output or scratch clobbers a byte another live tensor still holds. No heap: its working
// memory is the caller's unbound arena or a bounded array on the stack.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

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
//     position, each link checked against the operator's lowered params; or an operator's output
//     written over its first input (form OVER_INPUT): where the form puts it (at the input's first
//     byte, or ending at its last when larger), the input read by no later operator (nor a graph
//     output), so the two meet at that step only.
// Cost, in one pass: O(e) for the lifetimes and O(n log n) for an in-place heap sort by offset,
// then a sweep over the sorted buffers holding only those that cover the current offset (e
// operand slots, n pool buffers: activations, state and non-empty scratch; constants take no
// part). The sweep compares each buffer with those sharing its first byte, which in a valid
// plan are only buffers whose lifetimes do not meet (a planner's reuse of bytes). One pass
// needs 12 B of working memory per tensor and operator (PlanProofOnePassBytes): the
// `workspace`, when the caller hands bytes it has not bound yet (a device's arena before the
// executor takes it; they are overwritten), else a bounded array on the stack (1024 entries on
// a host, 8 on a device, whose frame budget is 2 KiB). An artifact with more pool buffers than
// that is checked a block pair at a time: quadratic in the number of blocks. Errors:
// kFormatInvalidField naming both buffers (index and name), their pool and the operator at
// whose step they collide, or the operator and the tensor it reads before it is written;
// WithOp/WithTensor/WithPool set.
Status VerifyPlan(const schema::Artifact& artifact, std::span<uint8_t> workspace = {});

// Workspace bytes that let VerifyPlan check `artifact` in one pass, whatever its alignment.
size_t PlanProofOnePassBytes(const schema::Artifact& artifact);

// The same without a workspace, holding at most `entries` buffers at once (rounded to an even
// number in [2, the build's]): tests run the block-pair path a device takes on artifacts a host
// checks in one pass.
Status VerifyPlanInBlocks(const schema::Artifact& artifact, int32_t entries);

}  // namespace arenastore::runtime
