// Bit-exactness against TensorFlow Lite Micro on single-operator models nobody here wrote
// (../shared/conformance: each case a .tflite, its inputs and TFLM's reference outputs; see its
// README). For the operators of kMustSupport, every int8 case (and for those of kMustSupportInt16
// every int16 case) must import, compile (for ref into no more memory than TFLM's arena), pass
// the strict gate and reproduce TFLM's output bytes, with `ref` and with the best variant this
// CPU runs. Every other case is tried the same way and
// tallied per (operator, type) (bit-exact, different, refused) in the test's output, so coverage is
// visible as it grows.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
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
#include "tests/planner/artifact_runner.h"

namespace arenastore {
namespace {

namespace fs = std::filesystem;

const fs::path kCorpus = fs::path(ARENASTORE_SHARED_DIR) / "conformance";

// TFLite builtins whose int8 cases must all be accepted (and then be bit-exact).
const std::set<std::string> kMustSupport = {
    "ABS",
    "ADD",
    "ADD_N",
    "ARG_MAX",
    "ARG_MIN",
    "AVERAGE_POOL_2D",
    "BATCH_MATMUL",
    "BATCH_TO_SPACE_ND",
    "BROADCAST_TO",
    "CAST",
    "CONCATENATION",
    "CONV_2D",
    "CUMSUM",
    "DEPTHWISE_CONV_2D",
    "DEPTH_TO_SPACE",
    "DEQUANTIZE",
    "DIV",
    "DYNAMIC_UPDATE_SLICE",
    "ELU",
    "EMBEDDING_LOOKUP",
    "EQUAL",
    "EXPAND_DIMS",
    "FILL",
    "FULLY_CONNECTED",
    "GATHER",
    "GATHER_ND",
    "GREATER",
    "GREATER_EQUAL",
    "HARD_SWISH",
    "L2_NORMALIZATION",
    "LEAKY_RELU",
    "LESS",
    "LESS_EQUAL",
    "LOGISTIC",
    "LOG_SOFTMAX",
    "MAXIMUM",
    "MAX_POOL_2D",
    "MEAN",
    "MINIMUM",
    "MIRROR_PAD",
    "MUL",
    "NOT_EQUAL",
    "PACK",
    "PAD",
    "PADV2",
    "PRELU",
    "QUANTIZE",
    "REDUCE_MAX",
    "REDUCE_MIN",
    "RELU",
    "RELU6",
    "RESHAPE",
    "RESIZE_BILINEAR",
    "RESIZE_NEAREST_NEIGHBOR",
    "REVERSE_V2",
    "RSQRT",
    "SELECT_V2",
    "SHAPE",
    "SLICE",
    "SOFTMAX",
    "SPACE_TO_BATCH_ND",
    "SPACE_TO_DEPTH",
    "SPLIT",
    "SPLIT_V",
    "SQUARED_DIFFERENCE",
    "SQUEEZE",
    "STRIDED_SLICE",
    "SUB",
    "SUM",
    "SVDF",
    "TANH",
    "TRANSPOSE",
    "TRANSPOSE_CONV",
    "UNIDIRECTIONAL_SEQUENCE_LSTM",
    "UNPACK",
    "ZEROS_LIKE",
};

// TFLite builtins whose int16 ("16x8") cases must all be accepted and bit-exact too: every
// builtin the corpus has int16 cases of (the convolutions and matrix products take int8 weights
// and int32 or int64 biases).
const std::set<std::string> kMustSupportInt16 = {
    "ABS",
    "ADD",
    "AVERAGE_POOL_2D",
    "BATCH_MATMUL",
    "BROADCAST_TO",
    "CAST",
    "CONCATENATION",
    "CONV_2D",
    "DEPTHWISE_CONV_2D",
    "DEQUANTIZE",
    "DYNAMIC_UPDATE_SLICE",
    "EXPAND_DIMS",
    "FULLY_CONNECTED",
    "LEAKY_RELU",
    "LOGISTIC",
    "MAXIMUM",
    "MAX_POOL_2D",
    "MEAN",
    "MINIMUM",
    "MUL",
    "PACK",
    "PAD",
    "PADV2",
    "PRELU",
    "QUANTIZE",
    "RELU",
    "RELU6",
    "RESHAPE",
    "RESIZE_NEAREST_NEIGHBOR",
    "REVERSE_V2",
    "RSQRT",
    "SELECT_V2",
    "SHAPE",
    "SLICE",
    "SOFTMAX",
    "SPLIT",
    "SPLIT_V",
    "SQUARED_DIFFERENCE",
    "SQUEEZE",
    "STRIDED_SLICE",
    "SUB",
    "SUM",
    "TANH",
    "TRANSPOSE",
    "TRANSPOSE_CONV",
    "UNIDIRECTIONAL_SEQUENCE_LSTM",
    "UNPACK",
};

struct Case {
  std::string name, op, activation_type, input_types, output_types;
  int invokes = 1;
  size_t head_bytes = 0;      // TFLM's non-persistent arena for the case
  size_t variable_bytes = 0;  // its variable tensors (state kept between invokes)
};

// The int8 cases of kMustSupport (for QUANTIZE the output is int8, for DEQUANTIZE, CAST and
// SOFTMAX the input; their other side may be int16, int32 or float32) and the int16 cases of
// kMustSupportInt16.
bool MustSupport(const Case& c) {
  return (c.activation_type == "int8" && kMustSupport.count(c.op) != 0) ||
         (c.activation_type == "int16" && kMustSupportInt16.count(c.op) != 0);
}

std::vector<std::string> Split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream stream(line);
  while (std::getline(stream, field, separator)) fields.push_back(field);
  return fields;
}

std::vector<Case> ReadManifest() {
  std::vector<Case> cases;
  std::ifstream file(kCorpus / "manifest.tsv");
  std::string line;
  std::getline(file, line);  // header
  while (std::getline(file, line)) {
    const std::vector<std::string> f = Split(line, '\t');
    if (f.size() < 10) continue;
    cases.push_back({f[0], f[1], f[2], f[8], f[9], std::stoi(f[3]),
                     static_cast<size_t>(std::stoull(f[6])),
                     f.size() > 12 ? static_cast<size_t>(std::stoull(f[12])) : 0});
  }
  return cases;
}

std::vector<uint8_t> ReadBytes(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// The case's outputs, run with `isa` from an artifact planned for it; on a failure, empty with
// *why set.
std::vector<uint8_t> CompileAndRun(const Case& c, const planner::Graph& graph, kernels::Isa isa,
                                   std::string* why) {
  planner::CompileOptions options;
  options.target_isa = isa;
  auto model = planner::Compile(graph, options);
  if (!model.ok()) {
    *why = std::string("compile: ") + model.status().message();
    return {};
  }
  // ref's plan is the one that must fit TFLM's arena (faster variants may buy speed with
  // scratch); the state pool holds exactly the variables, as TFLM's persistent arena does.
  size_t planned_bytes = 0, state_bytes = 0;
  for (size_t p = 0; p < model->plan.pool_bytes.size(); ++p) {
    (model->pools[p].pinned_only ? state_bytes : planned_bytes) += model->plan.pool_bytes[p];
  }
  if (isa == kernels::Isa::kRef && planned_bytes > c.head_bytes) {
    *why = "planned " + std::to_string(planned_bytes) + " B, more than TFLM's arena of " +
           std::to_string(c.head_bytes) + " B";
    return {};
  }
  if (state_bytes != c.variable_bytes) {
    *why = "planned " + std::to_string(state_bytes) + " B of state, TFLM's variables take " +
           std::to_string(c.variable_bytes) + " B";
    return {};
  }
  testing::AlignedBuffer bytes = testing::AlignedCopy(model->artifact);
  auto view = runtime::ArtifactView::Create(bytes.span());
  if (!view.ok()) {
    *why = std::string("view: ") + view.status().message();
    return {};
  }
  runtime::RuntimeIdentity identity = runtime::ThisRuntime();
  identity.isa = isa;
  std::vector<runtime::Finding> findings(64);
  const runtime::GateReport report =
      runtime::EvaluateGate(*view, identity, runtime::GatePolicy::kStrict, {}, findings, {});
  if (report.verdict != runtime::Verdict::kAccept) {
    *why = "the strict gate did not accept it";
    return {};
  }
  std::vector<testing::AlignedBuffer> storage;
  std::vector<std::string> names;
  std::vector<runtime::PoolBuffer> pools;
  for (int32_t p = 0; p < view->pool_count(); ++p) {
    storage.emplace_back(static_cast<size_t>(view->pool(p).planned_bytes()));
    names.push_back(view->pool(p).name()->str());
  }
  for (size_t p = 0; p < storage.size(); ++p)
    pools.push_back({names[p].c_str(), storage[p].span()});
  auto executor = runtime::Executor::Create(*view, pools, isa);
  if (!executor.ok()) {
    *why = std::string("executor: ") + executor.status().message();
    return {};
  }
  const std::vector<uint8_t> input = ReadBytes(kCorpus / (c.name + ".in.bin"));
  size_t offset = 0;
  std::vector<uint8_t> outputs;
  for (int frame = 0; frame < c.invokes; ++frame) {
    for (int32_t i = 0; i < view->input_count(); ++i) {
      const size_t size = executor->InputTensor(i).size();
      if (offset + size > input.size()) {
        *why = "the input file is shorter than the model's inputs";
        return {};
      }
      static_cast<void>(executor->SetInput(i, {input.data() + offset, size}));
      offset += size;
    }
    const Status run = executor->Invoke();
    if (!run.ok()) {
      *why = std::string("invoke: ") + run.message();
      return {};
    }
    for (int32_t i = 0; i < view->output_count(); ++i) {
      std::vector<uint8_t> output(executor->OutputTensor(i).size());
      static_cast<void>(executor->GetOutput(i, output));
      outputs.insert(outputs.end(), output.begin(), output.end());
    }
  }
  return outputs;
}

// One case's outcome on one ISA: empty when bit-exact, else what went wrong.
std::string Outcome(const Case& c, const planner::Graph& graph, kernels::Isa isa) {
  std::string why;
  const std::vector<uint8_t> outputs = CompileAndRun(c, graph, isa, &why);
  if (!why.empty()) return why;
  const std::vector<uint8_t> expected = ReadBytes(kCorpus / (c.name + ".out.bin"));
  if (outputs.size() != expected.size()) {
    return "outputs have " + std::to_string(outputs.size()) + " bytes, TFLM's " +
           std::to_string(expected.size());
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i] != expected[i]) {
      return "byte " + std::to_string(i) + " is " +
             std::to_string(static_cast<int8_t>(outputs[i])) + ", TFLM's " +
             std::to_string(static_cast<int8_t>(expected[i]));
    }
  }
  return "";
}

struct Tally {
  int exact = 0, different = 0, refused = 0;
  std::string example;  // the first failure's case and reason
};

TEST(TflmConformance, SupportedOperatorsAreBitExactOnRefAndTheBestVariant) {
  if (!fs::exists(kCorpus / "manifest.tsv")) {
    GTEST_SKIP() << "../shared/conformance is absent; TFLM conformance skipped";
  }
  const kernels::Isa best = kernels::BestRunnableIsa();
  std::map<std::string, Tally> tallies;
  for (const Case& c : ReadManifest()) {
    Tally& tally = tallies[c.op + "/" + c.activation_type];
    const bool must = MustSupport(c);
    auto graph = planner::ImportTflite(ReadBytes(kCorpus / (c.name + ".tflite")), c.name);
    if (!graph.ok()) {
      ++tally.refused;
      if (tally.example.empty()) tally.example = c.name + ": " + graph.status().message();
      EXPECT_FALSE(must) << c.name << " must be supported: " << graph.status().message();
      continue;
    }
    std::string why = Outcome(c, *graph, kernels::Isa::kRef);
    if (why.empty() && best != kernels::Isa::kRef) why = Outcome(c, *graph, best);
    if (why.empty()) {
      ++tally.exact;
      continue;
    }
    ++tally.different;
    if (tally.example.empty()) tally.example = c.name + ": " + why;
    EXPECT_FALSE(must) << c.name << " is not bit-exact with TFLM: " << why;
  }
  for (const auto& [key, tally] : tallies) {
    std::cout << "[ figure ] " << key << ": " << tally.exact << " bit-exact, " << tally.different
              << " different, " << tally.refused << " refused"
              << (tally.example.empty() ? "" : " (" + tally.example.substr(0, 160) + ")") << "\n";
  }
}

}  // namespace
}  // namespace arenastore
