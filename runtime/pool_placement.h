// Where an artifact's logical pools go in a device's physical memories. A plan names its pools
// ("sram", "state"); a device offers memories ("ram", "dtcm"). Called by the gate (which judges
// the result), the C API and the device runner (which bind pools at the offsets it gives).
// Invariant: in a placement it returns, every pool lies inside its memory, starts at an offset
// aligned to the pool's alignment, and no two pools of one memory overlap. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "runtime/artifact_view.h"

namespace arenastore::runtime {

// A memory the device offers; a pool of the same name goes there.
struct PoolCapacity {
  const char* name;
  size_t bytes;
};

// Pool i of the artifact lives in memories[memory_index] at offset_bytes from its start (the
// memory's start must be aligned like the pool; the executor checks when it binds).
struct PoolPlace {
  int32_t memory_index;
  size_t offset_bytes;
};

// Strict: a pool goes only to the memory of its own name. Shared: a pool named like a memory
// still goes there; the others are placed where they fit, several to one memory if need be.
enum class PlacementRule : uint8_t { kByName, kShared };

struct PlacementOutcome {
  bool placed;
  // When not placed: the pool that found no room, the memory it was meant for (its namesake) or
  // that had the most room left (-1: no memory has its name under kByName), the bytes the pool
  // needs there (with alignment padding) and the bytes that memory had left.
  int32_t pool_index;
  int32_t memory_index;
  size_t needed_bytes;
  size_t free_bytes;
};

// Fills places[i] for every pool i (places must hold view.pool_count() entries). Finds a
// placement whenever one exists for up to 8 pools and memories (an exhaustive search, bounded).
PlacementOutcome PlacePools(const ArtifactView& view, std::span<const PoolCapacity> memories,
                            PlacementRule rule, std::span<PoolPlace> places);

}  // namespace arenastore::runtime
