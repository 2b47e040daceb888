#include "planner/memory_plan.h"

#include <utility>

#include "planner/buffer_ties.h"
#include "planner/first_fit_placer.h"
#include "planner/greedy_by_conflicts.h"
#include "planner/greedy_by_size.h"
#include "planner/lifetime_conflicts.h"
#include "planner/lower_bound.h"
#include "planner/placement_search.h"
#include "planner/plan_validator.h"

namespace arenastore::planner {
namespace {

// Keeps every offset + size sum far from wrapping, whatever the number of buffers.
constexpr size_t kMaxBufferBytes = size_t{1} << 40;

bool IsPowerOfTwo(uint32_t value) { return value != 0 && (value & (value - 1)) == 0; }

Status CheckPools(size_t buffer_count, std::span<const PoolSpec> pools) {
  ARENASTORE_CHECK_OR_RETURN(buffer_count == 0 || !pools.empty(), ErrorCode::kInvalidArgument,
                             "no pool to place %zu buffers in", buffer_count);
  for (const PoolSpec& pool : pools) {
    ARENASTORE_CHECK_OR_RETURN(IsPowerOfTwo(pool.alignment), ErrorCode::kInvalidArgument,
                               "pool '%s': alignment %u is not a power of two", pool.name.c_str(),
                               pool.alignment);
  }
  return Status::Ok();
}

// A buffer fits a pool's alignment when the pool's base alignment covers its own.
Status CheckPoolAlignment(size_t index, const BufferRequest& buffer,
                          std::span<const PoolSpec> pools) {
  const char* name = buffer.name.c_str();
  if (buffer.pinned_pool >= 0) {
    const PoolSpec& pool = pools[buffer.pinned_pool];
    ARENASTORE_CHECK_OR_RETURN(buffer.alignment <= pool.alignment, ErrorCode::kInvalidArgument,
                               "buffer %zu '%s': alignment %u is stricter than pinned pool '%s' "
                               "alignment %u",
                               index, name, buffer.alignment, pool.name.c_str(), pool.alignment);
    return Status::Ok();
  }
  for (const PoolSpec& pool : pools) {
    if (buffer.alignment <= pool.alignment) return Status::Ok();
  }
  return Status::Error(ErrorCode::kInvalidArgument,
                       "buffer %zu '%s': alignment %u is stricter than every pool's", index, name,
                       buffer.alignment);
}

Status CheckRequest(size_t index, const BufferRequest& buffer, std::span<const PoolSpec> pools) {
  const char* name = buffer.name.c_str();
  ARENASTORE_CHECK_OR_RETURN(
      buffer.bytes > 0 && buffer.bytes <= kMaxBufferBytes, ErrorCode::kInvalidArgument,
      "buffer %zu '%s': %zu bytes is not in [1, 2^40]", index, name, buffer.bytes);
  ARENASTORE_CHECK_OR_RETURN(0 <= buffer.first_step && buffer.first_step <= buffer.last_step,
                             ErrorCode::kInvalidArgument,
                             "buffer %zu '%s': steps [%d, %d] are not an ordered range of "
                             "non-negative steps",
                             index, name, buffer.first_step, buffer.last_step);
  ARENASTORE_CHECK_OR_RETURN(IsPowerOfTwo(buffer.alignment), ErrorCode::kInvalidArgument,
                             "buffer %zu '%s': alignment %u is not a power of two", index, name,
                             buffer.alignment);
  ARENASTORE_CHECK_OR_RETURN(
      buffer.pinned_pool >= -1 && buffer.pinned_pool < static_cast<int64_t>(pools.size()),
      ErrorCode::kInvalidArgument, "buffer %zu '%s': pinned to pool %d but there are %zu pools",
      index, name, buffer.pinned_pool, pools.size());
  return CheckPoolAlignment(index, buffer, pools);
}

Status DoesNotFit(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                  const PlaceFailure& failure, const LiveSetPeak& peak) {
  const BufferRequest& buffer = buffers[failure.buffer];
  const PoolSpec& pool = pools[failure.pool];
  return Status::Error(ErrorCode::kPlanDoesNotFit,
                       "plan does not fit: buffer '%s' (%zu B) would end at %zu B in pool '%s' "
                       "(capacity %zu B, %zu B short); peak live set is step %d: %zu B in %zu "
                       "buffers",
                       buffer.name.c_str(), buffer.bytes, failure.end_bytes, pool.name.c_str(),
                       failure.capacity_bytes, failure.end_bytes - failure.capacity_bytes,
                       peak.step, peak.bytes, peak.buffers.size())
      .WithPool(failure.pool);
}

struct Candidate {
  PlacementAlgorithm algorithm = PlacementAlgorithm::kAuto;
  std::vector<Placement> placements;
  std::vector<size_t> pool_bytes;
  size_t total_bytes = 0;
};

// Runs the requested algorithms in order of simplicity; a later one wins only when strictly
// smaller, which is how kAuto breaks ties.
class Contest {
 public:
  explicit Contest(FirstFitPlacer& placer) : placer_(placer) {}

  // Places `order`; records the plan if it fits and beats the best so far.
  void Enter(PlacementAlgorithm algorithm, const std::vector<int32_t>& order) {
    if (!placer_.Place(order)) {
      if (failure_.buffer < 0) failure_ = placer_.failure();
      return;
    }
    Record(algorithm, /*replace=*/false);
  }
  // Records the placement the placer holds if it beats the best (or if `replace`).
  void Record(PlacementAlgorithm algorithm, bool replace) {
    const size_t total_bytes = placer_.TotalBytes();
    if (!has_best_ || total_bytes < best_.total_bytes || replace) {
      best_ = Candidate{algorithm, placer_.placements(), placer_.PoolBytes(), total_bytes};
      best_order_ = placer_.order();
      has_best_ = true;
    }
  }
  bool has_best() const { return has_best_; }
  const Candidate& best() const { return best_; }
  const std::vector<int32_t>& best_order() const { return best_order_; }
  // The first failure; meaningful only when nothing fitted.
  const PlaceFailure& failure() const { return failure_; }

 private:
  FirstFitPlacer& placer_;
  bool has_best_ = false;
  Candidate best_;
  std::vector<int32_t> best_order_;
  PlaceFailure failure_;
};

}  // namespace

Result<MemoryPlan> PlanMemory(std::span<const BufferRequest> buffers,
                              std::span<const PoolSpec> pools, const PlanOptions& options) {
  ARENASTORE_RETURN_IF_ERROR(CheckPools(buffers.size(), pools));
  for (size_t i = 0; i < buffers.size(); ++i) {
    ARENASTORE_RETURN_IF_ERROR(CheckRequest(i, buffers[i], pools));
  }
  ARENASTORE_RETURN_IF_ERROR(CheckTies(buffers));
  const LiveSetPeak peak = LargestLiveSet(buffers);
  const LifetimeConflicts conflicts(buffers);
  FirstFitPlacer placer(buffers, pools, conflicts);
  Contest contest(placer);

  const PlacementAlgorithm algorithm = options.algorithm;
  const bool run_all = algorithm == PlacementAlgorithm::kAuto;
  const bool search = run_all || algorithm == PlacementAlgorithm::kSearch;
  if (search || algorithm == PlacementAlgorithm::kGreedyBySize) {
    contest.Enter(PlacementAlgorithm::kGreedyBySize, GreedyBySizeOrder(buffers));
  }
  if (search || algorithm == PlacementAlgorithm::kGreedyByConflicts) {
    contest.Enter(PlacementAlgorithm::kGreedyByConflicts,
                  GreedyByConflictsOrder(buffers, conflicts));
  }
  if (search && contest.has_best() && (contest.best().total_bytes > peak.bytes || !run_all)) {
    SearchLimits limits;
    limits.iterations = options.search_iterations;
    SearchOutcome outcome =
        SearchPlacementOrder(placer, contest.best_order(), peak.bytes, options.seed, limits);
    // Asked for by name, the search's answer is reported as its own even without a gain.
    contest.Record(PlacementAlgorithm::kSearch, /*replace=*/!run_all);
  }
  if (!contest.has_best()) return DoesNotFit(buffers, pools, contest.failure(), peak);

  const Candidate& best = contest.best();
  MemoryPlan plan{best.placements, best.pool_bytes, PlacementAlgorithmName(best.algorithm),
                  peak.bytes, peak.step};
  ARENASTORE_RETURN_IF_ERROR(ValidatePlan(buffers, pools, plan));
  return plan;
}

const char* PlacementAlgorithmName(PlacementAlgorithm algorithm) {
  switch (algorithm) {
    case PlacementAlgorithm::kAuto:
      return "auto";
    case PlacementAlgorithm::kGreedyBySize:
      return "greedy_by_size";
    case PlacementAlgorithm::kGreedyByConflicts:
      return "greedy_by_conflicts";
    case PlacementAlgorithm::kSearch:
      return "search";
  }
  return "unknown";
}

bool ParsePlacementAlgorithm(std::string_view name, PlacementAlgorithm* algorithm) {
  for (PlacementAlgorithm candidate :
       {PlacementAlgorithm::kAuto, PlacementAlgorithm::kGreedyBySize,
        PlacementAlgorithm::kGreedyByConflicts, PlacementAlgorithm::kSearch}) {
    if (name == PlacementAlgorithmName(candidate)) {
      *algorithm = candidate;
      return true;
    }
  }
  return false;
}

}  // namespace arenastore::planner
