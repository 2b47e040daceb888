// Reading an artifact's bytes back out of the store, re-hashed on the way: `pull`, and
// `check`/`run`/`inspect` on store references, never hand out bytes whose digest differs from
// the one recorded at push. Errors: kIntegrity (missing blob or digest mismatch: the store is
// damaged; run `arenastore verify`), kStore. Heap OK (returns a copy of the blob).
#pragma once

#include <cstdint>
#include <vector>

#include "base/result.h"
#include "store/reference.h"
#include "store/registry.h"

namespace arenastore::store {

Result<std::vector<uint8_t>> ReadArtifactBytes(Registry& registry, const ResolvedVersion& version);

}  // namespace arenastore::store
