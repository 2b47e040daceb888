// Semantic validation of an artifact that passed the FlatBuffers Verifier: afterwards no kernel
// run on any of its ops can read or write out of bounds. Called by ArtifactView::Create.
// Never allocates. Errors: kFormatInvalidField naming the field ("operators[3].inputs[1]:
// tensor index 99 out of range (64 tensors)"), with WithField/WithOp/WithTensor/WithPool set.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// Limits of format 1.x as this runtime reads it.
inline constexpr int32_t kMaxTensorRank = 8;
// Pools are bound to caller buffers by name in a fixed table (runtime/executor.h).
inline constexpr int32_t kMaxPools = 8;
inline constexpr uint32_t kMaxPoolAlignment = 1u << 16;
inline constexpr uint32_t kMaxScratchEntriesPerOp = 1;

// Checks every index (tensors, op inputs/outputs, graph inputs/outputs, pools), enum values,
// tensor bytes against shape and type (64-bit, bounded by INT32_MAX elements), placements
// within pools and the constants vector (aligned for the element type), scratch within pools
// (one entry per op), and each known op (runtime/op_params_builder.h). The memory plan itself
// is proved by runtime/plan_verification.h, which ArtifactView::Create runs after this.
// Unknown op kinds pass: a newer planner may write them; the gate rejects them and the
// executor refuses them.
Status ValidateArtifact(const schema::Artifact& artifact, std::span<const uint8_t> bytes);

}  // namespace arenastore::runtime
