// main of arenastore_kernel_bench: registers the kernel rows and the end-to-end examples, runs
// them with Google Benchmark's usual flags (--benchmark_filter, --benchmark_repetitions, ...),
// then prints the summary tables.
#include <benchmark/benchmark.h>

#include "tools/bench/kernel_bench.h"

int main(int argc, char** argv) {
  using namespace arenastore::bench;
  const std::string load_before = CurrentLoadAverage();
  const auto& rows = RegisterKernelBenchmarks();
  const std::vector<std::string> examples = RegisterExampleBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  PrintSummary(rows, examples, load_before);
  return 0;
}
