// Planner benchmark: every placement algorithm on the 10,000-op synthetic graph
// (tools/bench/synthetic_buffers.h), with the lower-bound sweep (one sort of lifetime events)
// as the baseline in the same run; then the search alone on 2,000 tangled buffers, where it
// runs until its work budget is spent. Counters: ms_per_plan (wall clock), cpu_ms_per_plan,
// x_baseline (plan CPU time / baseline CPU time: CPU time, because the machine is shared and
// wall time swings with its load) and planned_over_lower_bound. Target: kAuto under 200 ms on
// the reference host.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <vector>

#include "planner/lower_bound.h"
#include "planner/memory_plan.h"
#include "tools/bench/synthetic_buffers.h"

namespace arenastore::cli {
namespace {

constexpr int32_t kSyntheticOps = 10'000;

const std::vector<planner::BufferRequest>& Buffers() {
  static const auto* const buffers =
      new std::vector<planner::BufferRequest>(SyntheticBuffers(kSyntheticOps));
  return *buffers;
}

const std::vector<planner::PoolSpec>& Pools() {
  static const auto* const pools = new std::vector<planner::PoolSpec>{{"sram", 0, 16}};
  return *pools;
}

// Wall and CPU seconds of a block; the benchmark is single-threaded, so process CPU time is
// this thread's.
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  double WallSeconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  }
  double CpuSeconds() const { return static_cast<double>(std::clock() - cpu) / CLOCKS_PER_SEC; }
};

// CPU time of one sweep, measured once per process over many sweeps so every plan benchmark
// divides by the same baseline even when run alone (--benchmark_filter).
double BaselineCpuSeconds() {
  static const double seconds = [] {
    constexpr int kSweeps = 50;
    const Stopwatch stopwatch;
    for (int i = 0; i < kSweeps; ++i) benchmark::DoNotOptimize(planner::LargestLiveSet(Buffers()));
    return stopwatch.CpuSeconds() / kSweeps;
  }();
  return seconds;
}

void ReportTime(benchmark::State& state, double wall_seconds, double cpu_seconds) {
  const auto runs = static_cast<double>(state.iterations());
  state.counters["ms_per_plan"] = wall_seconds / runs * 1e3;
  state.counters["cpu_ms_per_plan"] = cpu_seconds / runs * 1e3;
  state.counters["x_baseline"] = cpu_seconds / runs / BaselineCpuSeconds();
  state.counters["buffers"] = static_cast<double>(Buffers().size());
}

void BM_LowerBoundSweep(benchmark::State& state) {
  const Stopwatch stopwatch;
  for (auto _ : state) benchmark::DoNotOptimize(planner::LargestLiveSet(Buffers()));
  ReportTime(state, stopwatch.WallSeconds(), stopwatch.CpuSeconds());
}
BENCHMARK(BM_LowerBoundSweep)->Unit(benchmark::kMillisecond);

void BM_PlanMemory(benchmark::State& state, planner::PlacementAlgorithm algorithm) {
  planner::PlanOptions options;
  options.algorithm = algorithm;
  size_t planned_bytes = 0;
  size_t lower_bound_bytes = 1;
  const Stopwatch stopwatch;
  for (auto _ : state) {
    Result<planner::MemoryPlan> plan = planner::PlanMemory(Buffers(), Pools(), options);
    if (!plan.ok()) {
      state.SkipWithError(plan.status().message());
      return;
    }
    planned_bytes = plan->PlannedBytes();
    lower_bound_bytes = plan->lower_bound_bytes;
  }
  ReportTime(state, stopwatch.WallSeconds(), stopwatch.CpuSeconds());
  state.counters["planned_over_lower_bound"] =
      static_cast<double>(planned_bytes) / static_cast<double>(lower_bound_bytes);
}
BENCHMARK_CAPTURE(BM_PlanMemory, greedy_by_size, planner::PlacementAlgorithm::kGreedyBySize)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanMemory, greedy_by_conflicts,
                  planner::PlacementAlgorithm::kGreedyByConflicts)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanMemory, search, planner::PlacementAlgorithm::kSearch)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_PlanMemory, auto, planner::PlacementAlgorithm::kAuto)
    -> Unit(benchmark::kMillisecond);

// No baseline ratio here: the baseline is the synthetic graph's sweep.
void BM_SearchTangled(benchmark::State& state) {
  static const auto* const buffers =
      new std::vector<planner::BufferRequest>(TangledBuffers(2000, 50));
  planner::PlanOptions options;
  options.algorithm = planner::PlacementAlgorithm::kSearch;
  double planned_over_lower_bound = 0;
  for (auto _ : state) {
    Result<planner::MemoryPlan> plan = planner::PlanMemory(*buffers, Pools(), options);
    if (!plan.ok()) {
      state.SkipWithError(plan.status().message());
      return;
    }
    planned_over_lower_bound =
        static_cast<double>(plan->pool_bytes[0]) / static_cast<double>(plan->lower_bound_bytes);
  }
  state.counters["planned_over_lower_bound"] = planned_over_lower_bound;
}
BENCHMARK(BM_SearchTangled)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace arenastore::cli
