// RunAudit: judges every deployed model version against every device class with the gate of
// THIS build (its kernel library version and the scratch size functions of each class's ISA),
// i.e. "if these devices ran this build's runtime" -- the upgrade question. A class's current
// runtime version is reported but does not change the verdict. Costs one gate evaluation per
// distinct (class, artifact) pair, never per device. Called by `arenastore audit`, audit --fix
// and the fleet benchmark. Reads the store only (recording is store/audit_record.h). Heap OK.
// Errors: kInvalidArgument (an unknown ISA in the filter), kIntegrity (a stored artifact does not
// match its digest or fails verification), kStore, kStoreBusy.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "kernels/version.h"
#include "runtime/gate.h"
#include "store/audit_report.h"
#include "store/registry.h"

namespace arenastore::store {

struct AuditOptions {
  std::vector<std::string> isas;  // audit only classes with these ISAs; empty = every class
  runtime::GatePolicy policy = runtime::GatePolicy::kDefault;
  // The runtime being judged: this build's kernel library. Tests set another version to ask
  // "what if the runtime had this major" (the size functions stay this build's).
  kernels::LibraryVersion runtime_kernel_version = kernels::kLibraryVersion;
  std::string note;
  // Row stages' budget, in percent of a version's MACs, for the re-plan that decides whether a
  // reject is curable (and that audit --fix makes); unset: each version's own share
  // (planner::ReplanOptions::max_recompute_percent).
  std::optional<double> max_recompute_percent;
  // Called after each artifact is judged against every class (done, total artifacts).
  std::function<void(int64_t done, int64_t total)> progress;
};

Result<AuditReport> RunAudit(Registry& registry, const AuditOptions& options);

// "1.2.0".
std::string VersionText(const kernels::LibraryVersion& version);

}  // namespace arenastore::store
