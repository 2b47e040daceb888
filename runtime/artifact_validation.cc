#include "runtime/artifact_validation.h"

#include <cstddef>
#include <limits>

#include "base/format.h"
#include "kernels/op_kind.h"
#include "kernels/op_params.h"
#include "runtime/op_params_builder.h"
#include "runtime/runtime_op.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

// Weak (runtime/artifact_stages.h): null in an image that does not link row stages.
[[gnu::weak]] bool IsStageInnerTensor(const schema::Artifact& artifact, int32_t t);
[[gnu::weak]] StatusRef ValidateStages(const schema::Artifact& artifact, Status* status);

#if !defined(__arm__) && !defined(__thumb__)
// A host links the stage code whatever it calls (its tools validate stage artifacts they never
// run): this strong reference pulls runtime/artifact_stages.cc in, and with it the weak ones.
int32_t StageHolding(const schema::Artifact& artifact, int32_t op_index);
[[gnu::used]] static int32_t (*const kLinkRowStages)(const schema::Artifact&, int32_t) =
    &StageHolding;
#endif

namespace {

using ull = unsigned long long;

bool IsPowerOfTwo(uint32_t value) { return value != 0 && (value & (value - 1)) == 0; }

// [offset, offset + bytes) inside [0, limit), without overflow.
bool RangeWithin(uint64_t offset, uint64_t bytes, uint64_t limit) {
  return offset <= limit && bytes <= limit - offset;
}

StatusRef ValidateRequiredTables(const schema::Artifact& artifact, Status* status) {
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
      return Reject(status, r.field, "%s: missing; every artifact records it, re-plan the model",
                    r.field);
    }
  }
  const auto isa = static_cast<uint32_t>(artifact.target_isa());
  if (isa >= static_cast<uint32_t>(kernels::kIsaCount)) {
    return Reject(status, "target_isa", "target_isa: unknown ISA %u (this runtime knows 0..%d)",
                  isa, kernels::kIsaCount - 1);
  }
  return StatusRef::Ok();
}

bool SameName(const flatbuffers::String* a, const flatbuffers::String* b) {
  if (a->size() != b->size()) return false;
  for (flatbuffers::uoffset_t i = 0; i < a->size(); ++i) {
    if (a->Get(i) != b->Get(i)) return false;
  }
  return true;
}

StatusRef ValidatePool(const schema::Artifact& artifact, int32_t p, Status* status) {
  const schema::Pool& pool = *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(p));
  if (pool.name() == nullptr || pool.name()->size() == 0) {
    return Reject(status, "pools.name", "pools[%d].name: missing or empty; pools are bound by name",
                  p);
  }
  for (int32_t q = 0; q < p; ++q) {
    if (SameName(pool.name(),
                 artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(q))->name())) {
      return Reject(status, "pools.name", "pools[%d].name: '%s' is also the name of pools[%d]", p,
                    pool.name()->c_str(), q);
    }
  }
  if (static_cast<uint32_t>(pool.kind()) > static_cast<uint32_t>(schema::PoolKind::MAX)) {
    return Reject(status, "pools.kind", "pools[%d].kind: unknown pool kind %u", p,
                  static_cast<uint32_t>(pool.kind()));
  }
  if (!IsPowerOfTwo(pool.alignment()) || pool.alignment() > kMaxPoolAlignment) {
    return Reject(status, "pools.alignment",
                  "pools[%d].alignment: %u is not a power of two in [1, %u]", p, pool.alignment(),
                  kMaxPoolAlignment);
  }
  if (pool.planned_bytes() > static_cast<uint64_t>(std::numeric_limits<ptrdiff_t>::max())) {
    return Reject(status, "pools.planned_bytes",
                  "pools[%d].planned_bytes: %llu does not fit this target's address space", p,
                  static_cast<ull>(pool.planned_bytes()));
  }
  if (pool.capacity_bytes() != 0 && pool.planned_bytes() > pool.capacity_bytes()) {
    return Reject(status, "pools.planned_bytes",
                  "pools[%d].planned_bytes: %llu exceeds the capacity %llu the plan was "
                  "made for; the plan is corrupt, re-plan the model",
                  p, static_cast<ull>(pool.planned_bytes()),
                  static_cast<ull>(pool.capacity_bytes()));
  }
  return StatusRef::Ok();
}

// A row stage's inner tensor keeps its shape but holds a strip buffer, whose bytes ValidateStages
// checks instead; asked only when the bytes differ, and an image without row stages has no such
// tensor (the message then says why the artifact may not fit it).
StatusRef ValidateTensorShape(const schema::Artifact& artifact, const schema::Tensor& tensor,
                              int32_t t, Status* status) {
  const auto type = static_cast<uint32_t>(tensor.type());
  if (type > static_cast<uint32_t>(schema::DataType::MAX)) {
    return Reject(status, "tensors.type", "tensors[%d].type: unknown data type %u", t, type);
  }
  if (tensor.shape() == nullptr) {
    return Reject(status, "tensors.shape", "tensors[%d].shape: missing (a scalar has shape [])", t);
  }
  if (Rank(tensor) > kMaxTensorRank) {
    return Reject(status, "tensors.shape", "tensors[%d].shape: rank %d exceeds %d", t, Rank(tensor),
                  kMaxTensorRank);
  }
  int64_t elements = 1;
  for (int32_t i = 0; i < Rank(tensor); ++i) {
    const int32_t dim = Dim(tensor, i);
    if (dim < 1) {
      return Reject(status, "tensors.shape",
                    "tensors[%d].shape[%d]: dimension %d must be at least 1", t, i, dim);
    }
    elements *= dim;
    if (elements > kMaxTensorElements) {
      return Reject(status, "tensors.shape", "tensors[%d].shape: %s has more than %lld elements", t,
                    FormatShape(tensor).text, static_cast<long long>(kMaxTensorElements));
    }
  }
  const uint64_t expected = static_cast<uint64_t>(elements) * ElementBytes(tensor.type());
  if (tensor.bytes() != expected &&
      (IsStageInnerTensor == nullptr || !IsStageInnerTensor(artifact, t))) {
    return Reject(status, "tensors.bytes",
                  "tensors[%d].bytes: %llu, but shape %s of %s needs %llu bytes (only a row "
                  "stage's inner tensor may differ, in a runtime built with row stages)",
                  t,
                  static_cast<ull>(tensor.bytes()), FormatShape(tensor).text,
                  DataTypeName(tensor.type()), static_cast<ull>(expected));
  }
  return StatusRef::Ok();
}

StatusRef ValidateZeroPoints(const schema::Tensor& tensor, int32_t t, Status* status) {
  const schema::Quantization* quantization = tensor.quantization();
  if (quantization == nullptr || quantization->zero_point() == nullptr) return StatusRef::Ok();
  // Zero points of quantized activations lie in their element type's range.
  const bool is_int8 = tensor.type() == schema::DataType::INT8;
  if (!is_int8 && tensor.type() != schema::DataType::INT16) return StatusRef::Ok();
  const int64_t limit = is_int8 ? 128 : 32768;
  const auto* zero_points = quantization->zero_point();
  for (flatbuffers::uoffset_t i = 0; i < zero_points->size(); ++i) {
    const int64_t zero_point = Int64At(*zero_points, i);
    if (zero_point < -limit || zero_point > limit - 1) {
      return Reject(status, "tensors.quantization.zero_point",
                    "tensors[%d].quantization.zero_point[%u]: %lld is outside %s", t, i,
                    static_cast<long long>(zero_point), DataTypeName(tensor.type()));
    }
  }
  return StatusRef::Ok();
}

StatusRef ValidateConstantPlacement(const schema::Artifact& artifact,
                                    std::span<const uint8_t> bytes, const schema::Tensor& tensor,
                                    int32_t t, Status* status) {
  const auto* constants = artifact.constants();
  const uint64_t size = constants == nullptr ? 0 : constants->size();
  if (!RangeWithin(tensor.offset(), tensor.bytes(), size)) {
    return Reject(status, "tensors.offset",
                  "tensors[%d]: constant bytes [%llu, +%llu) lie outside the %llu-byte "
                  "constants vector",
                  t, static_cast<ull>(tensor.offset()), static_cast<ull>(tensor.bytes()),
                  static_cast<ull>(size));
  }
  const uint64_t position =
      static_cast<uint64_t>(constants->data() - bytes.data()) + tensor.offset();
  // Element sizes are powers of two: a mask, not a 64-bit division (libgcc's costs a device
  // image 0.7 KiB).
  const size_t element_bytes = ElementBytes(tensor.type());
  if ((position & (element_bytes - 1)) != 0) {
    return Reject(status, "tensors.offset",
                  "tensors[%d].offset: constant at byte %llu of the file is not %zu-byte "
                  "aligned for its element type",
                  t, static_cast<ull>(position), element_bytes);
  }
  return StatusRef::Ok();
}

StatusRef ValidatePoolPlacement(const schema::Artifact& artifact, const schema::Tensor& tensor,
                                int32_t t, Status* status) {
  const int32_t pool_count = static_cast<int32_t>(artifact.pools()->size());
  if (tensor.pool() < -1 || tensor.pool() >= pool_count) {
    return Reject(status, "tensors.pool", "tensors[%d].pool: pool index %d out of range (%d pools)",
                  t, tensor.pool(), pool_count);
  }
  const schema::Pool& pool =
      *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(tensor.pool()));
  if (!RangeWithin(tensor.offset(), tensor.bytes(), pool.planned_bytes())) {
    const StatusRef failed =
        Reject(status, "tensors.offset",
               "tensors[%d]: bytes [%llu, +%llu) lie outside pool '%s' (%llu planned bytes)", t,
               static_cast<ull>(tensor.offset()), static_cast<ull>(tensor.bytes()),
               pool.name()->c_str(), static_cast<ull>(pool.planned_bytes()));
    status->WithPool(tensor.pool());
    return failed;
  }
  const size_t element_bytes = ElementBytes(tensor.type());
  if ((tensor.offset() & (element_bytes - 1)) != 0 || pool.alignment() < element_bytes) {
    const StatusRef failed = Reject(
        status, "tensors.offset",
        "tensors[%d].offset: %llu in pool '%s' (alignment %u) is not %zu-byte aligned for its "
        "element type",
        t, static_cast<ull>(tensor.offset()), pool.name()->c_str(), pool.alignment(),
        element_bytes);
    status->WithPool(tensor.pool());
    return failed;
  }
  return StatusRef::Ok();
}

StatusRef ValidateTensor(const schema::Artifact& artifact, std::span<const uint8_t> bytes,
                         int32_t t, Status* status) {
  const schema::Tensor& tensor = *artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t));
  ARENASTORE_RETURN_IF_FAILED(ValidateTensorShape(artifact, tensor, t, status));
  ARENASTORE_RETURN_IF_FAILED(ValidateZeroPoints(tensor, t, status));
  return tensor.pool() == -1 ? ValidateConstantPlacement(artifact, bytes, tensor, t, status)
                             : ValidatePoolPlacement(artifact, tensor, t, status);
}

// Graph inputs and outputs are written and read by the executor, so they live in a pool.
// Every entry of `io` names an activation: a tensor in range, not a constant. `where` names the
// list in messages ("inputs", "operators[3].outputs"), `field` in the status.
StatusRef ValidateActivations(const schema::Artifact& artifact,
                              const flatbuffers::Vector<int32_t>& io, const char* where,
                              const char* field, Status* status) {
  const int32_t tensor_count = static_cast<int32_t>(artifact.tensors()->size());
  for (flatbuffers::uoffset_t i = 0; i < io.size(); ++i) {
    const int32_t t = io.Get(i);
    if (t < 0 || t >= tensor_count) {
      return Reject(status, field, "%s[%u]: tensor index %d out of range (%d tensors)", where, i, t,
                    tensor_count);
    }
    if (IsConstant(*artifact.tensors()->Get(static_cast<flatbuffers::uoffset_t>(t)))) {
      const StatusRef failed =
          Reject(status, field, "%s[%u]: tensor %d is a constant, not an activation in a pool",
                 where, i, t);
      status->WithTensor(t);
      return failed;
    }
  }
  return StatusRef::Ok();
}

StatusRef ValidateOperatorIndices(const schema::Artifact& artifact, const schema::Operator& op,
                                  int32_t o, Status* status) {
  if (op.inputs() == nullptr || op.outputs() == nullptr) {
    return Reject(status, op.inputs() == nullptr ? "operators.inputs" : "operators.outputs",
                  "operators[%d].%s: missing", o, op.inputs() == nullptr ? "inputs" : "outputs");
  }
  if (op.inputs()->size() > static_cast<uint32_t>(kernels::kMaxOpInputs)) {
    return Reject(status, "operators.inputs", "operators[%d].inputs: %u inputs, at most %d", o,
                  op.inputs()->size(), kernels::kMaxOpInputs);
  }
  const int32_t tensor_count = static_cast<int32_t>(artifact.tensors()->size());
  for (flatbuffers::uoffset_t i = 0; i < op.inputs()->size(); ++i) {
    const int32_t t = op.inputs()->Get(i);
    if (t < -1 || t >= tensor_count) {
      return Reject(status, "operators.inputs",
                    "operators[%d].inputs[%u]: tensor index %d out of range (%d tensors)", o, i, t,
                    tensor_count);
    }
  }
  char where[32];
  Format(where, sizeof(where), "operators[%d].outputs", o);
  return ValidateActivations(artifact, *op.outputs(), where, "operators.outputs", status);
}

StatusRef ValidateScratch(const schema::Artifact& artifact, const schema::Operator& op, int32_t o,
                          Status* status) {
  const auto* scratch = op.scratch();
  if (scratch == nullptr) return StatusRef::Ok();
  if (scratch->size() > kMaxScratchEntriesPerOp) {
    return Reject(status, "operators.scratch",
                  "operators[%d].scratch: %u entries; format 1.x allows at most %u", o,
                  scratch->size(), kMaxScratchEntriesPerOp);
  }
  const int32_t pool_count = static_cast<int32_t>(artifact.pools()->size());
  for (flatbuffers::uoffset_t i = 0; i < scratch->size(); ++i) {
    const schema::Scratch& entry = *scratch->Get(i);
    if (entry.pool() < 0 || entry.pool() >= pool_count) {
      return Reject(status, "operators.scratch.pool",
                    "operators[%d].scratch[%u].pool: pool index %d out of range (%d pools)", o, i,
                    entry.pool(), pool_count);
    }
    const schema::Pool& pool =
        *artifact.pools()->Get(static_cast<flatbuffers::uoffset_t>(entry.pool()));
    if (!RangeWithin(entry.offset(), entry.bytes(), pool.planned_bytes())) {
      const StatusRef failed = Reject(
          status, "operators.scratch.offset",
          "operators[%d].scratch[%u]: bytes [%llu, +%llu) lie outside pool '%s' (%llu planned "
          "bytes)",
          o, i, static_cast<ull>(entry.offset()), static_cast<ull>(entry.bytes()),
          pool.name()->c_str(), static_cast<ull>(pool.planned_bytes()));
      status->WithPool(entry.pool());
      return failed;
    }
  }
  return StatusRef::Ok();
}

StatusRef ValidateOperator(const schema::Artifact& artifact, int32_t o, Status* status) {
  const schema::Operator& op = *artifact.operators()->Get(static_cast<flatbuffers::uoffset_t>(o));
  StatusRef failed = ValidateOperatorIndices(artifact, op, o, status);
  if (failed.ok()) failed = ValidateScratch(artifact, op, o, status);
  if (!failed.ok()) {
    status->WithOp(o);
    return failed;
  }
  // Unknown to this runtime (a newer planner's, or compiled out): the gate rejects it.
  if (RuntimeOpOf(static_cast<kernels::OpKind>(op.kind())) == nullptr) return StatusRef::Ok();
  kernels::OpParams unused;
  *status = BuildOpParams(artifact, o, &unused);
  return status->ok() ? StatusRef::Ok() : StatusRef::Failed(*status);
}

// Each check writes the first failure into *status and returns a StatusRef to it; the location
// (pool, tensor) is added here, once per loop.
StatusRef ValidateAll(const schema::Artifact& artifact, std::span<const uint8_t> bytes,
                      Status* status) {
  ARENASTORE_RETURN_IF_FAILED(ValidateRequiredTables(artifact, status));
  if (artifact.pools()->size() > static_cast<uint32_t>(kMaxPools)) {
    return Reject(status, "pools", "pools: %u pools; this runtime binds at most %d",
                  artifact.pools()->size(), kMaxPools);
  }
  for (int32_t p = 0; p < static_cast<int32_t>(artifact.pools()->size()); ++p) {
    if (const StatusRef failed = ValidatePool(artifact, p, status); !failed.ok()) {
      status->WithPool(p);
      return failed;
    }
  }
  for (int32_t t = 0; t < static_cast<int32_t>(artifact.tensors()->size()); ++t) {
    if (const StatusRef failed = ValidateTensor(artifact, bytes, t, status); !failed.ok()) {
      status->WithTensor(t);
      return failed;
    }
  }
  ARENASTORE_RETURN_IF_FAILED(
      ValidateActivations(artifact, *artifact.inputs(), "inputs", "inputs", status));
  ARENASTORE_RETURN_IF_FAILED(
      ValidateActivations(artifact, *artifact.outputs(), "outputs", "outputs", status));
  for (int32_t o = 0; o < static_cast<int32_t>(artifact.operators()->size()); ++o) {
    ARENASTORE_RETURN_IF_FAILED(ValidateOperator(artifact, o, status));
  }
  return ValidateStages == nullptr ? StatusRef::Ok() : ValidateStages(artifact, status);
}

}  // namespace

Status ValidateArtifact(const schema::Artifact& artifact, std::span<const uint8_t> bytes) {
  Status status;
  static_cast<void>(ValidateAll(artifact, bytes, &status));  // a failure is written to `status`
  return status;
}

}  // namespace arenastore::runtime
