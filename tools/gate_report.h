// Runs the runtime's gate for the CLI and renders its verdict and findings (table or JSON),
// naming the runtime identity it judged as and why (tools/host_runtime.h). Shared by `check`
// (which only judges) and `run` (which refuses to run a rejected artifact), so both print the
// same findings; what to do next is tools/gate_advice.h. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include <optional>

#include "base/result.h"
#include "runtime/gate.h"
#include "tools/gate_advice.h"
#include "tools/host_runtime.h"

namespace arenastore::cli {

// Where one of the artifact's pools goes among the device's memories (runtime/pool_placement.h).
struct PlacedPool {
  std::string pool;
  std::string memory;
  uint64_t offset_bytes = 0;
  uint64_t bytes = 0;
};

struct GateRun {
  runtime::GateReport report;
  std::vector<runtime::Finding> findings;
  std::vector<kernels::Isa> variant_per_op;
  std::vector<PlacedPool> placement;  // every pool, when memories were given and they fit
};

GateRun RunGate(const runtime::ArtifactView& view, const runtime::RuntimeIdentity& identity,
                runtime::GatePolicy policy, const std::vector<runtime::PoolCapacity>& capacities);

// The verdict, the runtime judged as, the findings; "scratch_surplus_bytes" is the gate's sum
// of per-op surpluses ("reclaimable_bytes" is the re-plan's, added by the caller).
nlohmann::json GateJson(const GateRun& run, const HostRuntime& host, runtime::GatePolicy policy);
void PrintGate(std::FILE* out, const std::string& source, const GateRun& run,
               const HostRuntime& host, runtime::GatePolicy policy);

// The verdict with, for warn and reject, what a re-plan would do and the next command
// (tools/gate_advice.h): what check prints, and what run prints before it refuses.
nlohmann::json VerdictJson(const GateRun& run, const HostRuntime& host, runtime::GatePolicy policy,
                           const std::optional<GateAdvice>& advice);
void PrintVerdict(std::FILE* out, const std::string& source, const GateRun& run,
                  const HostRuntime& host, runtime::GatePolicy policy,
                  const std::optional<GateAdvice>& advice);

const char* VerdictName(runtime::Verdict verdict);

// --policy: default, strict or fallback (kInvalidArgument otherwise).
Result<runtime::GatePolicy> ParsePolicyOption(const std::string& text);

}  // namespace arenastore::cli
