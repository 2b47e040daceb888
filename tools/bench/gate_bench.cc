// Gate benchmark: EvaluateGate on a compiled ~200-op artifact (convs, depthwise convs, adds,
// pools, FC, reshape), once planned exactly (accept) and once with 16 surplus scratch bytes on
// every op (a warning per op). Baseline in the same run: a plain loop summing every op's
// planned scratch bytes through the FlatBuffers accessors. Counters: ns_per_op (CPU time per
// operator judged), x_baseline (gate / baseline CPU time per op; CPU time because the machine
// is shared) and allocations (heap calls during the timed loop; must stay 0). Heap calls are
// counted by replacing global operator new/delete and, on glibc without ASan, malloc itself.
// Target: well under 1 us per operator.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <ctime>
#include <new>
#include <vector>

#include "planner/compile.h"
#include "planner/graph_builder.h"
#include "runtime/artifact_view.h"
#include "runtime/gate.h"

namespace {
std::atomic<size_t> g_heap_calls{0};
}  // namespace

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENASTORE_BENCH_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define ARENASTORE_BENCH_ASAN 1
#endif

// glibc lets a program interpose malloc; the __libc_* entry points are its own allocator.
// ASan owns malloc itself, so under ASan only operator new is counted.
#if defined(__GLIBC__) && !defined(ARENASTORE_BENCH_ASAN)
extern "C" {
void* __libc_malloc(size_t bytes);
void* __libc_calloc(size_t count, size_t bytes);
void* __libc_realloc(void* pointer, size_t bytes);
void* __libc_memalign(size_t alignment, size_t bytes);
void __libc_free(void* pointer);

void* malloc(size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(bytes);
}
void* calloc(size_t count, size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  return __libc_calloc(count, bytes);
}
void* realloc(void* pointer, size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  return __libc_realloc(pointer, bytes);
}
void* aligned_alloc(size_t alignment, size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  return __libc_memalign(alignment, bytes);
}
int posix_memalign(void** pointer, size_t alignment, size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  *pointer = __libc_memalign(alignment, bytes);
  return *pointer == nullptr ? 12 /* ENOMEM */ : 0;
}
void free(void* pointer) { __libc_free(pointer); }
}
#endif

// GCC pairs the replaced operator new with free() across inlining and warns; the pairing is
// exactly what a replacement does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(size_t bytes) {
  g_heap_calls.fetch_add(1, std::memory_order_relaxed);
  if (void* pointer = std::malloc(bytes == 0 ? 1 : bytes)) return pointer;
  throw std::bad_alloc();
}
void operator delete(void* pointer) noexcept { std::free(pointer); }
void operator delete(void* pointer, size_t) noexcept { std::free(pointer); }
#pragma GCC diagnostic pop

namespace arenastore::cli {
namespace {

using planner::Activation;
using planner::Padding;

constexpr int kBlocks = 49;  // 4 ops each, plus pool, FC and reshape: 199 operators

planner::Graph SyntheticGraph() {
  planner::GraphBuilder b("gate_bench", 7);
  int32_t x = b.Input("input", {1, 16, 16, 8}, 0.05f, 0);
  for (int i = 0; i < kBlocks; ++i) {
    const int32_t conv = b.Conv2d(x, 8, 3, 3, 1, Padding::SAME, Activation::RELU);
    const int32_t depthwise = b.DepthwiseConv2d(conv, 3, 3, 1, Padding::SAME, Activation::NONE);
    const int32_t sum = b.Add(depthwise, x, Activation::NONE);
    x = b.AveragePool2d(sum, 3, 3, 1, Padding::SAME);
  }
  const int32_t pooled = b.AveragePool2d(x, 16, 16, 16, Padding::VALID);
  b.Output(b.Reshape(b.FullyConnected(pooled, 10, Activation::NONE), {10}));
  return b.Build();
}

// Plans every op with 16 bytes more than its kernel needs, so the gate warns on each.
class GenerousSizer final : public planner::ScratchSizer {
 public:
  size_t ScratchBytes(const kernels::OpParams& params, kernels::Isa isa) const override {
    return planner::KernelScratchSizer().ScratchBytes(params, isa) + 16;
  }
};

struct alignas(64) Block {
  uint8_t bytes[64];
};

struct Artifact {
  std::vector<Block> storage;  // the artifact bytes, 64-byte aligned as the view requires
  const runtime::ArtifactView* view = nullptr;
};

const Artifact& Compiled(bool generous) {
  static Artifact artifacts[2];
  Artifact& artifact = artifacts[generous ? 1 : 0];
  if (artifact.view != nullptr) return artifact;
  static const GenerousSizer sizer;
  planner::CompileOptions options;
  if (generous) options.sizer = &sizer;
  auto compiled = planner::Compile(SyntheticGraph(), options);
  if (!compiled.ok()) return artifact;
  const std::vector<uint8_t>& bytes = compiled->artifact;
  artifact.storage.resize(bytes.size() / sizeof(Block) + 1);
  std::copy(bytes.begin(), bytes.end(), artifact.storage.front().bytes);
  auto view = runtime::ArtifactView::Create({artifact.storage.front().bytes, bytes.size()});
  if (view.ok()) artifact.view = new runtime::ArtifactView(view.value());
  return artifact;
}

double CpuSeconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

double SumScratch(const runtime::ArtifactView& view) {
  size_t total = 0;
  for (const schema::Operator* op : *view.artifact().operators()) {
    if (op->scratch() != nullptr && op->scratch()->size() > 0)
      total += op->scratch()->Get(0)->bytes();
  }
  return static_cast<double>(total);
}

// CPU seconds per operator of the baseline, measured once per process so every benchmark
// divides by the same number even when run alone (--benchmark_filter).
double BaselineSecondsPerOp() {
  static const double seconds = [] {
    const runtime::ArtifactView& view = *Compiled(false).view;
    constexpr int kSweeps = 200000;
    const double start = CpuSeconds();
    for (int i = 0; i < kSweeps; ++i) benchmark::DoNotOptimize(SumScratch(view));
    return (CpuSeconds() - start) / kSweeps / view.operator_count();
  }();
  return seconds;
}

void BM_ScratchSumBaseline(benchmark::State& state) {
  const Artifact& artifact = Compiled(false);
  if (artifact.view == nullptr) return state.SkipWithError("the synthetic model did not compile");
  const double start = CpuSeconds();
  for (auto _ : state) benchmark::DoNotOptimize(SumScratch(*artifact.view));
  const double per_op = (CpuSeconds() - start) / static_cast<double>(state.iterations()) /
                        artifact.view->operator_count();
  state.counters["ns_per_op"] = per_op * 1e9;
  state.counters["ops"] = artifact.view->operator_count();
}

// The counter must see a real allocation, or the 0 it reports for the gate would prove nothing.
bool HeapCounterCounts() {
  const size_t before = g_heap_calls.load();
  auto* probe = new int(1);
  benchmark::DoNotOptimize(probe);
  delete probe;
  return g_heap_calls.load() > before;
}

void GateBenchmark(benchmark::State& state, bool generous, runtime::Verdict expected) {
  const Artifact& artifact = Compiled(generous);
  if (artifact.view == nullptr) return state.SkipWithError("the synthetic model did not compile");
  if (!HeapCounterCounts()) return state.SkipWithError("the heap counter does not count");
  const runtime::ArtifactView& view = *artifact.view;
  const int32_t ops = view.operator_count();
  std::vector<runtime::Finding> findings(static_cast<size_t>(ops) + 8);
  std::vector<kernels::Isa> variants(static_cast<size_t>(ops));
  const runtime::PoolCapacity capacities[] = {
      {"sram", static_cast<size_t>(view.pool(0).planned_bytes())}};
  const runtime::RuntimeIdentity identity = runtime::ThisRuntime();
  runtime::GateReport report{};
  const double baseline = BaselineSecondsPerOp();
  const size_t heap_calls_before = g_heap_calls.load();
  const double start = CpuSeconds();
  for (auto _ : state) {
    report = runtime::EvaluateGate(view, identity, runtime::GatePolicy::kDefault, capacities,
                                   findings, variants);
    benchmark::DoNotOptimize(report);
  }
  const double per_op = (CpuSeconds() - start) / static_cast<double>(state.iterations()) / ops;
  const size_t heap_calls = g_heap_calls.load() - heap_calls_before;
  if (report.verdict != expected) state.SkipWithError("unexpected verdict");
  state.counters["ns_per_op"] = per_op * 1e9;
  state.counters["x_baseline"] = per_op / baseline;
  state.counters["allocations"] = static_cast<double>(heap_calls);
  state.counters["ops"] = ops;
  state.counters["findings"] = report.finding_count;
}

void BM_GateExactPlan(benchmark::State& state) {
  GateBenchmark(state, false, runtime::Verdict::kAccept);
}

void BM_GateSurplusOnEveryOp(benchmark::State& state) {
  GateBenchmark(state, true, runtime::Verdict::kAcceptWithWarnings);
}

BENCHMARK(BM_ScratchSumBaseline);
BENCHMARK(BM_GateExactPlan);
BENCHMARK(BM_GateSurplusOnEveryOp);

}  // namespace
}  // namespace arenastore::cli
