#include "runtime/pool_placement.h"

#include "kernels/op_kind.h"
#include "runtime/artifact_validation.h"

namespace arenastore::runtime {
namespace {

// The search looks at this many memories; boards have two to four.
constexpr size_t kMaxMemories = 16;
// Nodes the exhaustive search may visit (8 pools into 16 memories could take 16^8): far more than
// any real device needs, few enough for a gate on a Cortex-M.
constexpr int32_t kSearchBudget = 20000;

// Room for a pool of `bytes` at `alignment` after `used` bytes of a memory of `capacity`:
// its offset, or false when it does not fit. 64-bit so a 32-bit device cannot wrap.
bool Fits(uint64_t used, uint64_t capacity, uint64_t bytes, uint64_t alignment, uint64_t* offset) {
  const uint64_t start = (used + alignment - 1) / alignment * alignment;
  if (start > capacity || bytes > capacity - start) return false;
  *offset = start;
  return true;
}

class Placer {
 public:
  Placer(const ArtifactView& view, std::span<const PoolCapacity> memories,
         std::span<PoolPlace> places)
      : view_(view),
        memories_(memories.first(memories.size() < kMaxMemories ? memories.size() : kMaxMemories)),
        places_(places) {}

  // Pools named like a memory go there first, in pool order. Returns the failure, if any.
  PlacementOutcome PlaceNamed(PlacementRule rule) {
    for (int32_t p = 0; p < view_.pool_count(); ++p) {
      const int32_t memory = NamesakeOf(p);
      if (memory < 0) {
        if (rule == PlacementRule::kByName) return Failure(p, -1, Bytes(p), 0);
        unnamed_[unnamed_count_++] = p;
        continue;
      }
      if (!Put(p, memory)) return FailureIn(p, memory);
    }
    return Success();
  }

  // The rest, largest first: any placement that exists within the budget; else the greedy
  // attempt's first failure, which says what a person needs to know.
  PlacementOutcome PlaceRest() {
    SortLargestFirst();
    uint64_t used_before[kMaxMemories];
    for (size_t m = 0; m < memories_.size(); ++m) used_before[m] = used_[m];
    budget_ = kSearchBudget;
    if (Search(0)) return Success();
    for (size_t m = 0; m < memories_.size(); ++m) used_[m] = used_before[m];
    for (int32_t k = 0; k < unnamed_count_; ++k) {
      const int32_t pool = unnamed_[k];
      const int32_t roomiest = Roomiest(pool);
      if (roomiest < 0 || !Put(pool, roomiest)) return FailureIn(pool, roomiest);
    }
    return Success();  // the search ran out of budget where largest-into-roomiest succeeds
  }

 private:
  uint64_t Bytes(int32_t pool) const { return view_.pool(pool).planned_bytes(); }
  uint64_t Alignment(int32_t pool) const {
    const uint32_t alignment = view_.pool(pool).alignment();
    return alignment == 0 ? 1 : alignment;
  }

  int32_t NamesakeOf(int32_t pool) const {
    const auto* name = view_.pool(pool).name();
    for (size_t m = 0; m < memories_.size(); ++m) {
      if (name != nullptr && memories_[m].name != nullptr &&
          kernels::internal::SameName(memories_[m].name, name->c_str())) {
        return static_cast<int32_t>(m);
      }
    }
    return -1;
  }

  bool Put(int32_t pool, int32_t memory) {
    uint64_t offset = 0;
    const auto m = static_cast<size_t>(memory);
    if (!Fits(used_[m], memories_[m].bytes, Bytes(pool), Alignment(pool), &offset)) return false;
    used_[m] = offset + Bytes(pool);
    places_[static_cast<size_t>(pool)] = {memory, static_cast<size_t>(offset)};
    return true;
  }

  bool Search(int32_t k) {
    if (k == unnamed_count_) return true;
    if (--budget_ < 0) return false;
    const int32_t pool = unnamed_[k];
    for (size_t m = 0; m < memories_.size(); ++m) {
      const uint64_t saved = used_[m];
      if (!Put(pool, static_cast<int32_t>(m))) continue;
      if (Search(k + 1)) return true;
      used_[m] = saved;
    }
    return false;
  }

  // The memory with the most bytes left after aligning for `pool`, or -1 when there is none.
  int32_t Roomiest(int32_t pool) const {
    int32_t best = -1;
    uint64_t best_room = 0;
    for (size_t m = 0; m < memories_.size(); ++m) {
      const uint64_t room = Room(pool, static_cast<int32_t>(m));
      if (best < 0 || room > best_room) {
        best = static_cast<int32_t>(m);
        best_room = room;
      }
    }
    return best;
  }

  uint64_t Room(int32_t pool, int32_t memory) const {
    const auto m = static_cast<size_t>(memory);
    const uint64_t alignment = Alignment(pool);
    const uint64_t start = (used_[m] + alignment - 1) / alignment * alignment;
    return start >= memories_[m].bytes ? 0 : memories_[m].bytes - start;
  }

  void SortLargestFirst() {
    for (int32_t i = 1; i < unnamed_count_; ++i) {
      const int32_t pool = unnamed_[i];
      int32_t j = i;
      for (; j > 0 && Bytes(unnamed_[j - 1]) < Bytes(pool); --j) unnamed_[j] = unnamed_[j - 1];
      unnamed_[j] = pool;
    }
  }

  // What `pool` lacks in `memory`: it needs its bytes plus the padding that aligns it, and the
  // memory has what its earlier pools left.
  PlacementOutcome FailureIn(int32_t pool, int32_t memory) const {
    if (memory < 0) return Failure(pool, -1, Bytes(pool), 0);
    const auto m = static_cast<size_t>(memory);
    const uint64_t alignment = Alignment(pool);
    const uint64_t padding = (used_[m] + alignment - 1) / alignment * alignment - used_[m];
    const uint64_t left = used_[m] >= memories_[m].bytes ? 0 : memories_[m].bytes - used_[m];
    return Failure(pool, memory, Bytes(pool) + padding, left);
  }

  static PlacementOutcome Failure(int32_t pool, int32_t memory, uint64_t needed, uint64_t room) {
    return {false, pool, memory, static_cast<size_t>(needed), static_cast<size_t>(room)};
  }
  static PlacementOutcome Success() { return {true, -1, -1, 0, 0}; }

  const ArtifactView& view_;
  std::span<const PoolCapacity> memories_;
  std::span<PoolPlace> places_;
  uint64_t used_[kMaxMemories] = {};
  int32_t unnamed_[kMaxPools] = {};
  int32_t unnamed_count_ = 0;
  int32_t budget_ = 0;
};

}  // namespace

PlacementOutcome PlacePools(const ArtifactView& view, std::span<const PoolCapacity> memories,
                            PlacementRule rule, std::span<PoolPlace> places) {
  if (places.size() < static_cast<size_t>(view.pool_count())) {
    return {false, 0, -1, 0, 0};
  }
  Placer placer(view, memories, places);
  const PlacementOutcome named = placer.PlaceNamed(rule);
  if (!named.placed || rule == PlacementRule::kByName) return named;
  return placer.PlaceRest();
}

}  // namespace arenastore::runtime
