// Row stages as an artifact records them (format 1.4, Artifact.stages): reading, validating and
// sizing them for the validation, the plan proof, the gate and the executor, which runs each one
// with runtime/row_stage.h. Freestanding, never allocates; errors are kFormatInvalidField naming
// the stage and op ("stage 0 op 2 (pad, operators[5]): ...").
//
// What ValidateStages proves of every stage s, with first_op f, op_count n, strip_rows r:
//   1. 2 <= n <= kMaxStageOps, f >= 0, f + n <= the operator count, and stages come in operator
//      order without overlapping.
//   2. Chain: op k (f < k < f + n) reads op k-1's outputs[0] as its inputs[0]; every stage op has
//      one output, and every other input of it is absent or a constant.
//   3. Each inner tensor (outputs[0] of every stage op but the last) is read by the next stage op
//      alone, and is no graph input or output and no state variable.
//   4. Every stage op has a row-strip unit accepting its params (one image, form whole), and
//      1 <= r <= the last op's output rows.
//   5. An inner tensor keeps its whole shape (its op's params are lowered from it) while its
//      `bytes` equal exactly what the largest strip writes to it (RowStageInnerBytes); that is
//      the one activation whose bytes are not its shape's.
// A stage op's scratch entry holds the most any strip of it takes on the planned variant; the
// gate, not validation, compares it with the runtime's variant (StageOpScratchBytes).
//
// Linking: artifact validation, the plan proof and the gate reach IsStageInnerTensor,
// ValidateStages, WidenStageLifetimes, StageWritesOverInput and StageOpScratchBytes through weak
// references. The
// executor calls this file, so every image that executes links it, and a host always does
// (artifact_validation.cc holds a strong reference there: host tools and tests validate stage
// artifacts without executing them). A device image that only judges (the gate-only firmware,
// whose code budget is 16 KiB) does not link it, and refuses an artifact with stages as a 1.3
// reader does, on its first inner tensor's bytes (the message says only a runtime built with row
// stages takes them).
#pragma once

#include <cstddef>
#include <cstdint>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "runtime/row_stage.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// Stages in the artifact (0 without the field).
inline int32_t StageCount(const schema::Artifact& artifact) {
  return artifact.stages() == nullptr ? 0 : static_cast<int32_t>(artifact.stages()->size());
}

// Stage `s` (0 <= s < StageCount). Inline, like StageCount: the plan proof reads stages without
// linking this file (see Linking above).
inline const schema::RowStage& StageAt(const schema::Artifact& artifact, int32_t s) {
  return *artifact.stages()->Get(static_cast<flatbuffers::uoffset_t>(s));
}

// The stage whose first op is `op_index`, or -1 (valid artifacts only).
int32_t StageStartingAt(const schema::Artifact& artifact, int32_t op_index);

// The stage holding `op_index`, or -1 (valid artifacts only).
int32_t StageHolding(const schema::Artifact& artifact, int32_t op_index);

// Whether tensor `t` is an inner tensor of some stage. Safe on an artifact not yet validated
// (indices out of range make it false): validation asks it before the operators are checked.
bool IsStageInnerTensor(const schema::Artifact& artifact, int32_t t);

// Proves invariants 1-5 above; runs after every tensor and operator passed validation. A failure
// is *status, as ValidateArtifact's other steps report it.
StatusRef ValidateStages(const schema::Artifact& artifact, Status* status);

// The plan proof's lifetimes under row stages (valid artifacts only). A stage's strips
// interleave its ops, so its input is read until the stage's last step, its output is written
// from its first, and each op's scratch is live across the whole stage; an inner tensor keeps
// its producer-to-reader lifetime, as strips run in order and each reads its inner rows before
// the next strip writes them. With these the proof's pairwise check refuses an output over its
// stage's input unless StageWritesOverInput allows it. Calls `widen(proof, item, first_step, last_step)` to
// make an item's lifetime cover those steps: items are tensor indices, and tensor count + op
// index for an op's scratch.
void WidenStageLifetimes(const schema::Artifact& artifact,
                         void (*widen)(void* proof, int32_t item, int32_t first_step,
                                       int32_t last_step),
                         void* proof);

// Whether tensor `output` may share bytes with tensor `input` as the artifact places them: they
// are one stage's input and output, the input is read by no operator after the stage
// (`input_last_step`, its proven lifetime's end, is the stage's last op) and is no graph output,
// and the output starts no further into the input's bytes, in one pool, than
// RowStageOutputRoomBytes allows (valid artifacts only). The plan proof's answer to a stage
// written over its input.
bool StageWritesOverInput(const schema::Artifact& artifact, int32_t input, int32_t input_last_step,
                          int32_t output);

// StageOpScratchBytes of an op in no stage (the caller sizes it from its whole params).
inline constexpr size_t kNotAStageOp = SIZE_MAX - 1;

// The most scratch op `op_index` of a stage takes over its strips on `isa`; kNotAStageOp when the
// op is in no stage, kernels::kFormMissingBytes when `isa` cannot run the stage's strips.
size_t StageOpScratchBytes(const schema::Artifact& artifact, int32_t op_index, kernels::Isa isa);

}  // namespace arenastore::runtime
