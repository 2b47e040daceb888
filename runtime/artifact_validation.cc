#include "runtime/artifact_validation.h"

#include <cstddef>
#include <limits>

#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "runtime/op_params_builder.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

using ull = unsigned long long;

constexpr int64_t kMaxElements = std::numeric_limits<int32_t>::max();

bool IsPowerOfTwo(uint32_t value) { return value != 0 && (value & (value - 1)) == 0; }

// [offset, offset + bytes) inside [0, limit), without overflow.
bool RangeWithin(uint64_t offset, uint64_t bytes, uint64_t limit) {
  return offset <= limit && bytes <= limit - offset;
}

Status ValidateRequiredTables(const schema::Artifact& artifact) {
  struct Required {
    const void* table;
    const char* field;
  };
  const Required required[] = {
      {artifact.kernel_version(), "kernel_version"},
      {artifact.tensors(), "tensors"},
      {artifact.operators(), "operators"},
      {artifact.inputs(), "inputs"},
      {artifact.outputs(), "outputs"},
      {artifact.pools(), "pools"},
  };
  for (const Required& r : required) {
    if (r.table == nullptr) {
      return InvalidField(r.field, "%s: missing; every artifact records it, re-plan the model",
                          r.field);
    }
  }
  const auto isa = static_cast<uint32_t>(artifact.target_isa());
  if (isa >= static_cast<uint32_t>(kernels::kIsaCount)) {
    return InvalidField("target_isa", "target_isa: unknown ISA %u (this runtime knows 0..%d)", isa,
                        kernels::kIsaCount - 1);
  }
  return Status::Ok();
}

bool SameName(const flatbuffers::String* a, const flatbuffers::String* b) {
  if (a->size() != b->size()) return false;
  for (flatbuffers::uoffset_t i = 0; i < a->size(); ++i) {
    if (a->Get(i) != b->Get(i)) return false;
  }
  return true;
}

Status ValidatePool(const schema::Artifact& artifact, int32_t p) {
  const schema::Pool& pool = *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(p));
  if (pool.name() == nullptr || pool.name()->size() == 0) {
    return InvalidField("pools.name", "pools[%d].name: missing or empty; pools are bound by name",
                        p)
        .WithPool(p);
  }
  for (int32_t q = 0; q < p; ++q) {
    if (SameName(pool.name(),
                 artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(q))->name())) {
      return InvalidField("pools.name", "pools[%d].name: '%s' is also the name of pools[%d]", p,
                          pool.name()->c_str(), q)
          .WithPool(p);
    }
  }
  if (static_cast<uint32_t>(pool.kind()) > static_cast<uint32_t>(schema::PoolKind::MAX)) {
    return InvalidField("pools.kind", "pools[%d].kind: unknown pool kind %u", p,
                        static_cast<uint32_t>(pool.kind()))
        .WithPool(p);
  }
  if (!IsPowerOfTwo(pool.alignment()) || pool.alignment() > kMaxPoolAlignment) {
    return InvalidField("pools.alignment",
                        "pools[%d].alignment: %u is not a power of two in [1, %u]", p,
                        pool.alignment(), kMaxPoolAlignment)
        .WithPool(p);
  }
  if (pool.planned_bytes() > static_cast<uint64_t>(std::numeric_limits<ptrdiff_t>::max())) {
    return InvalidField("pools.planned_bytes",
                        "pools[%d].planned_bytes: %llu does not fit this target's address space", p,
                        static_cast<ull>(pool.planned_bytes()))
        .WithPool(p);
  }
  if (pool.capacity_bytes() != 0 && pool.planned_bytes() > pool.capacity_bytes()) {
    return InvalidField("pools.planned_bytes",
                        "pools[%d].planned_bytes: %llu exceeds the capacity %llu the plan was "
                        "made for; the plan is corrupt, re-plan the model",
                        p, static_cast<ull>(pool.planned_bytes()),
                        static_cast<ull>(pool.capacity_bytes()))
        .WithPool(p);
  }
  return Status::Ok();
}

Status ValidateTensorShape(const schema::Tensor& tensor, int32_t t) {
  const auto type = static_cast<uint32_t>(tensor.type());
  if (type > static_cast<uint32_t>(schema::DataType::MAX)) {
    return InvalidField("tensors.type", "tensors[%d].type: unknown data type %u", t, type)
        .WithTensor(t);
  }
  if (tensor.shape() == nullptr) {
    return InvalidField("tensors.shape", "tensors[%d].shape: missing (a scalar has shape [])", t)
        .WithTensor(t);
  }
  if (Rank(tensor) > kMaxTensorRank) {
    return InvalidField("tensors.shape", "tensors[%d].shape: rank %d exceeds %d", t, Rank(tensor),
                        kMaxTensorRank)
        .WithTensor(t);
  }
  int64_t elements = 1;
  for (int32_t i = 0; i < Rank(tensor); ++i) {
    const int32_t dim = Dim(tensor, i);
    if (dim < 1) {
      return InvalidField("tensors.shape", "tensors[%d].shape[%d]: dimension %d must be at least 1",
                          t, i, dim)
          .WithTensor(t);
    }
    elements *= dim;
    if (elements > kMaxElements) {
      return InvalidField("tensors.shape", "tensors[%d].shape: %s has more than %lld elements", t,
                          FormatShape(tensor).text, static_cast<long long>(kMaxElements))
          .WithTensor(t);
    }
  }
  const uint64_t expected = static_cast<uint64_t>(elements) * ElementBytes(tensor.type());
  if (tensor.bytes() != expected) {
    return InvalidField("tensors.bytes",
                        "tensors[%d].bytes: %llu, but shape %s of %s needs %llu bytes", t,
                        static_cast<ull>(tensor.bytes()), FormatShape(tensor).text,
                        tensor.type() == schema::DataType::INT32 ? "int32" : "int8",
                        static_cast<ull>(expected))
        .WithTensor(t);
  }
  return Status::Ok();
}

Status ValidateZeroPoints(const schema::Tensor& tensor, int32_t t) {
  const schema::Quantization* quantization = tensor.quantization();
  if (quantization == nullptr || quantization->zero_point() == nullptr) return Status::Ok();
  if (tensor.type() != schema::DataType::INT8) return Status::Ok();
  const auto* zero_points = quantization->zero_point();
  for (flatbuffers::uoffset_t i = 0; i < zero_points->size(); ++i) {
    const int64_t zero_point = Int64At(*zero_points, i);
    if (zero_point < -128 || zero_point > 127) {
      return InvalidField("tensors.quantization.zero_point",
                          "tensors[%d].quantization.zero_point[%u]: %lld is outside int8", t, i,
                          static_cast<long long>(zero_point))
          .WithTensor(t);
    }
  }
  return Status::Ok();
}

Status ValidateConstantPlacement(const schema::Artifact& artifact, std::span<const uint8_t> bytes,
                                 const schema::Tensor& tensor, int32_t t) {
  const auto* constants = artifact.constants();
  const uint64_t size = constants == nullptr ? 0 : constants->size();
  if (!RangeWithin(tensor.offset(), tensor.bytes(), size)) {
    return InvalidField("tensors.offset",
                        "tensors[%d]: constant bytes [%llu, +%llu) lie outside the %llu-byte "
                        "constants vector",
                        t, static_cast<ull>(tensor.offset()), static_cast<ull>(tensor.bytes()),
                        static_cast<ull>(size))
        .WithTensor(t);
  }
  const uint64_t position =
      static_cast<uint64_t>(constants->data() - bytes.data()) + tensor.offset();
  const size_t element_bytes = ElementBytes(tensor.type());
  if (position % element_bytes != 0) {
    return InvalidField("tensors.offset",
                        "tensors[%d].offset: constant at byte %llu of the file is not %zu-byte "
                        "aligned for its element type",
                        t, static_cast<ull>(position), element_bytes)
        .WithTensor(t);
  }
  return Status::Ok();
}

Status ValidatePoolPlacement(const schema::Artifact& artifact, const schema::Tensor& tensor,
                             int32_t t) {
  const int32_t pool_count = static_cast<int32_t>(artifact.pools()->size());
  if (tensor.pool() < -1 || tensor.pool() >= pool_count) {
    return InvalidField("tensors.pool", "tensors[%d].pool: pool index %d out of range (%d pools)",
                        t, tensor.pool(), pool_count)
        .WithTensor(t);
  }
  const schema::Pool& pool =
      *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(tensor.pool()));
  if (!RangeWithin(tensor.offset(), tensor.bytes(), pool.planned_bytes())) {
    return InvalidField("tensors.offset",
                        "tensors[%d]: bytes [%llu, +%llu) lie outside pool '%s' (%llu planned "
                        "bytes)",
                        t, static_cast<ull>(tensor.offset()), static_cast<ull>(tensor.bytes()),
                        pool.name()->c_str(), static_cast<ull>(pool.planned_bytes()))
        .WithTensor(t)
        .WithPool(tensor.pool());
  }
  const size_t element_bytes = ElementBytes(tensor.type());
  if (tensor.offset() % element_bytes != 0 || pool.alignment() < element_bytes) {
    return InvalidField("tensors.offset",
                        "tensors[%d].offset: %llu in pool '%s' (alignment %u) is not %zu-byte "
                        "aligned for its element type",
                        t, static_cast<ull>(tensor.offset()), pool.name()->c_str(),
                        pool.alignment(), element_bytes)
        .WithTensor(t)
        .WithPool(tensor.pool());
  }
  return Status::Ok();
}

Status ValidateTensor(const schema::Artifact& artifact, std::span<const uint8_t> bytes, int32_t t) {
  const schema::Tensor& tensor = *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  ARENASTORE_RETURN_IF_ERROR(ValidateTensorShape(tensor, t));
  ARENASTORE_RETURN_IF_ERROR(ValidateZeroPoints(tensor, t));
  if (tensor.pool() == -1) return ValidateConstantPlacement(artifact, bytes, tensor, t);
  return ValidatePoolPlacement(artifact, tensor, t);
}

// Graph inputs and outputs are written and read by the executor, so they live in a pool.
Status ValidateGraphIo(const schema::Artifact& artifact, const flatbuffers::Vector<int32_t>& io,
                       const char* field) {
  const int32_t tensor_count = static_cast<int32_t>(artifact.tensors()->size());
  for (flatbuffers::uoffset_t i = 0; i < io.size(); ++i) {
    const int32_t t = io.Get(i);
    if (t < 0 || t >= tensor_count) {
      return InvalidField(field, "%s[%u]: tensor index %d out of range (%d tensors)", field, i, t,
                          tensor_count);
    }
    if (IsConstant(*artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t)))) {
      return InvalidField(field, "%s[%u]: tensor %d is a constant, not an activation in a pool",
                          field, i, t)
          .WithTensor(t);
    }
  }
  return Status::Ok();
}

Status ValidateOperatorIndices(const schema::Artifact& artifact, const schema::Operator& op,
                               int32_t o) {
  const int32_t tensor_count = static_cast<int32_t>(artifact.tensors()->size());
  if (op.inputs() == nullptr || op.outputs() == nullptr) {
    return InvalidField(op.inputs() == nullptr ? "operators.inputs" : "operators.outputs",
                        "operators[%d].%s: missing", o,
                        op.inputs() == nullptr ? "inputs" : "outputs")
        .WithOp(o);
  }
  if (op.inputs()->size() > static_cast<uint32_t>(kernels::kMaxOpInputs)) {
    return InvalidField("operators.inputs", "operators[%d].inputs: %u inputs, at most %d", o,
                        op.inputs()->size(), kernels::kMaxOpInputs)
        .WithOp(o);
  }
  for (flatbuffers::uoffset_t i = 0; i < op.inputs()->size(); ++i) {
    const int32_t t = op.inputs()->Get(i);
    if (t < -1 || t >= tensor_count) {
      return InvalidField("operators.inputs",
                          "operators[%d].inputs[%u]: tensor index %d out of range (%d tensors)", o,
                          i, t, tensor_count)
          .WithOp(o);
    }
  }
  for (flatbuffers::uoffset_t i = 0; i < op.outputs()->size(); ++i) {
    const int32_t t = op.outputs()->Get(i);
    if (t < 0 || t >= tensor_count) {
      return InvalidField("operators.outputs",
                          "operators[%d].outputs[%u]: tensor index %d out of range (%d tensors)", o,
                          i, t, tensor_count)
          .WithOp(o);
    }
    if (IsConstant(*artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t)))) {
      return InvalidField("operators.outputs",
                          "operators[%d].outputs[%u]: tensor %d is a constant; outputs live in a "
                          "pool",
                          o, i, t)
          .WithOp(o)
          .WithTensor(t);
    }
  }
  return Status::Ok();
}

Status ValidateScratch(const schema::Artifact& artifact, const schema::Operator& op, int32_t o) {
  const auto* scratch = op.scratch();
  if (scratch == nullptr) return Status::Ok();
  if (scratch->size() > kMaxScratchEntriesPerOp) {
    return InvalidField("operators.scratch",
                        "operators[%d].scratch: %u entries; format 1.x allows at most %u", o,
                        scratch->size(), kMaxScratchEntriesPerOp)
        .WithOp(o);
  }
  const int32_t pool_count = static_cast<int32_t>(artifact.pools()->size());
  for (flatbuffers::uoffset_t i = 0; i < scratch->size(); ++i) {
    const schema::Scratch& entry = *scratch->Get(i);
    if (entry.pool() < 0 || entry.pool() >= pool_count) {
      return InvalidField("operators.scratch.pool",
                          "operators[%d].scratch[%u].pool: pool index %d out of range (%d pools)",
                          o, i, entry.pool(), pool_count)
          .WithOp(o);
    }
    const schema::Pool& pool =
        *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(entry.pool()));
    if (!RangeWithin(entry.offset(), entry.bytes(), pool.planned_bytes())) {
      return InvalidField("operators.scratch.offset",
                          "operators[%d].scratch[%u]: bytes [%llu, +%llu) lie outside pool '%s' "
                          "(%llu planned bytes)",
                          o, i, static_cast<ull>(entry.offset()), static_cast<ull>(entry.bytes()),
                          pool.name()->c_str(), static_cast<ull>(pool.planned_bytes()))
          .WithOp(o)
          .WithPool(entry.pool());
    }
  }
  return Status::Ok();
}

Status ValidateOperator(const schema::Artifact& artifact, int32_t o) {
  const schema::Operator& op = *artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
  ARENASTORE_RETURN_IF_ERROR(ValidateOperatorIndices(artifact, op, o));
  ARENASTORE_RETURN_IF_ERROR(ValidateScratch(artifact, op, o));
  if (static_cast<int>(op.kind()) >= kernels::kOpKindCount) return Status::Ok();
  kernels::OpParams unused;
  return BuildOpParams(artifact, o, &unused);
}

}  // namespace

Status ValidateArtifact(const schema::Artifact& artifact, std::span<const uint8_t> bytes) {
  ARENASTORE_RETURN_IF_ERROR(ValidateRequiredTables(artifact));
  if (artifact.pools()->size() > static_cast<uint32_t>(kMaxPools)) {
    return InvalidField("pools", "pools: %u pools; this runtime binds at most %d",
                        artifact.pools()->size(), kMaxPools);
  }
  for (int32_t p = 0; p < static_cast<int32_t>(artifact.pools()->size()); ++p) {
    ARENASTORE_RETURN_IF_ERROR(ValidatePool(artifact, p));
  }
  for (int32_t t = 0; t < static_cast<int32_t>(artifact.tensors()->size()); ++t) {
    ARENASTORE_RETURN_IF_ERROR(ValidateTensor(artifact, bytes, t));
  }
  ARENASTORE_RETURN_IF_ERROR(ValidateGraphIo(artifact, *artifact.inputs(), "inputs"));
  ARENASTORE_RETURN_IF_ERROR(ValidateGraphIo(artifact, *artifact.outputs(), "outputs"));
  for (int32_t o = 0; o < static_cast<int32_t>(artifact.operators()->size()); ++o) {
    ARENASTORE_RETURN_IF_ERROR(ValidateOperator(artifact, o));
  }
  return Status::Ok();
}

}  // namespace arenastore::runtime
