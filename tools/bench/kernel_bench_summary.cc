// The summary tables arenastore_kernel_bench prints after the benchmarks (Markdown, ready for
// docs/simd.md), with each of issue #6's targets checked per row. Host-only: heap OK.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include "kernels/op_kind.h"
#include "tools/bench/kernel_bench.h"
#include "tools/bench/kernel_bench_results.h"

namespace arenastore::bench {
namespace {

std::string CpuName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "unknown CPU";
}

std::string Format(const char* format, double value) {
  char text[32];
  std::snprintf(text, sizeof(text), format, value);
  return text;
}

bool StartsWith(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

// The fastest x86 variant measured for `row`: its column and time.
std::optional<std::pair<std::string, double>> BestVariant(const std::string& row) {
  std::optional<std::pair<std::string, double>> best;
  for (const kernels::Isa isa : kBenchIsas) {
    if (isa == kernels::Isa::kRef) continue;
    const auto us = BenchResults::Get().Us(row, kernels::IsaName(isa));
    if (us && (!best || *us < best->second)) best = {{kernels::IsaName(isa), *us}};
  }
  return best;
}

// Issue #6's kernel targets: faster than XNNPACK everywhere; >= 1.5x XNNPACK on ResNet-8 and
// pointwise rows; >= 50% of the VNNI peak on ResNet-8 rows.
std::string TargetVerdict(const KernelRow& row, double best_us, std::optional<double> xnnpack_us,
                          std::optional<double> pct_peak) {
  // The data-movement, reduction and elementwise rows have no XNNPACK baseline here and no issue
  // #6 target.
  const kernels::OpKind kind = row.params.kind;
  if (kind == kernels::OpKind::kMean || kind == kernels::OpKind::kTranspose ||
      kind == kernels::OpKind::kResizeBilinear || kind == kernels::OpKind::kSub ||
      kind == kernels::OpKind::kStridedSlice) {
    return "none (vs ref only)";
  }
  const bool resnet = StartsWith(row.name, "resnet8/");
  const bool pointwise = row.name.find("pointwise") != std::string::npos;
  const double needed_speedup = resnet || pointwise ? 1.5 : 1.0;
  std::string misses;
  if (!xnnpack_us) {
    misses += "no XNNPACK time; ";
  } else if (*xnnpack_us / best_us < needed_speedup) {
    misses += "needs " + Format("%.1f", needed_speedup) + "x XNNPACK; ";
  }
  if (resnet && (!pct_peak || *pct_peak < 50.0)) misses += "needs 50% of peak; ";
  if (misses.empty()) return "met";
  return "MISSED: " + misses.substr(0, misses.size() - 2);
}

void PrintKernelTable(const std::vector<std::unique_ptr<KernelRow>>& rows) {
  const BenchResults& results = BenchResults::Get();
  std::printf(
      "| row | layer | MMAC | ref µs | x86_avx2 µs | x86_avx512vnni µs | XNNPACK µs | best "
      "GMAC/s | best vs XNNPACK | best vs ref | best %% of VNNI peak | target |\n");
  std::printf("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|\n");
  for (const auto& row : rows) {
    std::string line = "| " + row->name + " | " + row->shape + " | " +
                       Format("%.3f", static_cast<double>(row->macs) * 1e-6);
    for (const kernels::Isa isa : kBenchIsas) {
      line += " | " + results.Cell(row->name, kernels::IsaName(isa));
    }
    line += " | " + results.Cell(row->name, kXnnpackColumn);
    const auto best = BestVariant(row->name);
    const auto xnnpack_us = results.Us(row->name, kXnnpackColumn);
    const auto ref_us = results.Us(row->name, "ref");
    if (!best) {
      line += " | n/a | n/a | n/a | n/a | no x86 variant measured |";
      std::printf("%s\n", line.c_str());
      continue;
    }
    const double gmacs = static_cast<double>(row->macs) / best->second * 1e-3;
    std::optional<double> pct_peak;
    if (auto peak = results.peak_gmacs()) pct_peak = 100.0 * gmacs / *peak;
    line += " | " + Format("%.1f", gmacs) + " (" + best->first + ")";
    line += " | " + (xnnpack_us ? Format("%.2fx", *xnnpack_us / best->second) : "n/a");
    line += " | " + (ref_us ? Format("%.1fx", *ref_us / best->second) : "n/a");
    line += " | " + (pct_peak ? Format("%.1f%%", *pct_peak) : "n/a");
    line += " | " + TargetVerdict(*row, best->second, xnnpack_us, pct_peak) + " |";
    std::printf("%s\n", line.c_str());
  }
}

void PrintExampleTable(const std::vector<std::string>& examples) {
  const BenchResults& results = BenchResults::Get();
  std::printf(
      "| example | ref µs | x86_avx2 µs | x86_avx512vnni µs | best vs ref | target >= 20x |\n");
  std::printf("|---|--:|--:|--:|--:|---|\n");
  for (const std::string& example : examples) {
    std::string line = "| " + example;
    for (const kernels::Isa isa : kBenchIsas) {
      line += " | " + results.Cell(example, kernels::IsaName(isa));
    }
    const auto best = BestVariant(example);
    const auto ref_us = results.Us(example, "ref");
    if (best && ref_us) {
      const double speedup = *ref_us / best->second;
      line += " | " + Format("%.1fx", speedup) + " (" + best->first + ") | " +
              (speedup >= 20.0 ? "met" : "MISSED") + " |";
    } else {
      line += " | n/a | n/a |";
    }
    std::printf("%s\n", line.c_str());
  }
}

std::string LoadAverage() {
  std::ifstream file("/proc/loadavg");
  std::string one, five, fifteen;
  file >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

}  // namespace

void PrintSummary(const std::vector<std::unique_ptr<KernelRow>>& rows,
                  const std::vector<std::string>& examples, const std::string& load_before) {
  const auto peak = BenchResults::Get().peak_gmacs();
  std::printf(
      "\n## Summary\n\nCPU: %s. VNNI peak measured in this run: %s. Times are CPU time "
      "per call (single thread). Load average (1/5/15 min) before: %s, after: %s.\n\n",
      CpuName().c_str(), peak ? Format("%.1f GMAC/s", *peak).c_str() : "n/a", load_before.c_str(),
      LoadAverage().c_str());
  PrintKernelTable(rows);
  std::printf("\n");
  PrintExampleTable(examples);
  std::printf(
      "\nn/a: the variant is missing, not built, not supported by this CPU or not "
      "allowed (the benchmark's own output says which); FAILED: it ran and differed from "
      "ref; -: filtered out.\n");
}

std::string CurrentLoadAverage() { return LoadAverage(); }

}  // namespace arenastore::bench
