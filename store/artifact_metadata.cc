#include "store/artifact_metadata.h"

#include <cctype>
#include <cstring>

#include "kernels/op_kind.h"
#include "runtime/artifact_view.h"
#include "runtime/schema/artifact_schema.h"
#include "store/sha256.h"

namespace arenastore::store {
namespace {

std::string Text(const flatbuffers::String* text) {
  return text == nullptr ? std::string() : std::string(text->c_str(), text->size());
}

std::string OpKindText(schema::OpKind kind) {
  const char* name = kernels::OpKindName(static_cast<kernels::OpKind>(kind));
  return name != nullptr ? name : "unknown_" + std::to_string(static_cast<int>(kind));
}

std::string IsaText(schema::Isa isa) {
  const char* name = kernels::IsaName(static_cast<kernels::Isa>(isa));
  return name != nullptr ? name : "unknown_" + std::to_string(static_cast<int>(isa));
}

std::string OperandTypes(const runtime::ArtifactView& view,
                         const flatbuffers::Vector<int32_t>* tensors) {
  std::string text;
  if (tensors == nullptr) return text;
  for (const int32_t index : *tensors) {
    if (!text.empty()) text += ',';
    text += index < 0 ? "none" : schema::EnumNameDataType(view.tensor(index).type());
  }
  return text;
}

std::string DtypesOf(const runtime::ArtifactView& view, const schema::Operator& op) {
  std::string text = OperandTypes(view, op.inputs()) + "->" + OperandTypes(view, op.outputs());
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

void ExtractOperators(const runtime::ArtifactView& view, ArtifactMetadata* metadata) {
  for (int32_t index = 0; index < view.operator_count(); ++index) {
    OperatorRecord record;
    record.index = index;
    record.kind = OpKindText(view.op(index).kind());
    record.scratch_bytes = view.PlannedScratchBytes(index);
    record.dtypes = DtypesOf(view, view.op(index));
    metadata->scratch_bytes += record.scratch_bytes;
    metadata->operators.push_back(std::move(record));
  }
}

void ExtractPools(const runtime::ArtifactView& view, ArtifactMetadata* metadata) {
  for (int32_t index = 0; index < view.pool_count(); ++index) {
    const schema::Pool* pool = &view.pool(index);
    PoolRecord record;
    record.index = index;
    record.name = Text(pool->name());
    record.kind = runtime::PoolKindName(pool->kind());
    record.planned_bytes = pool->planned_bytes();
    record.alignment = pool->alignment();
    record.capacity_bytes = pool->capacity_bytes();
    metadata->planned_bytes += record.planned_bytes;
    metadata->pools.push_back(std::move(record));
  }
}

}  // namespace

ArtifactMetadata ExtractMetadata(const runtime::ArtifactView& view) {
  const schema::Artifact& artifact = view.artifact();
  ArtifactMetadata metadata;
  if (const schema::Version* format = artifact.format_version()) {
    metadata.format_major = format->major();
    metadata.format_minor = format->minor();
  }
  metadata.producer = Text(artifact.producer());
  metadata.model_name = Text(artifact.model_name());
  metadata.source_model_name = Text(artifact.source_model_name());
  metadata.source_model_sha256 = Text(artifact.source_model_sha256());
  if (const schema::Version* kernel = artifact.kernel_version()) {
    metadata.kernel_major = kernel->major();
    metadata.kernel_minor = kernel->minor();
    metadata.kernel_patch = kernel->patch();
  }
  metadata.kernel_version = std::to_string(metadata.kernel_major) + "." +
                            std::to_string(metadata.kernel_minor) + "." +
                            std::to_string(metadata.kernel_patch);
  metadata.target_isa = IsaText(artifact.target_isa());
  metadata.target_cpu = Text(artifact.target_cpu());
  if (const schema::PlanSummary* plan = artifact.plan()) {
    metadata.plan_algorithm = Text(plan->algorithm());
    metadata.lower_bound_bytes = plan->lower_bound_bytes();
  }
  ExtractOperators(view, &metadata);
  ExtractPools(view, &metadata);
  return metadata;
}

Result<ArtifactMetadata> ReadArtifactMetadata(std::span<const uint8_t> bytes) {
  static_assert(__STDCPP_DEFAULT_NEW_ALIGNMENT__ >= 16, "the copy below relies on new's alignment");
  std::vector<uint64_t> aligned_copy;
  std::span<const uint8_t> aligned = bytes;
  if (reinterpret_cast<uintptr_t>(bytes.data()) % 16 != 0) {
    aligned_copy.resize((bytes.size() + 7) / 8);
    std::memcpy(aligned_copy.data(), bytes.data(), bytes.size());
    aligned = {reinterpret_cast<const uint8_t*>(aligned_copy.data()), bytes.size()};
  }
  ARENASTORE_ASSIGN_OR_RETURN(const runtime::ArtifactView view,
                              runtime::ArtifactView::Create(aligned));
  ArtifactMetadata metadata = ExtractMetadata(view);
  metadata.sha256 = Sha256Hex(bytes);
  metadata.size_bytes = bytes.size();
  return metadata;
}

}  // namespace arenastore::store
