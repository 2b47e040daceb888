#include "runtime/executor.h"

#include "kernels/registry.h"
#include "runtime/artifact_stages.h"
#include "runtime/io_memcpy.h"
#include "runtime/op_params_builder.h"
#include "runtime/op_profile_hooks.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

const PoolBuffer* FindBuffer(std::span<const PoolBuffer> pools, const char* name) {
  for (const PoolBuffer& pool : pools) {
    if (pool.name != nullptr && kernels::internal::SameName(pool.name, name)) return &pool;
  }
  return nullptr;
}

bool IsValidIsa(kernels::Isa isa) { return static_cast<int>(isa) < kernels::kIsaCount; }

constexpr size_t kScratchAlignment = 64;

size_t AlignUp(size_t bytes) {
  return (bytes + kScratchAlignment - 1) / kScratchAlignment * kScratchAlignment;
}

// Whether every input of op `op_index` named by `mask` (bit k: input k) is absent or a constant
// of the artifact, so that what a kernel prepares from it stays true for every Invoke.
bool InputsAreConstant(const ArtifactView& view, int32_t op_index, uint32_t mask) {
  const auto* inputs = view.op(op_index).inputs();
  for (flatbuffers::uoffset_t k = 0; k < inputs->size() && k < 32; ++k) {
    const int32_t t = inputs->Get(k);
    if ((mask >> k & 1u) != 0 && t >= 0 && !IsConstant(view.tensor(t))) return false;
  }
  return true;
}

const char* OpName(const schema::Operator& op) {
  const char* name = kernels::OpKindName(static_cast<kernels::OpKind>(op.kind()));
  return name == nullptr ? "unknown" : name;
}

// Out of line, so the Status temporaries of these checks are not in Create's frame while it
// lowers every op (on a device, that frame is part of the stack peak).
[[gnu::noinline]] Status CheckCreateArguments(const ArtifactView& view, kernels::Isa isa,
                                              std::span<const kernels::Isa> variant_per_op,
                                              std::span<PreparedOp> prepared_ops) {
  ARENASTORE_CHECK_OR_RETURN(IsValidIsa(isa), ErrorCode::kInvalidArgument, "unknown ISA %u",
                             static_cast<unsigned>(isa));
  const size_t op_count = static_cast<size_t>(view.operator_count());
  ARENASTORE_CHECK_OR_RETURN(variant_per_op.empty() || variant_per_op.size() >= op_count,
                             ErrorCode::kInvalidArgument,
                             "variant_per_op has %zu entries, the artifact has %zu operators",
                             variant_per_op.size(), op_count);
  for (size_t i = 0; i < variant_per_op.size(); ++i) {
    ARENASTORE_CHECK_OR_RETURN(IsValidIsa(variant_per_op[i]), ErrorCode::kInvalidArgument,
                               "variant_per_op[%zu]: unknown ISA %u", i,
                               static_cast<unsigned>(variant_per_op[i]));
  }
  ARENASTORE_CHECK_OR_RETURN(prepared_ops.empty() || prepared_ops.size() >= op_count,
                             ErrorCode::kInvalidArgument,
                             "prepared_ops has room for %zu operators, the artifact has %zu",
                             prepared_ops.size(), op_count);
  return Status::Ok();
}

}  // namespace

Result<Executor> Executor::Create(const ArtifactView& view, std::span<const PoolBuffer> pools,
                                  kernels::Isa isa, std::span<const kernels::Isa> variant_per_op,
                                  std::span<PreparedOp> prepared_ops,
                                  std::span<uint8_t> split_scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckCreateArguments(view, isa, variant_per_op, prepared_ops));
  Executor executor(view);
  executor.isa_ = isa;
  executor.variant_per_op_ = variant_per_op;
  ARENASTORE_RETURN_IF_ERROR(executor.BindPools(pools));
  executor.ResetState();
  executor.prepared_ops_ = prepared_ops;
  ARENASTORE_RETURN_IF_ERROR(executor.PrepareOperators(split_scratch));
  return executor;
}

Result<size_t> Executor::SplitScratchBytes(const ArtifactView& view, kernels::Isa isa,
                                           std::span<const kernels::Isa> variant_per_op) {
  size_t bytes = 0;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    if (!view.IsKnownOpKind(i)) continue;  // Create refuses it
    kernels::OpParams params;
    ARENASTORE_RETURN_IF_ERROR(BuildOpParams(view, i, &params));
    const auto index = static_cast<size_t>(i);
    const kernels::Isa variant = index < variant_per_op.size() ? variant_per_op[index] : isa;
    const kernels::KernelEntry* kernel = kernels::ResolveKernel(params.kind, params.dtype, variant);
    const kernels::SplitKernel* split = kernels::SplitKernelOf(kernel);
    if (split != nullptr && InputsAreConstant(view, i, split->constant_inputs)) {
      bytes += AlignUp(split->scratch_bytes(params));
    }
  }
  // Room to align the first region however the caller's bytes are aligned.
  return bytes == 0 ? 0 : bytes + kScratchAlignment - 1;
}

Status Executor::BindPools(std::span<const PoolBuffer> pools) {
  for (int32_t p = 0; p < view_.pool_count(); ++p) {
    const schema::Pool& pool = view_.pool(p);
    const char* name = pool.name()->c_str();
    const size_t planned = static_cast<size_t>(pool.planned_bytes());
    const PoolBuffer* buffer = FindBuffer(pools, name);
    if (buffer == nullptr) {
      return Status::Error(ErrorCode::kArenaMissingPool,
                           "pool '%s': no buffer given; pass a PoolBuffer named '%s' of at least "
                           "%zu B",
                           name, name, planned)
          .WithPool(p);
    }
    if (buffer->bytes.size() < planned) {
      return Status::Error(ErrorCode::kArenaTooSmall, "pool '%s': %zu B given, plan needs %zu B",
                           name, buffer->bytes.size(), planned)
          .WithPool(p);
    }
    const size_t address = reinterpret_cast<uintptr_t>(buffer->bytes.data());
    if (address % pool.alignment() != 0) {
      return Status::Error(ErrorCode::kArenaMisaligned,
                           "pool '%s': buffer at 0x%zx is not %u-byte aligned as the plan needs",
                           name, address, pool.alignment())
          .WithPool(p);
    }
    pool_base_[p] = buffer->bytes.data();
  }
  return Status::Ok();
}

// Refuses up front what Invoke could not run safely, so a caller that skipped the gate still
// cannot make a kernel overrun its scratch; keeps each prepared op when there is storage.
Status Executor::PrepareOperators(std::span<uint8_t> split_scratch) {
  ARENASTORE_CHECK_OR_RETURN(split_scratch.empty() || !prepared_ops_.empty(),
                             ErrorCode::kInvalidArgument,
                             "split scratch given without prepared_ops to keep the split ops in");
  for (int32_t i = 0; i < view_.operator_count(); ++i) {
    if (prepared_ops_.empty()) {
      ARENASTORE_RETURN_IF_ERROR(PrepareAndCheckOperator(i));
      continue;
    }
    PreparedOp* prepared = &prepared_ops_[static_cast<size_t>(i)];
    ARENASTORE_RETURN_IF_ERROR(PrepareOperator(i, prepared));
    ARENASTORE_RETURN_IF_ERROR(CheckScratch(i, *prepared));
    // A stage op runs strip by strip on its planned scratch: a split form prepares whole params.
    if (!split_scratch.empty() && StageHolding(view_.artifact(), i) < 0) {
      ARENASTORE_RETURN_IF_ERROR(SplitOperator(i, prepared, &split_scratch));
    }
  }
  return Status::Ok();
}

Status Executor::CheckScratch(int32_t op_index, const PreparedOp& prepared) const {
  // A stage op runs on each strip's params: its largest strip's need, not its whole params'.
  size_t needed = StageOpScratchBytes(view_.artifact(), op_index, VariantOf(op_index));
  if (needed == kNotAStageOp) needed = kernels::ScratchBytes(prepared.params, VariantOf(op_index));
  const size_t planned = view_.PlannedScratchBytes(op_index);
  if (needed > planned) {
    return Status::Error(ErrorCode::kKernelScratchTooSmall,
                         "op %d (%s): planned %zu B of scratch, %s/%s needs %zu B; run the "
                         "gate and re-plan",
                         op_index, OpName(view_.op(op_index)), planned,
                         kernels::OpKindName(prepared.params.kind),
                         kernels::IsaName(VariantOf(op_index)), needed)
        .WithOp(op_index);
  }
  return Status::Ok();
}

Status Executor::PrepareAndCheckOperator(int32_t op_index) const {
  PreparedOp prepared;
  ARENASTORE_RETURN_IF_ERROR(PrepareOperator(op_index, &prepared));
  return CheckScratch(op_index, prepared);
}

// Moves the op to scratch of its own from the front of `split_scratch` and prepares it there,
// when its kernel has a split form whose prepared inputs are constants.
Status Executor::SplitOperator(int32_t op_index, PreparedOp* prepared,
                               std::span<uint8_t>* split_scratch) {
#if ARENASTORE_SPLIT_FORMS
  if (prepared->params.form != kernels::ExecForm::kWhole) return Status::Ok();  // split: whole
  const kernels::SplitKernel* split = kernels::SplitKernelOf(
      kernels::ResolveKernel(prepared->params.kind, prepared->params.dtype, VariantOf(op_index)));
  if (split == nullptr || !InputsAreConstant(view_, op_index, split->constant_inputs)) {
    return Status::Ok();
  }
  const size_t needed = split->scratch_bytes(prepared->params);
  // Regions start 64-byte aligned, as planned scratch does; the caller's span need not.
  const size_t skip =
      (kScratchAlignment - reinterpret_cast<uintptr_t>(split_scratch->data()) % kScratchAlignment) %
      kScratchAlignment;
  if (split_scratch->size() < skip + needed) {
    return Status::Error(ErrorCode::kInvalidArgument,
                         "op %d (%s): split scratch too small; size it with SplitScratchBytes",
                         op_index, OpName(view_.op(op_index)))
        .WithOp(op_index);
  }
  const size_t taken = skip + AlignUp(needed) > split_scratch->size() ? split_scratch->size()
                                                                      : skip + AlignUp(needed);
  prepared->scratch = split_scratch->subspan(skip, needed);
  *split_scratch = split_scratch->subspan(taken);
  Status status =
      split->prepare(prepared->params, prepared->operands, prepared->scratch, &prepared->state);
  if (!status.ok()) {
    return status.WithOp(op_index).WithContext("op %d (%s)", op_index, OpName(view_.op(op_index)));
  }
  prepared->split = split;
  return Status::Ok();
#else
  // No split forms on a microcontroller (kernels/kernel_state.h): the op keeps its planned scratch.
  (void)op_index;
  (void)prepared;
  (void)split_scratch;
  return Status::Ok();
#endif
}

// Lowers the op, binds its operands and scratch inside the pools and resolves its kernel.
Status Executor::PrepareOperator(int32_t op_index, PreparedOp* prepared) const {
  const schema::Operator& op = view_.op(op_index);
  if (!view_.IsKnownOpKind(op_index)) {
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "op %d: unknown operator kind %u; the gate rejects this artifact",
                         op_index, static_cast<unsigned>(op.kind()))
        .WithOp(op_index);
  }
  ARENASTORE_RETURN_IF_ERROR(BuildOpParams(view_, op_index, &prepared->params));
  ARENASTORE_RETURN_IF_ERROR(ResolvePreparedEval(op_index, VariantOf(op_index), prepared));
  kernels::OpOperands& operands = prepared->operands;
  operands = {};
  if (op.inputs()->size() > kernels::kBuiltMaxOpInputs ||
      op.outputs()->size() > kernels::kBuiltMaxOpOutputs) {
    // Only an op this build lacks can have more: the gate rejects it, naming it.
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "op %d (%s): %u inputs and %u outputs, more than this runtime's ops take",
                         op_index, OpName(op), static_cast<unsigned>(op.inputs()->size()),
                         static_cast<unsigned>(op.outputs()->size()))
        .WithOp(op_index);
  }
  operands.num_inputs = static_cast<int32_t>(op.inputs()->size());
  for (int32_t k = 0; k < operands.num_inputs; ++k) {
    const int32_t t = op.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    if (t < 0) continue;  // an absent optional input stays nullptr
    const schema::Tensor& tensor = view_.tensor(t);
    operands.inputs[k] = IsConstant(tensor) ? static_cast<const void*>(view_.ConstantData(tensor))
                                            : ActivationData(tensor);
  }
  operands.num_outputs = static_cast<int32_t>(op.outputs()->size());
  for (int32_t k = 0; k < operands.num_outputs; ++k) {
    const int32_t t = op.outputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    operands.outputs[k] = ActivationData(view_.tensor(t));
  }
  prepared->scratch = {};
#if ARENASTORE_SPLIT_FORMS
  prepared->split = nullptr;
#endif
  if (const schema::Scratch* entry = view_.ScratchOf(op_index)) {
    prepared->scratch = {pool_base_[entry->pool()] + entry->offset(),
                         static_cast<size_t>(entry->bytes())};
  }
  return Status::Ok();
}

uint8_t* Executor::ActivationData(const schema::Tensor& tensor) const {
  // Validation placed every activation in a pool; the guard keeps constants out of pool math.
  const int32_t pool = tensor.pool();
  if (pool < 0 || pool >= kMaxPools) return nullptr;
  return pool_base_[pool] + tensor.offset();
}

std::span<uint8_t> Executor::TensorSpan(int32_t tensor_index) const {
  const schema::Tensor& tensor = view_.tensor(tensor_index);
  return {ActivationData(tensor), static_cast<size_t>(tensor.bytes())};
}

std::span<uint8_t> Executor::InputTensor(int32_t index) const {
  if (index < 0 || index >= view_.input_count()) return {};
  return TensorSpan(view_.artifact().inputs()->Get(static_cast<flatbuffers::uoffset_t>(index)));
}

std::span<uint8_t> Executor::OutputTensor(int32_t index) const {
  if (index < 0 || index >= view_.output_count()) return {};
  return TensorSpan(view_.artifact().outputs()->Get(static_cast<flatbuffers::uoffset_t>(index)));
}

Status Executor::SetInput(int32_t index, std::span<const uint8_t> bytes) {
  ARENASTORE_CHECK_OR_RETURN(index >= 0 && index < view_.input_count(), ErrorCode::kInvalidArgument,
                             "input %d out of range (%d inputs)", index, view_.input_count());
  const std::span<uint8_t> tensor = InputTensor(index);
  ARENASTORE_CHECK_OR_RETURN(bytes.size() == tensor.size(), ErrorCode::kInvalidArgument,
                             "input %d: %zu B given, the tensor has %zu B", index, bytes.size(),
                             tensor.size());
  arenastore_io_memcpy(tensor.data(), bytes.data(), bytes.size());
  return Status::Ok();
}

Status Executor::GetOutput(int32_t index, std::span<uint8_t> out) {
  ARENASTORE_CHECK_OR_RETURN(index >= 0 && index < view_.output_count(),
                             ErrorCode::kInvalidArgument, "output %d out of range (%d outputs)",
                             index, view_.output_count());
  const std::span<uint8_t> tensor = OutputTensor(index);
  ARENASTORE_CHECK_OR_RETURN(out.size() == tensor.size(), ErrorCode::kInvalidArgument,
                             "output %d: %zu B of room given, the tensor has %zu B", index,
                             out.size(), tensor.size());
  arenastore_io_memcpy(out.data(), tensor.data(), tensor.size());
  return Status::Ok();
}

void Executor::ResetState() {
  for (int32_t t = 0; t < view_.tensor_count(); ++t) {
    const schema::Tensor& tensor = view_.tensor(t);
    if (!IsStateTensor(view_, tensor)) continue;
    const std::span<uint8_t> bytes = TensorSpan(t);
    const int32_t zero_point = tensor.type() == schema::DataType::INT8 ? ZeroPoint(tensor) : 0;
    for (uint8_t& byte : bytes) byte = static_cast<uint8_t>(zero_point);
  }
}

kernels::Isa Executor::VariantOf(int32_t op_index) const {
  if (op_index >= 0 && static_cast<size_t>(op_index) < variant_per_op_.size()) {
    return variant_per_op_[static_cast<size_t>(op_index)];
  }
  return isa_;
}

Status Executor::RunOperator(int32_t op_index, const PreparedOp& prepared) const {
  arenastore_op_begin(op_index);
  Status status = RunPrepared(prepared);
  arenastore_op_end(op_index);
  if (!status.ok()) {
    status.WithOp(op_index).WithContext("op %d (%s)", op_index, OpName(view_.op(op_index)));
  }
  return status;
}

Status Executor::Invoke() {
  for (int32_t i = 0; i < view_.operator_count(); ++i) {
    if (const int32_t stage = StageStartingAt(view_.artifact(), i); stage >= 0) {
      ARENASTORE_RETURN_IF_ERROR(RunStage(stage));
      i += StageAt(view_.artifact(), stage).op_count() - 1;  // the stage ran its ops
      continue;
    }
    if (!prepared_ops_.empty()) {
      ARENASTORE_RETURN_IF_ERROR(RunOperator(i, prepared_ops_[static_cast<size_t>(i)]));
      continue;
    }
    ARENASTORE_RETURN_IF_ERROR(PrepareAndRunOperator(i));
  }
  return Status::Ok();
}

Status Executor::LoadStageOp(int32_t op_index, StageOp* op, std::span<uint8_t>* scratch) const {
  if (prepared_ops_.empty()) {
    PreparedOp prepared;
    ARENASTORE_RETURN_IF_ERROR(PrepareOperator(op_index, &prepared));
    *op = {prepared.params, VariantOf(op_index), prepared.operands};
    *scratch = prepared.scratch;
    return Status::Ok();
  }
  const PreparedOp& prepared = prepared_ops_[static_cast<size_t>(op_index)];
  *op = {prepared.params, VariantOf(op_index), prepared.operands};
  *scratch = prepared.scratch;  // the planned scratch: stage ops are never split
  return Status::Ok();
}

namespace {

// What the stage runner loads its ops from: the executor and the stage's first op.
struct ExecutorStage {
  const Executor* executor;
  int32_t first_op;
};

}  // namespace

Status Executor::LoadStageOpOf(const void* stage, int32_t k, StageOp* op) {
  const auto& s = *static_cast<const ExecutorStage*>(stage);
  std::span<uint8_t> scratch;
  return s.executor->LoadStageOp(s.first_op + k, op, &scratch);
}

// The stage input and output whole in their pools, each inner tensor's strip buffer and each
// op's scratch where the plan put them.
Status Executor::RunStage(int32_t stage_index) const {
  const schema::RowStage& stage = StageAt(view_.artifact(), stage_index);
  const int32_t first = stage.first_op(), count = stage.op_count();
  RowStageBuffers buffers = {};
  for (int32_t k = 0; k < count; ++k) {
    StageOp op;
    ARENASTORE_RETURN_IF_ERROR(LoadStageOp(first + k, &op, &buffers.scratch[k]));
    if (k + 1 < count) buffers.inner[k] = TensorSpan(view_.op(first + k).outputs()->Get(0));
  }
  buffers.input = TensorSpan(view_.op(first).inputs()->Get(0));
  buffers.output = TensorSpan(view_.op(first + count - 1).outputs()->Get(0));
  const ExecutorStage context = {this, first};
  const StageOpSource ops = {count, &context, &LoadStageOpOf};
  Status status = RunRowStage(ops, stage.strip_rows(), buffers);
  if (!status.ok()) status.WithContext("stage %d (operators[%d] on)", stage_index, first);
  return status;
}

Status Executor::PrepareAndRunOperator(int32_t op_index) const {
  PreparedOp prepared;
  ARENASTORE_RETURN_IF_ERROR(PrepareOperator(op_index, &prepared));
  return RunOperator(op_index, prepared);
}

}  // namespace arenastore::runtime
