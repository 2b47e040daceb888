#include "runtime/op_params_builder.h"

#include "kernels/op_set.h"
#include "runtime/artifact_validation.h"
#include "runtime/op_checker.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

// The dtype signature of the kernels an operator needs: its first input's element type (an op
// whose first input is not its data, select_v2's bool condition, sets it in its own lowering).
// As the planner's (planner/lower_op.cc).
kernels::KernelDtype DtypeOf(const OpChecker& c) {
  const schema::Tensor* input = c.Input(0);
  return input != nullptr && input->type() == schema::DataType::INT16 ? kernels::KernelDtype::kInt16
                                                                      : kernels::KernelDtype::kInt8;
}

// Every byte zero (union tail and padding included), so params compare equal byte for byte.
// A word loop rather than memset: the gate then needs no memset, which would cost a
// gate-only Cortex-M image 168 B of code for this one call.
#if defined(__clang__)
#define ARENASTORE_NO_MEMSET_PATTERN  // clang has no such attribute (and the fuzz build is clang)
#else
#define ARENASTORE_NO_MEMSET_PATTERN [[gnu::optimize("no-tree-loop-distribute-patterns")]]
#endif
ARENASTORE_NO_MEMSET_PATTERN void ZeroParams(kernels::OpParams* params) {
  using Word [[gnu::may_alias]] = uint32_t;
  static_assert(sizeof(kernels::OpParams) % sizeof(Word) == 0 &&
                alignof(kernels::OpParams) >= alignof(Word));
  Word* words = reinterpret_cast<Word*>(params);
  for (size_t i = 0; i < sizeof(kernels::OpParams) / sizeof(Word); ++i) words[i] = 0;
}

// Validation and lowering are one pass through the op's unit (ops/<op>/<op>_runtime.cc): what
// was checked is exactly what kernels get, and a microcontroller carries one reader of every
// field, not two.
Status Lower(const schema::Artifact& artifact, int32_t op_index, const RuntimeOp& unit,
             bool validated, kernels::OpParams* params) {
  ZeroParams(params);
  Status status;
  const OpChecker c(artifact, op_index, unit, &status, validated);
  params->kind = c.kind();
  params->form = c.form();
  if (!c.ExpectOptionsType().ok()) return status;
  params->dtype = DtypeOf(c);
  // A build without int16 (ARENASTORE_DTYPES=int8) has no int16 kernel: an op on int16 data is
  // the gate's reject naming the op and its dtype, not an invalid artifact. Nothing here can run
  // it, so its operands are not held to the int8 rules such a build keeps.
  if (!kernels::kInt16Built && params->dtype == kernels::KernelDtype::kInt16) return status;
  if (c.ExpectOperands().ok()) static_cast<void>(unit.lower(c, params));
  return status;
}

}  // namespace

Status BuildOpParams(const schema::Artifact& artifact, int32_t op_index,
                     kernels::OpParams* params) {
  const auto kind = static_cast<kernels::OpKind>(
      artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(op_index))->kind());
  const RuntimeOp* unit = RuntimeOpOf(kind);
  ARENASTORE_CHECK_OR_RETURN(unit != nullptr, ErrorCode::kKernelUnsupported,
                             "operators[%d]: operator kind %u is not built into this runtime",
                             op_index, static_cast<unsigned>(kind));
  return Lower(artifact, op_index, *unit, /*validated=*/false, params);
}

Status BuildOpParams(const ArtifactView& view, int32_t op_index, kernels::OpParams* params) {
  ARENASTORE_CHECK_OR_RETURN(op_index >= 0 && op_index < view.operator_count(),
                             ErrorCode::kInvalidArgument, "op index %d out of range (%d operators)",
                             op_index, view.operator_count());
  const RuntimeOp* unit = RuntimeOpOf(static_cast<kernels::OpKind>(view.op(op_index).kind()));
  ARENASTORE_CHECK_OR_RETURN(unit != nullptr, ErrorCode::kKernelUnsupported,
                             "operators[%d]: unknown operator kind %u", op_index,
                             static_cast<unsigned>(view.op(op_index).kind()));
  return Lower(view.artifact(), op_index, *unit, /*validated=*/true, params);
}

}  // namespace arenastore::runtime
