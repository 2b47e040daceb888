// Conformance on real models nobody here wrote: every int8 TensorFlow Lite model in
// ../shared/models is imported, compiled for the `ref` target in one pool, checked by the
// gate, run from its planned arena, and its outputs compared byte for byte with the outputs
// TensorFlow Lite Micro's reference kernels produced (../shared/models/golden). The memory
// plan must need no more than TensorFlow Lite Micro's arena and equal the lower bound.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "kernels/version.h"
#include "planner/compile.h"
#include "planner/import/tflite_importer.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/gate.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore {
namespace {

namespace fs = std::filesystem;

const fs::path kModels = fs::path(ARENASTORE_SHARED_DIR) / "models";

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

struct TflmArena {
  size_t nonpersistent_bytes;
  double invoke_us;
};

std::map<std::string, TflmArena> ReadTflmArena() {
  std::map<std::string, TflmArena> arena;
  std::ifstream file(kModels / "golden" / "tflm_arena.tsv");
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    std::istringstream fields(line);
    std::string model;
    size_t used = 0, nonpersistent = 0, persistent = 0;
    double invoke_us = 0;
    fields >> model >> used >> nonpersistent >> persistent >> invoke_us;
    arena[model] = {nonpersistent, invoke_us};
  }
  return arena;
}

std::vector<std::string> ModelNames() {
  std::vector<std::string> names;
  if (!fs::exists(kModels)) return names;
  for (const auto& entry : fs::directory_iterator(kModels)) {
    if (entry.path().extension() == ".tflite") names.push_back(entry.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Aligned copy of the artifact and one host buffer per pool, as a device would provide.
struct Loaded {
  std::vector<uint64_t> artifact_storage;
  std::span<const uint8_t> artifact;
  std::vector<std::vector<uint64_t>> pool_storage;
  std::vector<std::string> pool_names;
  std::vector<runtime::PoolBuffer> pools;
};

void Load(const std::vector<uint8_t>& bytes, Loaded* loaded) {
  loaded->artifact_storage.resize(bytes.size() / 8 + 2);
  std::memcpy(loaded->artifact_storage.data(), bytes.data(), bytes.size());
  loaded->artifact = {reinterpret_cast<const uint8_t*>(loaded->artifact_storage.data()),
                      bytes.size()};
}

// A model compiled with `options`, its aligned bytes and its view; the view is empty (with a
// test failure) when compiling or opening fails. Held by pointer: the view points into `loaded`.
struct Opened {
  planner::CompiledModel model;
  Loaded loaded;
  std::optional<runtime::ArtifactView> view;
};

std::unique_ptr<Opened> CompileAndOpen(const planner::Graph& graph,
                                       const planner::CompileOptions& options) {
  auto opened = std::make_unique<Opened>();
  auto model = planner::Compile(graph, options);
  EXPECT_TRUE(model.ok()) << model.status().message();
  if (!model.ok()) return opened;
  opened->model = std::move(model.value());
  Load(opened->model.artifact, &opened->loaded);
  auto view = runtime::ArtifactView::Create(opened->loaded.artifact);
  EXPECT_TRUE(view.ok()) << view.status().message();
  if (view.ok()) opened->view.emplace(std::move(view.value()));
  return opened;
}

// Runs `view` with the kernels of `isa` on `input` and returns output 0.
std::vector<uint8_t> RunOn(const runtime::ArtifactView& view, kernels::Isa isa,
                           const std::vector<uint8_t>& input) {
  const auto& artifact = view.artifact();
  std::vector<std::vector<uint64_t>> storage;
  std::vector<std::string> names;
  for (const schema::Pool* pool : *artifact.pools()) {
    storage.emplace_back(pool->planned_bytes() / 8 + 2);
    names.push_back(pool->name()->str());
  }
  std::vector<runtime::PoolBuffer> pools;
  for (size_t i = 0; i < storage.size(); ++i) {
    pools.push_back({names[i].c_str(),
                     {reinterpret_cast<uint8_t*>(storage[i].data()),
                      static_cast<size_t>(artifact.pools()->Get(i)->planned_bytes())}});
  }
  auto executor = runtime::Executor::Create(view, pools, isa);
  EXPECT_TRUE(executor.ok()) << executor.status().message();
  if (!executor.ok()) return {};
  Status status = executor->SetInput(0, input);
  EXPECT_TRUE(status.ok()) << status.message();
  status = executor->Invoke();
  EXPECT_TRUE(status.ok()) << status.message();
  std::vector<uint8_t> output(executor->OutputTensor(0).size());
  EXPECT_TRUE(executor->GetOutput(0, output).ok());
  return output;
}

class RealModel : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (!fs::exists(kModels))
      GTEST_SKIP() << "../shared/models is absent; real-model conformance skipped";
    const fs::path path = kModels / (GetParam() + ".tflite");
    auto graph = planner::ImportTflite(ReadBytes(path), GetParam());
    ASSERT_TRUE(graph.ok()) << graph.status().message();
    graph_ = std::move(graph.value());
    auto model = planner::Compile(graph_, {});
    ASSERT_TRUE(model.ok()) << model.status().message();
    model_ = std::move(model.value());
    Load(model_.artifact, &loaded_);
    auto view = runtime::ArtifactView::Create(loaded_.artifact);
    ASSERT_TRUE(view.ok()) << view.status().message();
    view_.emplace(std::move(view.value()));
  }

  // Runs the artifact on `input` and returns output 0.
  std::vector<uint8_t> Run(const std::vector<uint8_t>& input) {
    return RunOn(*view_, kernels::Isa::kRef, input);
  }

  size_t InputBytes() const { return graph_.tensors[graph_.inputs[0]].bytes(); }

  planner::Graph graph_;
  planner::CompiledModel model_;
  Loaded loaded_;
  std::optional<runtime::ArtifactView> view_;
};

TEST_P(RealModel, PassesThePlanValidatorAndTheGate) {
  std::vector<runtime::Finding> findings(256);
  const runtime::GateReport report = runtime::EvaluateGate(
      *view_, runtime::ThisRuntime(), runtime::GatePolicy::kStrict, {}, findings, {});
  EXPECT_EQ(report.verdict, runtime::Verdict::kAccept) << report.finding_count << " findings";
}

TEST_P(RealModel, ReproducesTensorFlowLiteMicroOutputsBitForBit) {
  const fs::path golden = kModels / "golden";
  int compared = 0;
  for (int seed = 1; seed <= 3; ++seed) {
    const std::string stem = GetParam() + ".seed" + std::to_string(seed);
    if (!fs::exists(golden / (stem + ".in.bin"))) continue;
    const std::vector<uint8_t> input = ReadBytes(golden / (stem + ".in.bin"));
    ASSERT_EQ(input.size(), InputBytes()) << stem;
    EXPECT_EQ(Run(input), ReadBytes(golden / (stem + ".out.bin"))) << stem;
    ++compared;
  }
  std::vector<uint8_t> pattern(InputBytes());
  for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = static_cast<uint8_t>((i * 7) % 256);
  EXPECT_EQ(Run(pattern), ReadBytes(golden / (GetParam() + ".pattern7.out.bin"))) << "pattern7";
  EXPECT_EQ(compared, 3);
}

// The same golden outputs from an artifact planned for each x86 variant and run with its
// kernels (the best variant this CPU runs among them), where the CPU supports it.
TEST_P(RealModel, ReproducesTensorFlowLiteMicroOutputsWithEachX86Variant) {
  const fs::path golden = kModels / "golden";
  for (const kernels::Isa isa : {kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
    if (!kernels::IsaRunnable(isa)) {
      std::cout << "[ skipped ] " << kernels::IsaName(isa)
                << ": not built, not supported by this CPU, or excluded by ARENASTORE_ISA_ALLOW\n";
      continue;
    }
    planner::CompileOptions options;
    options.target_isa = isa;
    const std::unique_ptr<Opened> opened = CompileAndOpen(graph_, options);
    ASSERT_TRUE(opened->view.has_value());
    const runtime::ArtifactView* view = &*opened->view;
    std::vector<runtime::Finding> findings(256);
    const runtime::GateReport report = runtime::EvaluateGate(
        *view, {kernels::kLibraryVersion, isa}, runtime::GatePolicy::kStrict, {}, findings, {});
    EXPECT_EQ(report.verdict, runtime::Verdict::kAccept) << kernels::IsaName(isa);
    for (int seed = 1; seed <= 3; ++seed) {
      const std::string stem = GetParam() + ".seed" + std::to_string(seed);
      if (!fs::exists(golden / (stem + ".in.bin"))) continue;
      EXPECT_EQ(RunOn(*view, isa, ReadBytes(golden / (stem + ".in.bin"))),
                ReadBytes(golden / (stem + ".out.bin")))
          << stem << " on " << kernels::IsaName(isa);
    }
    std::vector<uint8_t> pattern(InputBytes());
    for (size_t i = 0; i < pattern.size(); ++i) pattern[i] = static_cast<uint8_t>((i * 7) % 256);
    EXPECT_EQ(RunOn(*view, isa, pattern), ReadBytes(golden / (GetParam() + ".pattern7.out.bin")))
        << "pattern7 on " << kernels::IsaName(isa);
  }
  if (!kernels::IsaRunnable(kernels::Isa::kX86Avx2) &&
      !kernels::IsaRunnable(kernels::Isa::kX86Avx512Vnni)) {
    GTEST_SKIP() << "this machine runs neither x86_avx2 nor x86_avx512vnni";
  }
}

// Operators written over their inputs (planner/exec_forms.h, on by default) give the same output
// bytes as the plan that keeps every tensor whole, in no more memory.
TEST_P(RealModel, InPlacePlanEqualsTheWholeTensorPlanByteForByte) {
  planner::CompileOptions whole_options;
  whole_options.over_input = false;
  const std::unique_ptr<Opened> opened = CompileAndOpen(graph_, whole_options);
  ASSERT_TRUE(opened->view.has_value());
  const runtime::ArtifactView* view = &*opened->view;
  const planner::CompiledModel* whole = &opened->model;
  std::vector<uint8_t> input(InputBytes());
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint8_t>(i * 131 + 7);
  EXPECT_EQ(Run(input), RunOn(*view, kernels::Isa::kRef, input));
  const size_t in_place = model_.PlannedBytes();
  const size_t whole_bytes = whole->PlannedBytes();
  EXPECT_LE(in_place, whole_bytes);
  EXPECT_EQ(whole_bytes, model_.tensor_bound_bytes);
  std::cout << "[ figure ] " << GetParam() << ": in place " << in_place << " B, tensor-level bound "
            << model_.tensor_bound_bytes << " B\n";
}

// Row stages within a 20% recompute budget (compile --max-recompute 20) give the same output
// bytes as the whole-tensor plan, on `ref` and on each x86 variant this CPU runs, in no more
// memory than the target's default plan.
TEST_P(RealModel, StagedPlanEqualsTheWholeTensorPlanByteForByte) {
  std::vector<uint8_t> input(InputBytes());
  for (size_t i = 0; i < input.size(); ++i) input[i] = static_cast<uint8_t>(i * 29 + 3);
  const std::vector<uint8_t> expected = Run(input);
  for (const kernels::Isa isa :
       {kernels::Isa::kRef, kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
    if (!kernels::IsaRunnable(isa)) continue;
    planner::CompileOptions options;
    options.target_isa = isa;
    const size_t default_bytes = CompileAndOpen(graph_, options)->model.PlannedBytes();
    options.max_recompute_percent = 20;
    const std::unique_ptr<Opened> staged = CompileAndOpen(graph_, options);
    ASSERT_TRUE(staged->view.has_value());
    EXPECT_EQ(RunOn(*staged->view, isa, input), expected) << kernels::IsaName(isa);
    const size_t staged_bytes = staged->model.PlannedBytes();
    const uint64_t extra_macs = staged->model.ExtraMacs();
    EXPECT_LE(staged_bytes, default_bytes) << kernels::IsaName(isa);
    EXPECT_LE(extra_macs * 5, staged->model.model_macs) << "the budget is 20% of the MACs";
    // The memory goal for MobileNet v1 on 96x96 images: at most 0.42x TensorFlow Lite Micro's
    // arena (its 27,648 B input must still exist whole).
    const auto tflm = ReadTflmArena();
    if (isa == kernels::Isa::kRef && GetParam() == "vww_96_int8" && tflm.count(GetParam())) {
      EXPECT_LE(staged_bytes * 100, tflm.at(GetParam()).nonpersistent_bytes * 42);
    }
    if (isa == kernels::Isa::kRef) {
      std::cout << "[ figure ] " << GetParam() << ": --max-recompute 20: " << staged_bytes
                << " B in " << staged->model.stages.size() << " row stage(s), " << extra_macs
                << " of " << staged->model.model_macs << " MACs again\n";
    }
  }
}

TEST_P(RealModel, NeedsNoMoreArenaThanTensorFlowLiteMicroAndMeetsTheLowerBound) {
  const auto tflm = ReadTflmArena();
  ASSERT_TRUE(tflm.count(GetParam())) << "no TFLM figure for " << GetParam();
  const size_t planned = model_.PlannedBytes();
  EXPECT_LE(planned, tflm.at(GetParam()).nonpersistent_bytes);
  EXPECT_EQ(planned, model_.plan.lower_bound_bytes) << "execution order is fixed";
  std::cout << "[ figure ] " << GetParam() << ": planned " << planned << " B, lower bound "
            << model_.plan.lower_bound_bytes << " B, TFLM non-persistent "
            << tflm.at(GetParam()).nonpersistent_bytes << " B\n";
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModel, ::testing::ValuesIn(ModelNames()),
                         [](const auto& info) { return info.param; });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RealModel);

// TinyEngine's own VWW model (../shared/models/memory): TensorFlow Lite Micro's output bytes for
// both seeded inputs, planned in place.
TEST(MemoryAnchor, TinyEngineVwwReproducesTensorFlowLiteMicroInPlace) {
  const fs::path dir = kModels / "memory";
  if (!fs::exists(dir / "te_vww.tflite")) {
    GTEST_SKIP() << "../shared/models/memory/te_vww.tflite is absent; memory anchor skipped";
  }
  auto graph = planner::ImportTflite(ReadBytes(dir / "te_vww.tflite"), "te_vww");
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  const std::unique_ptr<Opened> opened = CompileAndOpen(*graph, {});
  ASSERT_TRUE(opened->view.has_value());
  const runtime::ArtifactView* view = &*opened->view;
  const planner::CompiledModel* model = &opened->model;
  for (const char* seed : {"seed201", "seed202"}) {
    const std::string stem = std::string("te_vww.") + seed;
    EXPECT_EQ(RunOn(*view, kernels::Isa::kRef, ReadBytes(dir / (stem + ".in.bin"))),
              ReadBytes(dir / (stem + ".out.bin")))
        << stem;
  }
  const size_t planned = model->PlannedBytes();
  EXPECT_LE(planned, model->tensor_bound_bytes);
  std::cout << "[ figure ] te_vww: in place " << planned << " B, tensor-level bound "
            << model->tensor_bound_bytes << " B, TFLM non-persistent 161472 B\n";
}

// Its row-stage plans (compile --max-recompute 20) for `ref`: at most half of TensorFlow Lite
// Micro's arena in one pool, and with the float input and the output in an :io pool a workspace
// within TinyEngine's own 59 kB. TensorFlow Lite Micro's output bytes from each, on `ref` and each
// x86 variant this CPU runs (whose plans hold their kernels' larger scratch).
TEST(MemoryAnchor, TinyEngineVwwInRowStagesReproducesTensorFlowLiteMicro) {
  const fs::path dir = kModels / "memory";
  if (!fs::exists(dir / "te_vww.tflite")) {
    GTEST_SKIP() << "../shared/models/memory/te_vww.tflite is absent; memory anchor skipped";
  }
  auto graph = planner::ImportTflite(ReadBytes(dir / "te_vww.tflite"), "te_vww");
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  for (const bool io_pool : {false, true}) {
    planner::CompileOptions options;
    options.max_recompute_percent = 20;
    if (io_pool) {
      options.pools = {{"sram", 0, planner::PoolKind::kWorkspace},
                       {"io", 0, planner::PoolKind::kIo}};
    }
    for (const kernels::Isa isa :
         {kernels::Isa::kRef, kernels::Isa::kX86Avx2, kernels::Isa::kX86Avx512Vnni}) {
      if (!kernels::IsaRunnable(isa)) continue;
      options.target_isa = isa;
      const std::unique_ptr<Opened> opened = CompileAndOpen(*graph, options);
      ASSERT_TRUE(opened->view.has_value());
      EXPECT_FALSE(opened->model.stages.empty());
      for (const char* seed : {"seed201", "seed202"}) {
        const std::string stem = std::string("te_vww.") + seed;
        EXPECT_EQ(RunOn(*opened->view, isa, ReadBytes(dir / (stem + ".in.bin"))),
                  ReadBytes(dir / (stem + ".out.bin")))
            << stem << " on " << kernels::IsaName(isa) << (io_pool ? " with an io pool" : "");
      }
      const std::vector<size_t>& pool_bytes = opened->model.plan.pool_bytes;
      if (isa != kernels::Isa::kRef) continue;
      if (io_pool) {
        EXPECT_LE(pool_bytes.at(0), 59000u);
      } else {
        EXPECT_LE(pool_bytes.at(0) * 2, 161472u);
      }
      std::cout << "[ figure ] te_vww --max-recompute 20" << (io_pool ? " with an io pool" : "")
                << ": workspace " << pool_bytes.at(0) << " B, TFLM non-persistent 161472 B\n";
    }
  }
}

TEST(RealModels, SharedFolderPresenceIsReported) {
  if (!fs::exists(kModels))
    GTEST_SKIP() << "../shared/models is absent; real-model conformance skipped";
  EXPECT_GE(ModelNames().size(), 6u);
}

}  // namespace
}  // namespace arenastore
