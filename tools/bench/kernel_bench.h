// The kernel benchmark (binary arenastore_kernel_bench): per layer row of issue #6, ref and
// every x86 variant the kernel registry has (picked through kernels/registry.h, so it measures
// whatever exists at run time and says n/a where a variant is missing, not compiled, not
// supported by this CPU or not allowed), XNNPACK, and the VNNI peak; then each built-in example
// end to end per ISA; then summary tables. Host-only benchmark code: heap OK.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "kernels/op_kind.h"
#include "tools/bench/kernel_rows.h"

namespace arenastore::bench {

// The ISAs the benchmark compares, slowest first.
inline constexpr kernels::Isa kBenchIsas[] = {kernels::Isa::kRef, kernels::Isa::kX86Avx2,
                                              kernels::Isa::kX86Avx512Vnni};
inline constexpr const char* kXnnpackColumn = "xnnpack";

// Registers BM_VnniPeak, then per row BM_Xnnpack and BM_Kernel per ISA (in that order, so the
// ratio counters find their baselines). The rows live until exit.
const std::vector<std::unique_ptr<KernelRow>>& RegisterKernelBenchmarks();

// Registers BM_Example/<name>/<isa> per built-in example; returns the example names.
std::vector<std::string> RegisterExampleBenchmarks();

// "1.20 0.85 0.40": /proc/loadavg's 1, 5 and 15 minute load averages.
std::string CurrentLoadAverage();

// Markdown tables of everything recorded, with the CPU name, the load and the targets.
void PrintSummary(const std::vector<std::unique_ptr<KernelRow>>& rows,
                  const std::vector<std::string>& examples, const std::string& load_before);

}  // namespace arenastore::bench
