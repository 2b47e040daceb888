// Row stages: a chain of ops (op k reads op k-1's output) run strip by strip of the last op's
// output rows, so the chain's intermediate tensors never exist whole (issue #37, patch-based
// stages). The executor calls it for a stage the artifact holds (runtime/artifact_stages.h), whose
// validation and gate size it with RowStageInnerBytes and RowStageBufferBytes. Invariant: strip s reads only the stage-input rows its first op needs for
// it and writes only its own stage-output rows, strips running in order, so the plan may place
// the output over input rows no later strip reads. Never allocates; errors name the stage op.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/result.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"

namespace arenastore::runtime {

// A stage's ops live in fixed arrays of this length on the stack.
inline constexpr int32_t kMaxStageOps = 6;

// One op of a stage: its whole params (one image, form whole), the variant that runs it and its
// operands, of which the runner binds inputs[0] and outputs[0] per strip (the others are its
// constants: filters, biases).
struct StageOp {
  kernels::OpParams params;
  kernels::Isa isa;
  kernels::OpOperands operands;
};

// What a stage needs besides its input and output, each the most any strip needs: op k's inner
// tensor (its outputs[0], which op k+1 reads; none for the last op) and op k's scratch (by each
// strip's own params, with the size function of the op's variant).
struct RowStageBytes {
  size_t inner_bytes[kMaxStageOps];
  size_t scratch_bytes[kMaxStageOps];
};

// The caller's memory for a stage. `input` and `output` are the whole stage tensors and may
// overlap as planned; inner[k] (k < op count - 1) holds op k's strip rows until op k+1 reads them,
// so inner[k] may share bytes with inner[k - 2] but not inner[k - 1]; scratch[k] is op k's.
struct RowStageBuffers {
  std::span<const uint8_t> input;
  std::span<uint8_t> output;
  std::span<uint8_t> inner[kMaxStageOps];
  std::span<uint8_t> scratch[kMaxStageOps];
};

// Where a stage's ops come from: op k (0 <= k < count) loaded into *op whenever the runner
// needs it. The runner holds one op at a time, so a stage costs one op's frame on the stack
// whatever its length (a Cortex-M's budget is 2 KiB); the executor loads from its prepared ops,
// validation lowers from the artifact.
struct StageOpSource {
  int32_t count;
  const void* context;
  Status (*load)(const void* context, int32_t k, StageOp* op);
};

// A source over ops the caller holds (the planner, tests); `ops` must outlive it.
StageOpSource SourceOf(const std::span<const StageOp>& ops);

// The strips of `strip_rows` last-op output rows each (the last one may be shorter).
// kInvalidArgument for strip_rows < 1, no ops or more than kMaxStageOps, an op that cannot run
// strip by strip (kKernelUnsupported, naming it) or ops whose rows do not chain; a source's own
// error when an op does not load.
Result<int32_t> RowStageStripCount(const StageOpSource& ops, int32_t strip_rows);

// The bytes of each inner tensor and each op's scratch the stage needs, over every strip.
// Also kKernelUnsupported, naming the op, when its variant is not built here or cannot run a strip.
Result<RowStageBytes> RowStageBufferBytes(const StageOpSource& ops, int32_t strip_rows);

// Only the inner tensors' bytes (scratch_bytes all 0): they depend on the params alone, so an
// artifact's validation checks them without asking any variant.
Result<RowStageBytes> RowStageInnerBytes(const StageOpSource& ops, int32_t strip_rows);

// The rows each op computes over every strip: its output rows plus the halo rows strips compute
// again, which the planner weighs against its recompute budget. Host planning only (a device
// never asks; the linker drops it).
struct RowStageWork {
  uint64_t computed_rows[kMaxStageOps];
};
Result<RowStageWork> RowStageComputedRows(const StageOpSource& ops, int32_t strip_rows);

// How far past its input's first byte a stage's output may start (negative: before it) for its
// bytes to share the input's: each strip writes its output rows only over input rows no later
// strip reads (a strip reads its own before its last op writes). The minimum over strips s of
// (the first input row any later strip reads x input row bytes - the end of s's output rows x
// output row bytes); INT64_MAX when no later strip reads the input (one strip).
Result<int64_t> RowStageOutputRoomBytes(const StageOpSource& ops, int32_t strip_rows);

// Runs strip `strip` (0 <= strip < RowStageStripCount): each op in turn through the registry.
// Also kArenaTooSmall when a buffer is smaller than the strip needs, kKernelScratchTooSmall for
// scratch, and a kernel's own error, each naming the stage op.
Status RunRowStageStrip(const StageOpSource& ops, int32_t strip_rows, int32_t strip,
                        const RowStageBuffers& buffers);

// Runs every strip in order.
Status RunRowStage(const StageOpSource& ops, int32_t strip_rows, const RowStageBuffers& buffers);

// The same over ops the caller holds.
inline Result<int32_t> RowStageStripCount(std::span<const StageOp> ops, int32_t strip_rows) {
  return RowStageStripCount(SourceOf(ops), strip_rows);
}
inline Result<RowStageBytes> RowStageBufferBytes(std::span<const StageOp> ops,
                                                 int32_t strip_rows) {
  return RowStageBufferBytes(SourceOf(ops), strip_rows);
}
inline Result<RowStageBytes> RowStageInnerBytes(std::span<const StageOp> ops, int32_t strip_rows) {
  return RowStageInnerBytes(SourceOf(ops), strip_rows);
}
inline Result<RowStageWork> RowStageComputedRows(std::span<const StageOp> ops,
                                                 int32_t strip_rows) {
  return RowStageComputedRows(SourceOf(ops), strip_rows);
}
inline Result<int64_t> RowStageOutputRoomBytes(std::span<const StageOp> ops, int32_t strip_rows) {
  return RowStageOutputRoomBytes(SourceOf(ops), strip_rows);
}
inline Status RunRowStageStrip(std::span<const StageOp> ops, int32_t strip_rows, int32_t strip,
                               const RowStageBuffers& buffers) {
  return RunRowStageStrip(SourceOf(ops), strip_rows, strip, buffers);
}
inline Status RunRowStage(std::span<const StageOp> ops, int32_t strip_rows,
                          const RowStageBuffers& buffers) {
  return RunRowStage(SourceOf(ops), strip_rows, buffers);
}

}  // namespace arenastore::runtime
