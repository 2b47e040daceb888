// Runs the runtime's gate for the CLI and renders its verdict and findings (table or JSON).
// Shared by `check` (which only judges) and `run` (which refuses to run a rejected artifact),
// so both print the same findings. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>
#include <vector>

#include "runtime/gate.h"

namespace arenastore::cli {

struct GateRun {
  runtime::GateReport report;
  std::vector<runtime::Finding> findings;
  std::vector<kernels::Isa> variant_per_op;
};

GateRun RunGate(const runtime::ArtifactView& view, const runtime::RuntimeIdentity& identity,
                runtime::GatePolicy policy, const std::vector<runtime::PoolCapacity>& capacities);

nlohmann::json GateJson(const GateRun& run, const runtime::RuntimeIdentity& identity,
                        runtime::GatePolicy policy);
void PrintGate(std::FILE* out, const std::string& source, const GateRun& run,
               const runtime::RuntimeIdentity& identity, runtime::GatePolicy policy);

const char* VerdictName(runtime::Verdict verdict);

}  // namespace arenastore::cli
