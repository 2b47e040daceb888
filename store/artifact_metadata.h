// ArtifactMetadata: what the store indexes about an artifact, read from the artifact itself
// (never typed in by a user): format version, producer, kernel library version, target,
// every operator's kind and planned scratch bytes, every pool. Called by push; `show` reads
// the same fields back from the tables. Heap OK.
// ReadArtifactMetadata first runs the runtime's verified view (FlatBuffers verifier plus
// semantic validation), so bad bytes fail with the runtime's kFormat* error and are never
// indexed.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"

namespace arenastore::runtime {
class ArtifactView;
}

namespace arenastore::store {

struct OperatorRecord {
  int32_t index = 0;
  std::string kind;            // kernels::OpKindName, e.g. "conv2d"
  uint64_t scratch_bytes = 0;  // planned scratch of the operator (0 when it has none)
  // Operand types, inputs then outputs: "int8,int8,int32->int8" ("none" for an absent optional
  // input). Read from the artifact; not indexed in tables (empty when read back by show), but
  // carried in a remote's config JSON so audits can filter by dtype without the artifact.
  std::string dtypes;
};

struct PoolRecord {
  int32_t index = 0;
  std::string name;
  std::string kind;  // "workspace", "constant" or "io"
  uint64_t planned_bytes = 0;
  uint32_t alignment = 0;
  uint64_t capacity_bytes = 0;
};

struct ArtifactMetadata {
  std::string sha256;
  uint64_t size_bytes = 0;
  uint32_t format_major = 0;
  uint32_t format_minor = 0;
  std::string producer;
  std::string model_name;
  std::string source_model_name;
  std::string source_model_sha256;
  uint32_t kernel_major = 0;
  uint32_t kernel_minor = 0;
  uint32_t kernel_patch = 0;
  std::string kernel_version;  // "major.minor.patch"
  std::string target_isa;      // kernels::IsaName
  std::string target_cpu;
  std::string plan_algorithm;
  uint64_t lower_bound_bytes = 0;
  uint64_t planned_bytes = 0;  // sum over pools
  uint64_t scratch_bytes = 0;  // sum over operators
  std::vector<OperatorRecord> operators;
  std::vector<PoolRecord> pools;
};

// Verifies `bytes` with runtime::ArtifactView and extracts the metadata; the digest is computed
// here. Bytes that are not 16-byte aligned are copied first (the view requires alignment).
Result<ArtifactMetadata> ReadArtifactMetadata(std::span<const uint8_t> bytes);

// The extraction alone, from an already verified artifact (digest and size left empty).
ArtifactMetadata ExtractMetadata(const runtime::ArtifactView& view);

}  // namespace arenastore::store
