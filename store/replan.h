// Replan: re-plan a stored model version from its artifact alone for this build's kernel library
// (planner/replan.h: the computation is proved unchanged first) and push the result as the next
// version of the same model, with its lineage: the digest it was derived from and why (the
// version's note). Called by `arenastore replan` and audit --fix. A re-plan that reproduces the
// original bytes pushes nothing. Under the store's require-signature policy an original without
// a trusted signature is refused, as `run` refuses it. Heap OK. Errors: those of Resolve,
// EnforceSignaturePolicy (kSignature) and ReadArtifactBytes, kInvalidArgument (a digest no
// model version holds), those of ReplanArtifact and Push.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "base/result.h"
#include "planner/replan.h"
#include "store/fleet_class.h"
#include "store/push.h"
#include "store/reference.h"
#include "store/registry.h"
#include "store/speed_cost_text.h"

namespace arenastore::store {

struct ReplanRequest {
  std::string reference;  // kws, kws@3, kws@prod, sha256:...
  planner::ReplanOptions options;
  std::string reason;  // why; recorded in the new version's note (a default names the change)
  std::string alias;   // optional: set or moved to the new version
};

struct ReplanOutcome {
  ResolvedVersion original;
  std::string original_isa;
  std::string replanned_isa;
  std::string original_kernel_version;
  std::string replanned_kernel_version;
  planner::MemoryDiff diff;
  SpeedCost speed_cost;  // the re-plan's
  std::string note;        // as recorded
  bool unchanged = false;  // the re-plan reproduced the original bytes: nothing was pushed
  PushResult pushed;       // the new version (when !unchanged)
};

// The re-plan a device class needs: its ISA, its memories bounding the artifact's own pools of
// the same names (a memory no pool is named after adds none), row stages within
// `max_recompute_percent` (unset: the artifact's own share). audit --fix makes it; the audit
// tries it to learn whether a reject is curable.
planner::ReplanOptions ClassReplanOptions(kernels::Isa isa,
                                          const std::vector<PoolCapacityRecord>& memories,
                                          std::optional<double> max_recompute_percent);

Result<ReplanOutcome> Replan(Registry& registry, const ReplanRequest& request);

}  // namespace arenastore::store
