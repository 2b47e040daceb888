// Removing things: a model version (`arenastore rm REF`) and unreferenced artifacts
// (`arenastore gc`). Called by those verbs and tests.
// RemoveVersion refuses while aliases point at the version or devices run it (kStoreConflict
// naming them and what to do first), deletes the version and its signatures, and keeps the
// artifact until gc, so a version removed by mistake can be pushed again from its digest. Its
// number is never reused. CollectGarbage deletes artifacts no version refers to, with their
// blobs, operators and pools. Each call is one transaction; a dry run makes the same checks and
// counts what would go, reading only (so it works on a read-only store). Heap OK.
#pragma once

#include <cstdint>
#include <string_view>

#include "base/result.h"
#include "store/reference.h"
#include "store/registry.h"

namespace arenastore::store {

enum class Removal { kRemove, kDryRun };

// `reference` must name a model version (kws, kws@3, kws@prod), not a digest.
Result<ResolvedVersion> RemoveVersion(Registry& registry, std::string_view reference,
                                      Removal removal = Removal::kRemove);

struct GarbageReport {
  int64_t artifacts_removed = 0;
  uint64_t bytes_freed = 0;  // sum of the removed artifacts' sizes
};

Result<GarbageReport> CollectGarbage(Registry& registry, Removal removal = Removal::kRemove);

}  // namespace arenastore::store
