// Executor: runs a verified artifact's ops in order out of the caller's pool buffers (bound by
// name), through the kernel registry. Does not take ownership: the view's bytes, the pool
// buffers, `variant_per_op`, `prepared_ops` and `split_scratch` must outlive it. Never
// allocates; one Invoke at a time. Inputs and outputs move through arenastore_io_memcpy.
// Errors: kArena* (pools), kKernel* (ops, with the op index), kInvalidArgument (indices and
// byte counts).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/result.h"
#include "kernels/op_kind.h"
#include "runtime/artifact_validation.h"
#include "runtime/artifact_view.h"
#include "runtime/prepared_op.h"
#include "runtime/row_stage.h"

namespace arenastore::runtime {

// A caller-owned memory for one planned pool, matched by name.
struct PoolBuffer {
  const char* name;
  std::span<uint8_t> bytes;
};

class Executor {
 public:
  // `variant_per_op` is empty (every op runs `isa`) or holds one variant per operator, as
  // EvaluateGate produces it. Refuses what Invoke could not run safely: kArenaMissingPool,
  // kArenaTooSmall ("pool 'sram': 1024 B given, plan needs 4096 B"), kArenaMisaligned,
  // kKernelUnsupported (unknown op kind, variant not built here), kKernelScratchTooSmall
  // (a plan smaller than the chosen variant needs: the gate was skipped).
  // `prepared_ops` is empty (Invoke lowers each op as it runs it) or holds at least one entry
  // per operator, which Create fills so that Invoke only calls kernels (kInvalidArgument when
  // it is non-empty but too short).
  // `split_scratch` (only with `prepared_ops`) is empty or holds at least SplitScratchBytes:
  // ops whose kernel has a split form (kernels/kernel_state.h) and whose prepared inputs are
  // constants of the artifact then get their own scratch there instead of the planned one, and
  // their packed filters and requantization tables are built once, here, not on every Invoke.
  // Host memory outside the plan; the plan's scratch is still checked as above.
  static Result<Executor> Create(const ArtifactView& view, std::span<const PoolBuffer> pools,
                                 kernels::Isa isa,
                                 std::span<const kernels::Isa> variant_per_op = {},
                                 std::span<PreparedOp> prepared_ops = {},
                                 std::span<uint8_t> split_scratch = {});

  // Bytes of split scratch Create can use for this artifact on these variants (0: no op splits).
  static Result<size_t> SplitScratchBytes(const ArtifactView& view, kernels::Isa isa,
                                          std::span<const kernels::Isa> variant_per_op = {});

  // Copies exactly the input tensor's byte count in (kInvalidArgument otherwise).
  Status SetInput(int32_t index, std::span<const uint8_t> bytes);
  // Copies exactly the output tensor's byte count out (kInvalidArgument otherwise).
  Status GetOutput(int32_t index, std::span<uint8_t> out);

  // The tensor's bytes inside its pool; empty for an index out of range.
  std::span<uint8_t> InputTensor(int32_t index) const;
  std::span<uint8_t> OutputTensor(int32_t index) const;

  // Runs every operator once. Set the inputs before each call: the plan may give an input's
  // bytes to later tensors, so after an Invoke they no longer hold what was set.
  Status Invoke();

  // Sets every variable tensor (those in a pool of kind STATE) to its start value, as TensorFlow
  // Lite Micro's ResetVariableTensors does: an int8 variable holds its zero point, any other
  // type zero bytes. Create does this once; call it again to start a new sequence of frames.
  // Invoke keeps state from one call to the next.
  void ResetState();

  // The kernel variant op `op_index` runs (what Invoke passes to the registry).
  kernels::Isa VariantOf(int32_t op_index) const;

  const ArtifactView& view() const { return view_; }

 private:
  explicit Executor(const ArtifactView& view) : view_(view) {}

  // Out of line: the frames on the way to an op's lowering (Create, PrepareOperators, a device's
  // stack peak) then hold one Status each, not also those of their siblings.
  [[gnu::noinline]] Status BindPools(std::span<const PoolBuffer> pools);
  [[gnu::noinline]] Status PrepareOperators(std::span<uint8_t> split_scratch);
  [[gnu::noinline]] Status SplitOperator(int32_t op_index, PreparedOp* prepared,
                                         std::span<uint8_t>* split_scratch);
  Status PrepareOperator(int32_t op_index, PreparedOp* prepared) const;
  [[gnu::noinline]] Status CheckScratch(int32_t op_index, const PreparedOp& prepared) const;
  // The paths without prepared_ops lower into a PreparedOp of their own (~600 B). Out of line,
  // so Create and Invoke with prepared_ops carry no such local in their frames: on a device
  // that local would be a third of the stack peak.
  [[gnu::noinline]] Status PrepareAndCheckOperator(int32_t op_index) const;
  [[gnu::noinline]] Status PrepareAndRunOperator(int32_t op_index) const;
  uint8_t* ActivationData(const schema::Tensor& tensor) const;
  std::span<uint8_t> TensorSpan(int32_t tensor_index) const;
  Status RunOperator(int32_t op_index, const PreparedOp& prepared) const;
  // Row stages (runtime/artifact_stages.h): Invoke runs a stage whole at its first op, the runner
  // loading each stage op when a strip needs it (LoadStageOpOf), one at a time. Out of line: a
  // loaded op sits in a frame only while a stage runs.
  [[gnu::noinline]] Status RunStage(int32_t stage_index) const;
  [[gnu::noinline]] Status LoadStageOp(int32_t op_index, StageOp* op,
                                       std::span<uint8_t>* scratch) const;
  static Status LoadStageOpOf(const void* stage, int32_t k, StageOp* op);

  ArtifactView view_;
  kernels::Isa isa_ = kernels::Isa::kRef;
  std::span<const kernels::Isa> variant_per_op_;
  std::span<PreparedOp> prepared_ops_;  // empty: lower on every Invoke
  uint8_t* pool_base_[kMaxPools] = {};
};

}  // namespace arenastore::runtime
