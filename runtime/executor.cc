#include "runtime/executor.h"

#include "kernels/registry.h"
#include "runtime/io_memcpy.h"
#include "runtime/op_params_builder.h"
#include "runtime/tensor_access.h"

namespace arenastore::runtime {
namespace {

bool SameStrings(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

const PoolBuffer* FindBuffer(std::span<const PoolBuffer> pools, const char* name) {
  for (const PoolBuffer& pool : pools) {
    if (pool.name != nullptr && SameStrings(pool.name, name)) return &pool;
  }
  return nullptr;
}

bool IsValidIsa(kernels::Isa isa) { return static_cast<int>(isa) < kernels::kIsaCount; }

const char* OpName(const schema::Operator& op) {
  const char* name = kernels::OpKindName(static_cast<kernels::OpKind>(op.kind()));
  return name == nullptr ? "unknown" : name;
}

}  // namespace

Result<Executor> Executor::Create(const ArtifactView& view, std::span<const PoolBuffer> pools,
                                  kernels::Isa isa, std::span<const kernels::Isa> variant_per_op) {
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
  Executor executor(view);
  executor.isa_ = isa;
  executor.variant_per_op_ = variant_per_op;
  ARENASTORE_RETURN_IF_ERROR(executor.BindPools(pools));
  ARENASTORE_RETURN_IF_ERROR(executor.CheckOperators());
  return executor;
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
// cannot make a kernel overrun its scratch.
Status Executor::CheckOperators() const {
  for (int32_t i = 0; i < view_.operator_count(); ++i) {
    const schema::Operator& op = view_.op(i);
    if (!view_.IsKnownOpKind(i)) {
      return Status::Error(ErrorCode::kKernelUnsupported,
                           "op %d: unknown operator kind %u; the gate rejects this artifact", i,
                           static_cast<unsigned>(op.kind()))
          .WithOp(i);
    }
    kernels::OpParams params;
    ARENASTORE_RETURN_IF_ERROR(BuildOpParams(view_, i, &params));
    const kernels::KernelEntry* entry = kernels::ResolveKernel(params.kind, VariantOf(i));
    if (entry == nullptr || entry->eval == nullptr) {
      return Status::Error(ErrorCode::kKernelUnsupported,
                           "op %d (%s): the %s variant is not built into this runtime", i,
                           OpName(op), kernels::IsaName(VariantOf(i)))
          .WithOp(i);
    }
    const size_t needed = entry->scratch_bytes(params);
    const size_t planned = view_.PlannedScratchBytes(i);
    if (needed > planned) {
      return Status::Error(ErrorCode::kKernelScratchTooSmall,
                           "op %d (%s): planned %zu B of scratch, %s needs %zu B; run the "
                           "gate and re-plan",
                           i, OpName(op), planned, entry->name, needed)
          .WithOp(i);
    }
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

kernels::Isa Executor::VariantOf(int32_t op_index) const {
  if (op_index >= 0 && static_cast<size_t>(op_index) < variant_per_op_.size()) {
    return variant_per_op_[static_cast<size_t>(op_index)];
  }
  return isa_;
}

Status Executor::RunOperator(int32_t op_index) {
  kernels::OpParams params;
  ARENASTORE_RETURN_IF_ERROR(BuildOpParams(view_, op_index, &params));
  const schema::Operator& op = view_.op(op_index);
  kernels::OpOperands operands = {};
  operands.num_inputs = static_cast<int32_t>(op.inputs()->size());
  for (int32_t k = 0; k < operands.num_inputs; ++k) {
    const int32_t t = op.inputs()->Get(static_cast<flatbuffers::uoffset_t>(k));
    if (t < 0) continue;  // an absent optional input stays nullptr
    const schema::Tensor& tensor = view_.tensor(t);
    operands.inputs[k] = IsConstant(tensor) ? static_cast<const void*>(view_.ConstantData(tensor))
                                            : ActivationData(tensor);
  }
  operands.output = ActivationData(view_.tensor(op.outputs()->Get(0)));
  std::span<uint8_t> scratch;
  if (const schema::Scratch* entry = view_.ScratchOf(op_index)) {
    scratch = {pool_base_[entry->pool()] + entry->offset(), static_cast<size_t>(entry->bytes())};
  }
  Status status = kernels::Eval(params, VariantOf(op_index), operands, scratch);
  if (!status.ok()) status.WithOp(op_index).WithContext("op %d (%s)", op_index, OpName(op));
  return status;
}

Status Executor::Invoke() {
  for (int32_t i = 0; i < view_.operator_count(); ++i) {
    ARENASTORE_RETURN_IF_ERROR(RunOperator(i));
  }
  return Status::Ok();
}

}  // namespace arenastore::runtime
