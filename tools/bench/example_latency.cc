// End-to-end rows of arenastore_kernel_bench (see kernel_bench.h): each built-in example is
// compiled for one ISA (so its plan has that variant's scratch), loaded through the verified
// view and run by the executor out of its planned pools, every op on the registry's kernel for
// that ISA (its own variant where it has one, else ref). The outputs are checked byte for byte
// against the ref plan's before timing. Counter x_ref: ref's time / this time (target >= 20).
#include <benchmark/benchmark.h>

#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "tools/bench/kernel_bench.h"
#include "tools/bench/kernel_bench_results.h"

namespace arenastore::bench {
namespace {

using kernels::Isa;

// An example compiled for one ISA, with host buffers for its pools and an executor over them.
struct LoadedExample {
  Aligned64Bytes artifact;
  std::vector<Aligned64Bytes> pool_storage;
  std::vector<std::string> pool_names;
  std::vector<runtime::PoolBuffer> pools;
  std::vector<runtime::PreparedOp> prepared_ops;  // lowered once, as a host runtime would
  Aligned64Bytes split_scratch;                   // split kernels' own scratch, prepared once
  std::optional<runtime::ArtifactView> view;
  std::optional<runtime::Executor> executor;
  int32_t own_variant_ops = 0;  // ops that run the ISA's own kernel, not the ref fallback
};

// Deterministic inputs: the same bytes for every ISA, so outputs can be compared. Written before
// every invoke: a plan may reuse an input's bytes for later tensors, and an invoke on what the
// last one left there would time different arithmetic than a device runs.
void WriteInputs(runtime::Executor& executor) {
  for (int32_t i = 0; i < executor.view().input_count(); ++i) {
    std::span<uint8_t> input = executor.InputTensor(i);
    for (size_t k = 0; k < input.size(); ++k) input[k] = static_cast<uint8_t>(k * 37 + i * 11);
  }
}

Status Load(const planner::ExampleInfo& example, Isa isa, LoadedExample* loaded) {
  planner::CompileOptions options;
  options.target_isa = isa;
  ARENASTORE_ASSIGN_OR_RETURN(planner::CompiledModel model,
                              planner::Compile(example.build(), options));
  loaded->artifact = Aligned64Bytes(model.artifact.size());
  std::memcpy(loaded->artifact.data(), model.artifact.data(), model.artifact.size());
  ARENASTORE_ASSIGN_OR_RETURN(runtime::ArtifactView view,
                              runtime::ArtifactView::Create(loaded->artifact.span()));
  loaded->view.emplace(view);
  for (const auto* pool : *view.artifact().pools()) {
    loaded->pool_storage.emplace_back(static_cast<size_t>(pool->planned_bytes()));
    loaded->pool_names.push_back(pool->name()->str());
  }
  for (size_t i = 0; i < loaded->pool_storage.size(); ++i) {
    loaded->pools.push_back({loaded->pool_names[i].c_str(), loaded->pool_storage[i].span()});
  }
  loaded->prepared_ops.resize(static_cast<size_t>(view.operator_count()));
  ARENASTORE_ASSIGN_OR_RETURN(const size_t split_bytes,
                              runtime::Executor::SplitScratchBytes(*loaded->view, isa));
  loaded->split_scratch = Aligned64Bytes(split_bytes);
  ARENASTORE_ASSIGN_OR_RETURN(
      runtime::Executor executor,
      runtime::Executor::Create(*loaded->view, loaded->pools, isa, {}, loaded->prepared_ops,
                                loaded->split_scratch.span()));
  loaded->executor.emplace(executor);
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    const auto kind = static_cast<kernels::OpKind>(view.artifact().operators()->Get(i)->kind());
    if (kernels::HasOwnVariant(kind, kernels::KernelDtype::kInt8, isa)) ++loaded->own_variant_ops;
  }
  WriteInputs(*loaded->executor);
  return Status::Ok();
}

std::vector<uint8_t> Outputs(const runtime::Executor& executor) {
  std::vector<uint8_t> bytes;
  for (int32_t i = 0; i < executor.view().output_count(); ++i) {
    const std::span<uint8_t> output = executor.OutputTensor(i);
    bytes.insert(bytes.end(), output.begin(), output.end());
  }
  return bytes;
}

// The ref plan's outputs of each example, computed once.
Result<std::vector<uint8_t>> RefOutputs(const planner::ExampleInfo& example) {
  static std::map<std::string, std::vector<uint8_t>> cache;
  if (auto found = cache.find(example.name); found != cache.end()) return found->second;
  LoadedExample loaded;
  ARENASTORE_RETURN_IF_ERROR(Load(example, Isa::kRef, &loaded));
  ARENASTORE_RETURN_IF_ERROR(loaded.executor->Invoke());
  return cache[example.name] = Outputs(*loaded.executor);
}

void BM_Example(benchmark::State& state, const planner::ExampleInfo* example, Isa isa) {
  const std::string column = kernels::IsaName(isa);
  BenchResults& results = BenchResults::Get();
  if (!kernels::IsaRunnable(isa)) {
    const std::string why = column + " is not built, supported by this CPU, or allowed";
    results.NotAvailable(example->name, column, why);
    return state.SkipWithError(("n/a: " + why).c_str());
  }
  LoadedExample loaded;
  Status status = Load(*example, isa, &loaded);
  if (status.ok()) status = loaded.executor->Invoke();
  auto expected = RefOutputs(*example);
  if (!status.ok() || !expected.ok()) {
    const std::string why = status.ok() ? expected.status().message() : status.message();
    results.Failed(example->name, column, why);
    return state.SkipWithError(why.c_str());
  }
  if (Outputs(*loaded.executor) != *expected) {
    results.Failed(example->name, column, "outputs differ from the ref plan's");
    return state.SkipWithError("outputs differ from the ref plan's");
  }
  // Only the invokes count: the inputs are written again between them, outside the timing.
  double seconds = 0;
  for (auto _ : state) {
    state.PauseTiming();
    WriteInputs(*loaded.executor);
    state.ResumeTiming();
    const double start = ThreadCpuSeconds();
    benchmark::DoNotOptimize(loaded.executor->Invoke());
    seconds += ThreadCpuSeconds() - start;
  }
  const auto iterations = static_cast<int64_t>(state.iterations());
  results.Record(example->name, column, iterations, seconds);
  state.counters["ops"] = loaded.view->operator_count();
  state.counters["ops_own_variant"] = loaded.own_variant_ops;
  const auto ref_us = results.Us(example->name, "ref");
  if (ref_us && iterations > 0 && seconds > 0) {
    state.counters["x_ref"] = *ref_us / (seconds * 1e6 / static_cast<double>(iterations));
  }
}

}  // namespace

std::vector<std::string> RegisterExampleBenchmarks() {
  std::vector<std::string> names;
  for (const planner::ExampleInfo& example : planner::Examples()) {
    names.push_back(example.name);
    for (const Isa isa : kBenchIsas) {
      const std::string name =
          std::string("BM_Example/") + example.name + "/" + kernels::IsaName(isa);
      benchmark::RegisterBenchmark(name.c_str(), BM_Example, &example, isa)
          ->Unit(benchmark::kMicrosecond);
    }
  }
  return names;
}

}  // namespace arenastore::bench
