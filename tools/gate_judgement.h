// What `arenastore check` decides about an artifact: its options read (policy, what-if ISA, the
// device's pools), the gate run as the host runtime would be judged (tools/host_runtime.h), and
// for warn and reject a re-plan's advice. Called by the check verb and the Python module
// (python/), so both reach the same verdict with the same findings. Host-only.
// Errors: kInvalidArgument (an unknown policy or ISA, a malformed pool).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/compile.h"
#include "runtime/artifact_view.h"
#include "runtime/gate.h"
#include "tools/artifact_source.h"
#include "tools/gate_advice.h"
#include "tools/gate_report.h"
#include "tools/host_runtime.h"

namespace arenastore::cli {

struct CheckSettings {
  runtime::GatePolicy policy = runtime::GatePolicy::kDefault;
  std::string isa;                         // empty: the runtime `run` would play here
  std::vector<planner::PoolConfig> pools;  // the device's pools, with their capacities
};

// --isa, --policy and the --pool texts, read before any artifact is loaded.
Result<CheckSettings> ParseCheckSettings(const std::string& isa, const std::string& policy,
                                         const std::vector<std::string>& pools);

struct Judgement {
  GateRun run;
  HostRuntime host;
  runtime::GatePolicy policy;
  std::optional<GateAdvice> advice;  // for warn and reject
};

// `view` is `loaded`'s (OpenView).
Result<Judgement> JudgeArtifact(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                                const CheckSettings& settings);

}  // namespace arenastore::cli
