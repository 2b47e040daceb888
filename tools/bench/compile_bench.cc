// Plan quality and compile cost of the built-in examples: each benchmark compiles one example
// end to end (lower, size, place, validate, write, re-verify) and reports planned bytes over
// the exact lower bound. The baseline in the same run is the lowering alone, so the time
// ratio says what planning and serializing add on top of reading the graph.
#include <benchmark/benchmark.h>

#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "planner/lower_op.h"

namespace arenastore::planner {
namespace {

void BM_LowerOnly(benchmark::State& state, Graph (*build)()) {
  const Graph graph = build();
  for (auto _ : state) {
    for (size_t i = 0; i < graph.ops.size(); ++i) benchmark::DoNotOptimize(LowerOp(graph, i));
  }
}

void BM_Compile(benchmark::State& state, Graph (*build)()) {
  const Graph graph = build();
  size_t planned = 0;
  size_t lower_bound = 0;
  for (auto _ : state) {
    auto model = Compile(graph, {});
    if (!model.ok()) {
      state.SkipWithError(model.status().message());
      return;
    }
    planned = model->PlannedBytes();
    lower_bound = model->plan.lower_bound_bytes;
    benchmark::DoNotOptimize(model->artifact.data());
  }
  state.counters["planned_bytes"] = static_cast<double>(planned);
  state.counters["lower_bound_bytes"] = static_cast<double>(lower_bound);
  state.counters["planned_over_lower_bound"] =
      lower_bound == 0 ? 1.0 : static_cast<double>(planned) / static_cast<double>(lower_bound);
}

const bool kRegistered = [] {
  for (const ExampleInfo& example : Examples()) {
    benchmark::RegisterBenchmark((std::string("BM_LowerOnly/") + example.name).c_str(),
                                 BM_LowerOnly, example.build)
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((std::string("BM_Compile/") + example.name).c_str(), BM_Compile,
                                 example.build)
        ->Unit(benchmark::kMicrosecond);
  }
  return true;
}();

}  // namespace
}  // namespace arenastore::planner
