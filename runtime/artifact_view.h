// ArtifactView: artifact bytes that passed every check the runtime makes before trusting them.
// Called by the gate, the executor, the CLI and the store. Does not take ownership: the bytes
// must outlive the view. Never allocates; immutable after Create, so thread-safe to read.
// Errors: one kFormat* code per layer (see Create), each naming the field and what to do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/result.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// Constants are force_align 16 inside the file, so the file itself must start 16-aligned.
inline constexpr size_t kArtifactAlignment = 16;
// Root offset, identifier, a vtable header and a table's vtable offset.
inline constexpr size_t kMinArtifactBytes = 16;
// Verifier limits: our schema nests about six deep; the table limit bounds hostile inputs.
inline constexpr uint32_t kVerifierMaxDepth = 16;
inline constexpr uint32_t kVerifierMaxTables = 1u << 20;

class ArtifactView {
 public:
  // Checks in layers, each with its own code: size (kFormatTooSmall) -> 16-byte alignment
  // (kFormatMisaligned: copy into an aligned buffer) -> identifier "ARST"
  // (kFormatBadIdentifier) -> format major, read by a bounds-checked reader before anything
  // else (kFormatUnsupportedVersion) -> FlatBuffers Verifier (kFormatVerifierFailed) ->
  // semantic validation (kFormatInvalidField, runtime/artifact_validation.h) -> the memory
  // plan's proof (kFormatInvalidField, runtime/plan_verification.h: no tensor read before it is
  // written, no two live buffers sharing a byte). Everything that runs or vouches for an
  // artifact opens it here. `workspace`: bytes the caller has not bound yet (a device's arena
  // before its executor takes it), which the plan's proof may overwrite to check the plan in one
  // pass (PlanProofOnePassBytes) rather than a block pair at a time from the stack.
  static Result<ArtifactView> Create(std::span<const uint8_t> bytes,
                                     std::span<uint8_t> workspace = {});

  // Every check but the plan's proof: enough for EvaluateGate, which reads sizes and never
  // writes the arena. For an image that only judges (the gate-only firmware, whose code budget
  // the proof would break); an image that executes must use Create.
  static Result<ArtifactView> CreateForGate(std::span<const uint8_t> bytes);

  const schema::Artifact& artifact() const { return *artifact_; }
  std::span<const uint8_t> bytes() const { return bytes_; }

  // Counts and elements of the tables validation made mandatory.
  int32_t tensor_count() const { return static_cast<int32_t>(artifact_->tensors()->size()); }
  int32_t operator_count() const { return static_cast<int32_t>(artifact_->operators()->size()); }
  int32_t pool_count() const { return static_cast<int32_t>(artifact_->pools()->size()); }
  int32_t input_count() const { return static_cast<int32_t>(artifact_->inputs()->size()); }
  int32_t output_count() const { return static_cast<int32_t>(artifact_->outputs()->size()); }
  const schema::Tensor& tensor(int32_t index) const {
    return *artifact_->tensors()->Get(static_cast<flatbuffers::uoffset_t>(index));
  }
  const schema::Operator& op(int32_t index) const {
    return *artifact_->operators()->Get(static_cast<flatbuffers::uoffset_t>(index));
  }
  const schema::Pool& pool(int32_t index) const {
    return *artifact_->pools()->Get(static_cast<flatbuffers::uoffset_t>(index));
  }

  // Bytes of a constant tensor (pool == -1) inside the constants vector, in range and aligned
  // for its element type.
  const uint8_t* ConstantData(const schema::Tensor& tensor) const;

  // The op's scratch entry (format 1.x has at most one), or nullptr when it has none.
  const schema::Scratch* ScratchOf(int32_t op_index) const;
  size_t PlannedScratchBytes(int32_t op_index) const;

  // Whether this build knows the op's kind: it is in the operator list and compiled into this
  // runtime (ARENASTORE_OPS). Other kinds are valid format (a newer planner may write them, a
  // selective build leaves some out); the gate rejects them and the executor refuses them.
  bool IsKnownOpKind(int32_t op_index) const;

 private:
  ArtifactView(std::span<const uint8_t> bytes, const schema::Artifact* artifact)
      : bytes_(bytes), artifact_(artifact) {}

  std::span<const uint8_t> bytes_;
  const schema::Artifact* artifact_;
};

// "workspace", "constant", "io", "state"; "unknown" for a value outside the enum.
const char* PoolKindName(schema::PoolKind kind);

// Whether the tensor is a variable: it lives in a pool of kind STATE (valid views only).
bool IsStateTensor(const ArtifactView& view, const schema::Tensor& tensor);

}  // namespace arenastore::runtime
