// What an artifact holds, as `inspect --json` prints it: header, inputs and outputs (shape, type,
// bytes, scale, zero point), pools, plan summary and per-op scratch. Called by the inspect verb
// and the Python module (python/), so both describe an artifact in the same words and numbers.
// Host-only; the artifact must have passed the runtime's verifier (OpenView).
#pragma once

#include <nlohmann/json.hpp>

#include "runtime/schema/artifact_schema.h"
#include "tools/artifact_source.h"

namespace arenastore::cli {

nlohmann::json Describe(const LoadedArtifact& loaded, const schema::Artifact& artifact);

}  // namespace arenastore::cli
