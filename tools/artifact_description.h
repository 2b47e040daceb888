// What an artifact holds, as `inspect --json` prints it: header, inputs and outputs (shape, type,
// bytes, scale, zero point), pools, plan summary with the buffers alive at the peak, the device
// RAM in all and per-op scratch. Called by the inspect, compile and export verbs and the Python
// module (python/), so all describe an artifact in the same words and numbers.
// Host-only; the artifact must have passed the runtime's verifier (OpenView).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "runtime/artifact_view.h"
#include "tools/artifact_source.h"

namespace arenastore::cli {

nlohmann::json Describe(const LoadedArtifact& loaded, const runtime::ArtifactView& view);

// The RAM a device needs for this artifact on its target ISA (runtime/device_ram.h): the total,
// each pool, the state among them, the runtime's objects and the stack budget held there.
nlohmann::json DeviceRamJson(const runtime::ArtifactView& view);

// That JSON as one line: "device RAM 24000 B for arm_mve: pools 16000 B (state 0 B) + ...".
std::string DeviceRamLine(const nlohmann::json& device_ram);

}  // namespace arenastore::cli
