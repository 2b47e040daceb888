// main of arenastore_kernel_bench: registers the kernel rows and the end-to-end examples, runs
// them with Google Benchmark's usual flags (--benchmark_filter, --benchmark_repetitions, ...),
// then prints the summary tables. Exits 1 when a kernel, XNNPACK or an example computed
// something other than ref (n/a columns, such as an ISA this CPU lacks, are not failures).
#include <benchmark/benchmark.h>

#include <cstdio>

#include "tools/bench/kernel_bench.h"
#include "tools/bench/kernel_bench_results.h"

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
  const auto& failures = BenchResults::Get().failures();
  for (const std::string& failure : failures) std::fprintf(stderr, "FAILED %s\n", failure.c_str());
  return failures.empty() ? 0 : 1;
}
