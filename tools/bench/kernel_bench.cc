// Kernel rows of arenastore_kernel_bench (see kernel_bench.h). Each benchmark first checks its
// output against ref (a variant must be byte-identical; XNNPACK, which requantizes in float,
// within one step) so a fast wrong kernel or a misconfigured baseline cannot post a number.
// Counters: MMAC (work per call), GMAC_per_s, x_xnnpack (XNNPACK's time / this time, >1 is
// faster), pct_vnni_peak, scratch_bytes. Times are CPU time, as the machine is shared.
#include "tools/bench/kernel_bench.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "tools/bench/kernel_bench_results.h"
#include "tools/bench/vnni_peak.h"
#include "tools/bench/xnnpack_baseline.h"

namespace arenastore::bench {
namespace {

using kernels::Isa;
using kernels::KernelEntry;

// "conv2d/arm_mve": the registry row's variant.
std::string VariantName(const KernelEntry& entry) {
  return std::string(kernels::OpKindName(entry.op)) + "/" + kernels::IsaName(entry.isa);
}

// XNNPACK requantizes in float, TensorFlow Lite in fixed point: one step apart at most.
constexpr int kXnnpackToleranceSteps = 1;

struct RowBench {
  const KernelRow* row;
  Aligned64Bytes ref_output;
};

void SetCounters(benchmark::State& state, const KernelRow& row, const std::string& column,
                 double cpu_seconds) {
  const auto iterations = static_cast<int64_t>(state.iterations());
  BenchResults& results = BenchResults::Get();
  results.Record(row.name, column, iterations, cpu_seconds);
  if (iterations == 0 || cpu_seconds <= 0) return;
  const double us = cpu_seconds * 1e6 / static_cast<double>(iterations);
  const double gmacs = static_cast<double>(row.macs) / us * 1e-3;
  state.counters["MMAC"] = static_cast<double>(row.macs) * 1e-6;
  state.counters["GMAC_per_s"] = gmacs;
  if (column != kXnnpackColumn) {
    if (auto xnnpack_us = results.Us(row.name, kXnnpackColumn)) {
      state.counters["x_xnnpack"] = *xnnpack_us / us;
    }
  }
  if (auto peak = results.peak_gmacs()) state.counters["pct_vnni_peak"] = 100.0 * gmacs / *peak;
}

// The registry's own variant of the row's op for `isa`, if this process may run it.
const KernelEntry* RunnableVariant(kernels::OpKind op, Isa isa, std::string* why_not) {
  if (isa != Isa::kRef && !kernels::HasOwnVariant(op, kernels::KernelDtype::kInt8, isa)) {
    *why_not =
        std::string("the registry has no ") + kernels::OpKindName(op) + "/" + kernels::IsaName(isa);
    return nullptr;
  }
  const KernelEntry* entry = kernels::ResolveKernel(op, kernels::KernelDtype::kInt8, isa);
  if (entry->eval == nullptr) {
    *why_not = VariantName(*entry) + " is not compiled into this build";
  } else if (!kernels::CpuSupportsIsa(isa)) {
    *why_not = std::string("this CPU cannot run ") + kernels::IsaName(isa);
  } else if (!kernels::IsaAllowed(isa)) {
    *why_not = std::string(kernels::IsaName(isa)) + " is excluded by ARENASTORE_ISA_ALLOW";
  } else {
    return entry;
  }
  return nullptr;
}

void NotAvailable(benchmark::State& state, const std::string& row, const std::string& column,
                  const std::string& why) {
  BenchResults::Get().NotAvailable(row, column, why);
  state.SkipWithError(("n/a: " + why).c_str());
}

// The column ran and was wrong: recorded as a failure, which fails the whole run.
void Failed(benchmark::State& state, const std::string& row, const std::string& column,
            const std::string& why) {
  BenchResults::Get().Failed(row, column, why);
  state.SkipWithError(("FAILED: " + why).c_str());
}

void BM_Kernel(benchmark::State& state, const RowBench* bench, Isa isa) {
  const KernelRow& row = *bench->row;
  const std::string column = kernels::IsaName(isa);
  std::string why_not;
  const KernelEntry* entry = RunnableVariant(row.params.kind, isa, &why_not);
  if (entry == nullptr) return NotAvailable(state, row.name, column, why_not);
  Aligned64Bytes scratch(entry->scratch_bytes(row.params));
  Aligned64Bytes output(row.output_bytes);
  const kernels::OpOperands operands = row.Operands(output.int8());
  const Status first = entry->eval(row.params, operands, scratch.span());
  if (!first.ok()) return Failed(state, row.name, column, first.message());
  if (std::memcmp(output.data(), bench->ref_output.data(), row.output_bytes) != 0) {
    return Failed(state, row.name, column, VariantName(*entry) + " differs from ref");
  }
  const double start = ThreadCpuSeconds();
  for (auto _ : state) {
    benchmark::DoNotOptimize(entry->eval(row.params, operands, scratch.span()));
    benchmark::ClobberMemory();
  }
  SetCounters(state, row, column, ThreadCpuSeconds() - start);
  state.counters["scratch_bytes"] = static_cast<double>(scratch.size());
}

void BM_Xnnpack(benchmark::State& state, const RowBench* bench) {
  const KernelRow& row = *bench->row;
  std::string why_not;
  const std::unique_ptr<XnnpackLayer> layer = XnnpackLayer::Create(row, &why_not);
  if (layer == nullptr) return NotAvailable(state, row.name, kXnnpackColumn, why_not);
  if (!layer->Run()) return Failed(state, row.name, kXnnpackColumn, "xnn_run_operator failed");
  const int diff = MaxAbsDiff(layer->output(), bench->ref_output.int8(), row.output_bytes);
  if (diff > kXnnpackToleranceSteps) {
    return Failed(state, row.name, kXnnpackColumn,
                  "XNNPACK's output is " + std::to_string(diff) +
                      " steps from ref: the baseline does not compute this layer");
  }
  const double start = ThreadCpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(layer->Run());
  SetCounters(state, row, kXnnpackColumn, ThreadCpuSeconds() - start);
  state.counters["max_steps_from_ref"] = diff;
}

void BM_VnniPeak(benchmark::State& state) {
  if (!kernels::CpuSupportsIsa(Isa::kX86Avx512Vnni)) {
    state.SkipWithError("n/a: this CPU cannot run x86_avx512vnni");
    return;
  }
  constexpr int64_t kRounds = 100000;
  const double start = ThreadCpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(VnniPeakLoop(kRounds));
  const double seconds = ThreadCpuSeconds() - start;
  const double macs = static_cast<double>(state.iterations()) * kRounds *
                      static_cast<double>(VnniPeakMacsPerRound());
  if (seconds <= 0) return;
  BenchResults::Get().SetPeakGmacs(macs / seconds * 1e-9);
  state.counters["GMAC_per_s"] = macs / seconds * 1e-9;
}

Aligned64Bytes RefOutput(const KernelRow& row) {
  Aligned64Bytes output(row.output_bytes);
  const KernelEntry* entry =
      kernels::ResolveKernel(row.params.kind, kernels::KernelDtype::kInt8, Isa::kRef);
  Aligned64Bytes scratch(entry->scratch_bytes(row.params));
  const Status status = entry->eval(row.params, row.Operands(output.int8()), scratch.span());
  if (!status.ok())
    std::fprintf(stderr, "%s: ref failed: %s\n", row.name.c_str(), status.message());
  return output;
}

}  // namespace

const std::vector<std::unique_ptr<KernelRow>>& RegisterKernelBenchmarks() {
  static const std::vector<std::unique_ptr<KernelRow>> rows = BuildKernelRows();
  // Filled completely before registering: the benchmarks keep pointers into it.
  static std::vector<RowBench> benches;
  for (const auto& row : rows) benches.push_back({row.get(), RefOutput(*row)});
  benchmark::RegisterBenchmark("BM_VnniPeak", BM_VnniPeak)->Unit(benchmark::kMicrosecond);
  for (const RowBench& bench : benches) {
    benchmark::RegisterBenchmark(("BM_Xnnpack/" + bench.row->name).c_str(), BM_Xnnpack, &bench)
        ->Unit(benchmark::kMicrosecond);
    for (const Isa isa : kBenchIsas) {
      const std::string name = "BM_Kernel/" + bench.row->name + "/" + kernels::IsaName(isa);
      benchmark::RegisterBenchmark(name.c_str(), BM_Kernel, &bench, isa)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  return rows;
}

}  // namespace arenastore::bench
