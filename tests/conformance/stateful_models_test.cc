// Stateful real models nobody here wrote (../shared/models/stateful: TensorFlow Lite Micro's
// keyword model with SVDF layers and its MNIST LSTM): each is imported, compiled for `ref` and
// for the best variant this CPU runs, gated, and run for every golden case's frames on one
// executor, state kept between invokes. Each frame's outputs must equal TensorFlow Lite Micro's
// byte for byte, every variable tensor must hold TFLM's bytes after every invoke (its CRC-32),
// the state pool must be exactly the variables' bytes and the workspace no larger than TFLM's
// non-persistent arena.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kernels/cpu_features.h"
#include "planner/compile.h"
#include "planner/import/tflite_importer.h"
#include "planner/import/tflite_model_reader.h"
#include "runtime/artifact_view.h"
#include "runtime/executor.h"
#include "runtime/gate.h"
#include "tests/planner/artifact_runner.h"

namespace arenastore {
namespace {

namespace fs = std::filesystem;

const fs::path kStateful = fs::path(ARENASTORE_SHARED_DIR) / "models" / "stateful";

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

std::vector<std::string> Fields(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream stream(line);
  while (std::getline(stream, field, '\t')) fields.push_back(field);
  return fields;
}

struct GoldenCase {
  std::string name, model;
  int invokes = 0;
  size_t head_bytes = 0, variable_bytes = 0;
};

std::vector<GoldenCase> ReadCases() {
  std::vector<GoldenCase> cases;
  std::ifstream file(kStateful / "golden" / "manifest.tsv");
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    const std::vector<std::string> f = Fields(line);
    if (f.size() < 13) continue;
    cases.push_back({f[0], f[1], std::stoi(f[4]), std::stoull(f[8]), std::stoull(f[11])});
  }
  return cases;
}

// crc32 of each TFLite tensor after each invoke: (invoke, tensor index) -> crc.
std::map<std::pair<int, int>, std::string> ReadTensorCrcs(const std::string& case_name) {
  std::map<std::pair<int, int>, std::string> crcs;
  std::ifstream file(kStateful / "golden" / (case_name + ".tensors.tsv"));
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    const std::vector<std::string> f = Fields(line);
    if (f.size() >= 7) crcs[{std::stoi(f[0]), std::stoi(f[1])}] = f[6];
  }
  return crcs;
}

std::string Crc32(std::span<const uint8_t> bytes) {
  uint32_t crc = 0xffffffffu;
  for (uint8_t byte : bytes) {
    crc ^= byte;
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
  }
  char text[9];
  std::snprintf(text, sizeof(text), "%08x", ~crc);
  return text;
}

// The TFLite indices of the model's variable tensors, in order.
std::vector<int> VariableIndices(const std::vector<uint8_t>& model) {
  std::vector<int> indices;
  auto reader = planner::TfliteModelReader::Open(model);
  if (!reader.ok()) return indices;
  for (int32_t t = 0; t < reader->tensor_count(); ++t) {
    if (reader->tensor(t).is_variable()) indices.push_back(t);
  }
  return indices;
}

// The models whose every case must run; any other is tried and, if refused, reported.
const std::set<std::string> kMustRun = {"keyword_scrambled_8bit", "trained_lstm_int8"};

void RunCase(const GoldenCase& c, kernels::Isa isa) {
  SCOPED_TRACE(c.name + " on " + kernels::IsaName(isa));
  const std::vector<uint8_t> model = ReadBytes(kStateful / (c.model + ".tflite"));
  auto graph = planner::ImportTflite(model, c.model);
  if (!graph.ok() && kMustRun.count(c.model) == 0) {
    std::cout << "[ figure ] " << c.name << ": refused (" << graph.status().message() << ")\n";
    return;
  }
  ASSERT_TRUE(graph.ok()) << graph.status().message();
  planner::CompileOptions options;
  options.target_isa = isa;
  auto compiled = planner::Compile(*graph, options);
  ASSERT_TRUE(compiled.ok()) << compiled.status().message();
  testing::AlignedBuffer bytes = testing::AlignedCopy(compiled->artifact);
  auto view = runtime::ArtifactView::Create(bytes.span());
  ASSERT_TRUE(view.ok()) << view.status().message();
  std::vector<testing::AlignedBuffer> storage;
  std::vector<std::string> names;
  std::vector<runtime::PoolBuffer> pools;
  size_t workspace_bytes = 0, state_bytes = 0;
  for (int32_t p = 0; p < view->pool_count(); ++p) {
    const size_t planned = static_cast<size_t>(view->pool(p).planned_bytes());
    const bool state = view->pool(p).kind() == schema::PoolKind::STATE;
    (state ? state_bytes : workspace_bytes) += planned;
    if (state) {
      EXPECT_EQ(planned, c.variable_bytes) << "state pool vs TFLM's variables";
    } else if (isa == kernels::Isa::kRef) {
      EXPECT_LE(planned, c.head_bytes) << "workspace vs TFLM's non-persistent arena";
    }
    storage.emplace_back(planned);
    names.push_back(view->pool(p).name()->str());
  }
  for (size_t p = 0; p < storage.size(); ++p)
    pools.push_back({names[p].c_str(), storage[p].span()});
  runtime::Finding findings[16];
  const runtime::GateReport gate = runtime::EvaluateGate(
      *view, runtime::RuntimeIdentity{runtime::ThisRuntime().kernel_version, isa},
      runtime::GatePolicy::kStrict, {}, findings, {});
  ASSERT_EQ(gate.verdict, runtime::Verdict::kAccept);
  auto executor = runtime::Executor::Create(*view, pools, isa);
  ASSERT_TRUE(executor.ok()) << executor.status().message();

  const std::vector<uint8_t> input = ReadBytes(kStateful / "golden" / (c.name + ".in.bin"));
  const std::vector<uint8_t> expected = ReadBytes(kStateful / "golden" / (c.name + ".out.bin"));
  const auto crcs = ReadTensorCrcs(c.name);
  const std::vector<int> variables = VariableIndices(model);
  std::vector<int32_t> state_tensors;  // ours, in graph order, as TFLite's
  for (int32_t t = 0; t < view->tensor_count(); ++t) {
    if (runtime::IsStateTensor(*view, view->tensor(t))) state_tensors.push_back(t);
  }
  ASSERT_EQ(state_tensors.size(), variables.size());
  std::vector<uint8_t> outputs;
  size_t offset = 0;
  for (int frame = 0; frame < c.invokes; ++frame) {
    for (int32_t i = 0; i < view->input_count(); ++i) {
      const size_t size = executor->InputTensor(i).size();
      ASSERT_LE(offset + size, input.size());
      ASSERT_TRUE(executor->SetInput(i, {input.data() + offset, size}).ok());
      offset += size;
    }
    const Status run = executor->Invoke();
    ASSERT_TRUE(run.ok()) << run.message();
    for (int32_t i = 0; i < view->output_count(); ++i) {
      const std::span<uint8_t> output = executor->OutputTensor(i);
      outputs.insert(outputs.end(), output.begin(), output.end());
    }
    for (size_t v = 0; v < variables.size(); ++v) {
      const schema::Tensor& tensor = view->tensor(state_tensors[v]);
      const uint8_t* data = storage[tensor.pool()].data() + tensor.offset();
      EXPECT_EQ(Crc32({data, static_cast<size_t>(tensor.bytes())}), crcs.at({frame, variables[v]}))
          << "variable tensor " << variables[v] << " after invoke " << frame;
    }
  }
  EXPECT_EQ(outputs, expected);
  std::cout << "[ figure ] " << c.name << " on " << kernels::IsaName(isa) << ": state "
            << state_bytes << " B (TFLM's variables " << c.variable_bytes << " B), workspace "
            << workspace_bytes << " B (TFLM's non-persistent arena " << c.head_bytes << " B)\n";
}

TEST(StatefulModels, ReproduceTflmFrameByFrameWithExactStateOnRefAndTheBestVariant) {
  if (!fs::exists(kStateful / "golden" / "manifest.tsv")) {
    GTEST_SKIP() << "../shared/models/stateful is absent; stateful real models skipped";
  }
  const std::vector<GoldenCase> cases = ReadCases();
  ASSERT_FALSE(cases.empty());
  for (const GoldenCase& c : cases) {
    RunCase(c, kernels::Isa::kRef);
    if (kernels::BestRunnableIsa() != kernels::Isa::kRef) RunCase(c, kernels::BestRunnableIsa());
  }
}

}  // namespace
}  // namespace arenastore
