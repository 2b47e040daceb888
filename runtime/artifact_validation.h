// Semantic validation of an artifact that passed the FlatBuffers Verifier: after it succeeds,
// a kernel run on any op of the artifact can never read or write out of bounds. Checks every
// index (tensors, op inputs/outputs, graph inputs/outputs, pools), enum values, tensor sizes
// against shape and type, placements within pools and constants, scratch within pools, the
// options table against the op kind, and each known op's arity, shapes and parameter ranges
// (runtime/op_validation.h). Unknown op kinds pass: the gate rejects them, the executor
// refuses them. Called by ArtifactView::Create. Never allocates. Errors: kFormatInvalidField
// naming the field ("operators[3].inputs[1]: tensor index 99 out of range (64 tensors)") with
// Status::WithField/WithOp/WithTensor/WithPool set.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "runtime/schema/artifact_generated.h"

namespace arenastore::runtime {

// Limits of format 1.x as this runtime reads it.
inline constexpr int32_t kMaxTensorRank = 8;
// Pools are bound to caller buffers by name in a fixed table (runtime/executor.h).
inline constexpr int32_t kMaxPools = 8;
inline constexpr uint32_t kMaxPoolAlignment = 1u << 16;
inline constexpr uint32_t kMaxScratchEntriesPerOp = 1;

Status ValidateArtifact(const schema::Artifact& artifact, std::span<const uint8_t> bytes);

}  // namespace arenastore::runtime
