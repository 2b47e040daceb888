// End-to-end tests of the `arenastore` CLI's core verbs on temporary files.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "kernels/registry.h"
#include "kernels/version.h"
#include "planner/compile.h"
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"
#include "planner/import/tflite_schema_generated.h"
#include "store/speed_cost_text.h"
#include "tests/tools/cli_runner.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli::testing {
namespace {

TEST(Cli, CompilesChecksAndRunsTheKeywordSpottingExample) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  const CliResult compile = RunCli({"compile", "--example", "ds-cnn", "-o", artifact});
  ASSERT_EQ(compile.exit_code, 0) << compile.err;
  EXPECT_NE(compile.out.find("lower bound"), std::string::npos) << compile.out;
  const CliResult check = RunCli({"check", artifact});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("ACCEPT"), std::string::npos) << check.out;
  const std::string output = dir.File("o.bin");
  const CliResult run = RunCli({"run", artifact, "--random-input", "1", "--output", output});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_EQ(ReadBytes(output).size(), 12u);
}

TEST(Cli, RunIsDeterministicAndReadsInputFiles) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "resnet8", "-o", artifact}).exit_code, 0);
  ASSERT_EQ(
      RunCli({"run", artifact, "--random-input", "7", "--output", dir.File("a.bin")}).exit_code, 0);
  ASSERT_EQ(
      RunCli({"run", artifact, "--random-input", "7", "--output", dir.File("b.bin")}).exit_code, 0);
  EXPECT_EQ(ReadBytes(dir.File("a.bin")), ReadBytes(dir.File("b.bin")));
  std::vector<uint8_t> input(32 * 32 * 3, 0x10);
  WriteBytes(dir.File("in.bin"), input);
  const CliResult run =
      RunCli({"run", artifact, "--input", dir.File("in.bin"), "--output", dir.File("c.bin")});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(ReadBytes(dir.File("c.bin")).size(), 10u);
  WriteBytes(dir.File("short.bin"), std::vector<uint8_t>(5, 0));
  const CliResult bad = RunCli({"run", artifact, "--input", dir.File("short.bin")});
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("short.bin"), std::string::npos) << bad.err;
}

// A stateful model over frames: --frames N reads N frames per input file and writes N per
// output file, state carried between them; a file that is not N frames is refused, named.
TEST(Cli, RunFramesCarriesStateFromOneFrameToTheNext) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "svdf-kws", "-o", artifact}).exit_code, 0);
  const CliResult inspect = RunCli({"inspect", artifact});
  EXPECT_NE(inspect.out.find("state "), std::string::npos) << inspect.out;
  std::vector<uint8_t> frames(3 * 40);
  for (size_t i = 0; i < frames.size(); ++i) frames[i] = static_cast<uint8_t>(i < 40 ? 25 : 231);
  WriteBytes(dir.File("in.bin"), frames);
  const CliResult run = RunCli({"run", artifact, "--input", dir.File("in.bin"), "--frames", "3",
                                "--output", dir.File("out.bin")});
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("latency per frame over 3 frames"), std::string::npos) << run.out;
  const std::vector<uint8_t> out = ReadBytes(dir.File("out.bin"));
  ASSERT_EQ(out.size(), 3 * 4u);
  // The first frame alone, on a fresh executor, is the first frame of the sequence.
  WriteBytes(dir.File("first.bin"), std::vector<uint8_t>(frames.begin(), frames.begin() + 40));
  ASSERT_EQ(RunCli({"run", artifact, "--input", dir.File("first.bin"), "--output",
                    dir.File("first_out.bin")})
                .exit_code,
            0);
  EXPECT_EQ(ReadBytes(dir.File("first_out.bin")),
            std::vector<uint8_t>(out.begin(), out.begin() + 4));
  // Frames 2 and 3 have equal inputs; their outputs differ only through the state.
  EXPECT_NE(std::vector<uint8_t>(out.begin() + 4, out.begin() + 8),
            std::vector<uint8_t>(out.begin() + 8, out.end()));
  const CliResult short_file =
      RunCli({"run", artifact, "--input", dir.File("in.bin"), "--frames", "4"});
  EXPECT_EQ(short_file.exit_code, 1);
  EXPECT_NE(short_file.err.find("4 frames of 40"), std::string::npos) << short_file.err;
  EXPECT_EQ(
      RunCli({"run", artifact, "--random-input", "1", "--frames", "2", "--repeat", "3"}).exit_code,
      2);
}

// An int32 graph output (arg_max's indices) is bound by its byte size and reported by element.
TEST(Cli, RunReportsAnInt32OutputByElement) {
  TempDir dir;
  planner::GraphBuilder b("argmax", 1);
  const int32_t x = b.Input("x", {2, 4}, 0.1f, 0);
  b.Output(
      b.Operator(kernels::OpKind::kArgMinMax, {x},
                 planner::ArgMinMaxAttributes{
                     {.kind = static_cast<int32_t>(kernels::ArgMinMaxKind::kArgMax), .axis = 1}},
                 {2}, planner::DataType::kInt32));
  auto model = planner::Compile(b.Build(), planner::CompileOptions{});
  ASSERT_TRUE(model.ok()) << model.status().message();
  WriteBytes(dir.File("m.arena"), model->artifact);
  WriteBytes(dir.File("in.bin"), {1, 9, 3, 9, 5, 4, 3, 2});  // maxima at 1 (first of ties), 0
  const CliResult run = RunCli({"run", dir.File("m.arena"), "--input", dir.File("in.bin"),
                                "--output", dir.File("o.bin"), "--json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const auto report = nlohmann::json::parse(run.out);
  EXPECT_EQ(report["outputs"][0]["first_values"], nlohmann::json::array({1, 0}));
  EXPECT_EQ(ReadBytes(dir.File("o.bin")).size(), 8u);
}

TEST(Cli, InspectJsonShowsPerOpScratchAndPlanAtLeastTheLowerBound) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "all-ops", "-o", artifact}).exit_code, 0);
  const CliResult inspect = RunCli({"inspect", artifact, "--json"});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  const auto json = nlohmann::json::parse(inspect.out);
  EXPECT_EQ(json["operators"].size(), planner::BuildAllOps().ops.size());
  bool some_scratch = false;
  for (const auto& op : json["operators"]) some_scratch |= op["scratch_bytes"].get<uint64_t>() > 0;
  EXPECT_TRUE(some_scratch);
  EXPECT_GE(json["plan"]["planned_bytes"].get<uint64_t>(),
            json["plan"]["lower_bound_bytes"].get<uint64_t>());
  const auto version = kernels::kLibraryVersion;
  EXPECT_EQ(json["kernel_version"],
            fmt::format("{}.{}.{}", version.major, version.minor, version.patch));
  EXPECT_EQ(json["sha256"].get<std::string>().size(), 64u);
}

// The buffers alive at the peak, read back from the artifact: what compile printed.
TEST(Cli, InspectNamesTheBuffersAliveAtThePeakAsCompileDoes) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  const CliResult compile = RunCli({"compile", "--example", "ds-cnn", "-o", artifact});
  ASSERT_EQ(compile.exit_code, 0) << compile.err;
  const auto peak_block = [](const std::string& text) {
    const size_t start = text.find("peak       step ");
    return start == std::string::npos ? std::string()
                                      : text.substr(start, text.find("\nnext") - start);
  };
  const CliResult inspect = RunCli({"inspect", artifact});
  ASSERT_EQ(inspect.exit_code, 0) << inspect.err;
  const std::string compiled = peak_block(compile.out);
  ASSERT_FALSE(compiled.empty()) << compile.out;
  EXPECT_NE(inspect.out.find(compiled), std::string::npos) << inspect.out;
  const nlohmann::json json = nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out);
  const nlohmann::json& peak = json["plan"]["peak"];
  uint64_t live = 0;
  for (const auto& buffer : peak["buffers"]) live += buffer["bytes"].get<uint64_t>();
  EXPECT_EQ(live, peak["bytes"].get<uint64_t>());
  EXPECT_EQ(peak["step"], json["plan"]["peak_step"]);
  // The planned bytes are the live set's, each buffer 16-byte aligned.
  EXPECT_LE(peak["bytes"].get<uint64_t>(), json["plan"]["planned_bytes"].get<uint64_t>());
  EXPECT_LT(json["plan"]["planned_bytes"].get<uint64_t>(),
            peak["bytes"].get<uint64_t>() + 16 * peak["buffers"].size());
}

// compile's `over_input` JSON (`args` writing `artifact`) and inspect's of that artifact.
struct OverInputSummaries {
  nlohmann::json compiled, inspected;
};
OverInputSummaries CompileThenInspectOverInput(const std::vector<std::string>& args,
                                               const std::string& artifact) {
  const CliResult compile = RunCli(args);
  EXPECT_EQ(compile.exit_code, 0) << compile.err;
  if (compile.exit_code != 0) return {};
  return {nlohmann::json::parse(compile.out)["over_input"],
          nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out)["plan"]["over_input"]};
}

// Inspect recomputes, from the artifact alone, what compile said about operators written over
// their inputs: how many, the tensor-level bound (ds-cnn's whole-tensor plan, 16,000 B) and the
// bytes saved against it, in its text, its JSON and its plan picture.
TEST(Cli, InspectShowsTheInPlaceSummaryCompileGave) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  const auto [compiled, inspected] = CompileThenInspectOverInput(
      {"compile", "--example", "ds-cnn", "-o", artifact, "--json"}, artifact);
  ASSERT_FALSE(compiled.is_null());
  EXPECT_EQ(inspected, compiled);
  EXPECT_GT(inspected["ops"].get<size_t>(), 0u);
  EXPECT_EQ(inspected["tensor_bound_bytes"].get<size_t>(), 16000u);
  EXPECT_GT(inspected["saved_bytes"].get<size_t>(), 0u);
  const CliResult text = RunCli({"inspect", artifact});
  EXPECT_NE(text.out.find("in place   "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("tensor-level bound 16000 B"), std::string::npos) << text.out;
  const CliResult svg = RunCli({"inspect", artifact, "--svg", "-"});
  ASSERT_EQ(svg.exit_code, 0) << svg.err;
  EXPECT_NE(svg.out.find("tensor-level bound 16000 B"), std::string::npos)
      << "the plan picture's title gives the saving";
}

// Squeezed into a pool its whole kernels' plan does not fit, an Arm plan takes slower forms: the
// M55 its own pointwise and depthwise walks and nothing borrowed, the M4 its own pointwise walk
// and ref's borrowed depthwise form. compile and inspect count both kinds and name them in the
// words every text uses; a roomy plan has none.
TEST(Cli, CompileAndInspectCountTheOpsOnSlowerKernels) {
  for (const char* isa : {"arm_dsp", "arm_mve"}) {
    SCOPED_TRACE(isa);
    TempDir dir;
    const std::string roomy = dir.File("kws.roomy.arena");
    const std::string squeezed = dir.File("kws.squeezed.arena");
    ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "--target", isa, "-o", roomy}).exit_code, 0);
    const auto [compiled, inspected] = CompileThenInspectOverInput(
        {"compile", "--example", "ds-cnn", "--target", isa, "--pool", "sram:9520", "-o", squeezed,
         "--json"},
        squeezed);
    ASSERT_FALSE(compiled.is_null());
    EXPECT_EQ(inspected, compiled);
    const auto own = inspected["own_slower_kernel_ops"].get<int64_t>();
    const auto borrowed = inspected["reference_kernel_ops"].get<int64_t>();
    EXPECT_LE(own + borrowed, inspected["ops"].get<int64_t>());
    if (std::string_view(isa) == "arm_mve") {
      EXPECT_GT(own, 0);
      EXPECT_EQ(borrowed, 0);
    } else {
      EXPECT_GT(own, 0);
      EXPECT_GT(borrowed, 0);
    }
    const std::string text = RunCli({"inspect", squeezed}).out;
    EXPECT_NE(text.find(fmt::format("({}, to fit the pools)",
                                    store::SlowerKernelsText(own, borrowed))),
              std::string::npos)
        << text;
    EXPECT_EQ(RunCli({"inspect", roomy}).out.find("slower kernel"), std::string::npos);
  }
}

// Inspect names each operator's execution form, in its JSON and its table: as many over-input
// ones as the summary counts, the rest whole.
TEST(Cli, InspectNamesEachOperatorsForm) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", artifact}).exit_code, 0);
  const nlohmann::json inspected =
      nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out);
  size_t over_input = 0;
  for (const auto& op : inspected["operators"]) {
    const std::string form = op["form"].get<std::string>();
    EXPECT_TRUE(form == "whole" || form == "over-input") << form;
    over_input += form == "over-input" ? 1 : 0;
  }
  EXPECT_EQ(over_input, inspected["plan"]["over_input"]["ops"].get<size_t>());
  const std::string text = RunCli({"inspect", artifact}).out;
  EXPECT_NE(text.find(" form "), std::string::npos) << text;
  EXPECT_NE(text.find(" over-input "), std::string::npos) << text;
}

// One figure a firmware team reserves per model and ISA: every pool (state included) plus the
// runtime's own objects, printed alike by compile and inspect (the device job holds it equal to
// what the Cortex-M runner binds).
TEST(Cli, CompileAndInspectGiveOneDeviceRamTotalPerModelAndIsa) {
  TempDir dir;
  for (const std::string isa : {"arm_mve", "x86_avx2"}) {
    SCOPED_TRACE(isa);
    const std::string artifact = dir.File("svdf-kws." + isa + ".arena");
    const CliResult compile =
        RunCli({"compile", "--example", "svdf-kws", "--target", isa, "-o", artifact});
    ASSERT_EQ(compile.exit_code, 0) << compile.err;
    const nlohmann::json json = nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out);
    const nlohmann::json& ram = json["device_ram"];
    EXPECT_EQ(ram["isa"], isa);
    uint64_t pools = 0;
    uint64_t state = 0;
    for (const auto& pool : json["pools"]) {
      pools += pool["planned_bytes"].get<uint64_t>();
      if (pool["kind"] == "state") state += pool["planned_bytes"].get<uint64_t>();
    }
    EXPECT_GT(state, 0u) << "svdf-kws keeps its state in a pool of its own";
    EXPECT_EQ(ram["pools_bytes"].get<uint64_t>(), pools);
    EXPECT_EQ(ram["state_bytes"].get<uint64_t>(), state);
    EXPECT_EQ(ram["prepared_ops_bytes"].get<uint64_t>() % json["operators"].size(), 0u);
    EXPECT_EQ(ram["total_bytes"].get<uint64_t>(),
              pools + ram["prepared_ops_bytes"].get<uint64_t>() +
                  ram["executor_bytes"].get<uint64_t>() + ram.value("split_scratch_bytes", 0u));
    EXPECT_EQ(ram.contains("stack_budget_bytes"), isa == "arm_mve")
        << "a stack budget is held on the Cortex-M boards only";
    const std::string line = fmt::format("device RAM {} B for {}: pools {} B (state {} B)",
                                         ram["total_bytes"].get<uint64_t>(), isa, pools, state);
    EXPECT_NE(compile.out.find(line), std::string::npos) << compile.out;
    EXPECT_NE(RunCli({"inspect", artifact}).out.find(line), std::string::npos);
  }
}

TEST(Cli, InspectShowsTheModelsInputsAndOutputsWithTheirQuantization) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", artifact}).exit_code, 0);
  const auto json = nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out);
  ASSERT_EQ(json["inputs"].size(), 1u);
  const auto& input = json["inputs"][0];
  EXPECT_EQ(input["shape"], nlohmann::json::parse("[1, 49, 10, 1]"));
  EXPECT_EQ(input["bytes"], 490);
  EXPECT_EQ(input["type"], "int8");
  EXPECT_TRUE(input.contains("scale") && input.contains("zero_point")) << input.dump();
  EXPECT_EQ(json["outputs"][0]["bytes"], 12);
  const CliResult text = RunCli({"inspect", artifact});
  EXPECT_NE(text.out.find("inputs     0: [1,49,10,1] int8, 490 B, scale "), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("outputs    0: [1,12] int8, 12 B, scale "), std::string::npos)
      << text.out;
}

TEST(Cli, CheckRejectsWhenRecordedScratchIsBelowWhatTheRuntimeNeeds) {
  TempDir dir;
  const Skewed skewed = CompileSkewed(dir, -16);
  const CliResult check = RunCli({"check", skewed.path});
  EXPECT_EQ(check.exit_code, 3) << check.out << check.err;
  EXPECT_NE(check.out.find(fmt::format("op {} (transpose_conv2d)", skewed.op_index)),
            std::string::npos)
      << check.out;
  EXPECT_NE(check.out.find(fmt::format("planned {} B", skewed.planned)), std::string::npos)
      << check.out;
  EXPECT_NE(check.out.find(fmt::format("needs {} B", skewed.needed)), std::string::npos)
      << check.out;
  const CliResult run = RunCli({"run", skewed.path, "--random-input", "1"});
  EXPECT_EQ(run.exit_code, 3) << "a rejected artifact must never run";
  const CliResult json = RunCli({"check", skewed.path, "--json"});
  EXPECT_EQ(json.exit_code, 3);
  const auto report = nlohmann::json::parse(json.out);
  EXPECT_EQ(report["verdict"], "reject");
  EXPECT_EQ(report["findings"][0]["op_index"], skewed.op_index);
  EXPECT_EQ(report["findings"][0]["planned_bytes"], skewed.planned);
  EXPECT_EQ(report["findings"][0]["required_bytes"], skewed.needed);
}

TEST(Cli, CheckWarnsWhenRecordedScratchIsLargerAndStrictRejectsIt) {
  TempDir dir;
  const Skewed skewed = CompileSkewed(dir, +64);
  const CliResult check = RunCli({"check", skewed.path});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("WARN"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("64 B to spare"), std::string::npos) << check.out;
  // The transpose convolution's scratch sets the peak: a re-plan gives the 64 B back.
  EXPECT_NE(check.out.find("a re-plan for ref would reclaim 64 B"), std::string::npos) << check.out;
  EXPECT_EQ(RunCli({"run", skewed.path, "--random-input", "1"}).exit_code, 0);
  EXPECT_EQ(RunCli({"check", skewed.path, "--policy", "strict"}).exit_code, 3);
}

TEST(Cli, CheckSaysWhenARePlanWouldNotShrinkAnyPool) {
  TempDir dir;
  // 64 B beside ds-cnn's average pool, after the peak: a real re-plan gives none back.
  const Skewed skewed = CompileSkewed(dir, +64, kernels::OpKind::kAveragePool2d, "ds-cnn");
  const CliResult check = RunCli({"check", skewed.path});
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  EXPECT_NE(check.out.find("64 B to spare"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("would not shrink any pool"), std::string::npos) << check.out;
}

TEST(Cli, StrictAcceptsAnExactPlan) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "all-ops", "-o", artifact}).exit_code, 0);
  const CliResult check = RunCli({"check", artifact, "--policy", "strict"});
  EXPECT_EQ(check.exit_code, 0) << check.out;
}

TEST(Cli, CorruptTruncatedAndRandomFilesExitFourLikeACorruptStoreBlob) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "all-ops", "-o", artifact}).exit_code, 0);
  const std::vector<uint8_t> good = ReadBytes(artifact);
  std::vector<std::vector<uint8_t>> bad_files;
  for (int eighth = 0; eighth < 8; ++eighth) {
    bad_files.emplace_back(good.begin(),
                           good.begin() + static_cast<long>(good.size() * eighth / 8));
  }
  std::mt19937 random(42);
  std::vector<uint8_t> noise(good.size());
  for (uint8_t& byte : noise) byte = static_cast<uint8_t>(random());
  bad_files.push_back(noise);
  for (size_t i = 0; i < bad_files.size(); ++i) {
    const std::string path = dir.File(fmt::format("bad{}.arena", i));
    WriteBytes(path, bad_files[i]);
    for (const char* verb : {"inspect", "check", "run"}) {
      std::vector<std::string> args = {verb, path};
      if (std::string(verb) == "run") args.insert(args.end(), {"--random-input", "1"});
      const CliResult result = RunCli(args);
      EXPECT_EQ(result.exit_code, 4) << verb << " " << path << ": " << result.err;
      EXPECT_NE(result.err.find(path), std::string::npos) << result.err;
      EXPECT_NE(result.err.find("arenastore compile"), std::string::npos) << result.err;
    }
  }
}

TEST(Cli, BitFlipsNeverCrashTheVerbs) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "all-ops", "-o", artifact}).exit_code, 0);
  const std::vector<uint8_t> good = ReadBytes(artifact);
  std::mt19937 random(7);
  for (int trial = 0; trial < 24; ++trial) {
    std::vector<uint8_t> flipped = good;
    const size_t position = random() % flipped.size();
    flipped[position] ^= static_cast<uint8_t>(1u << (random() % 8));
    const std::string path = dir.File(fmt::format("flip{}.arena", trial));
    WriteBytes(path, flipped);
    for (const char* verb : {"check", "run"}) {
      std::vector<std::string> args = {verb, path};
      if (std::string(verb) == "run") args.insert(args.end(), {"--random-input", "1"});
      const CliResult result = RunCli(args);
      // 4: the flip broke the bytes; 1: it turned them into a newer format; 3: a rejected plan.
      EXPECT_TRUE(result.exit_code == 0 || result.exit_code == 1 || result.exit_code == 3 ||
                  result.exit_code == 4)
          << verb << " byte " << position << " exit " << result.exit_code << ": " << result.err;
    }
  }
}

TEST(Cli, MissingFilesAndBadFlagsSayWhatToDo) {
  const CliResult missing = RunCli({"inspect", "/nonexistent/x.arena"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("/nonexistent/x.arena"), std::string::npos) << missing.err;
  EXPECT_EQ(RunCli({"check", "--no-such-flag", "x"}).exit_code, 2);
  EXPECT_EQ(RunCli({"compile", "--example", "ds-cnn"}).exit_code, 2) << "-o is required";
  const CliResult unknown = RunCli({"compile", "--example", "nope", "-o", "/tmp/x.arena"});
  EXPECT_EQ(unknown.exit_code, 2) << "an unknown example is a usage error";
  EXPECT_NE(unknown.err.find("ds-cnn"), std::string::npos)
      << "lists the known examples: " << unknown.err;
  EXPECT_EQ(RunCli({"check", "x.arena", "--policy", "lenient"}).exit_code, 2);
  EXPECT_EQ(RunCli({"--help"}).exit_code, 0);
  EXPECT_EQ(RunCli({"--version"}).exit_code, 0);
}

TEST(Cli, CompileRefusesPoolsTooSmallSayingByHowMuch) {
  TempDir dir;
  const CliResult result =
      RunCli({"compile", "--example", "ds-cnn", "-o", dir.File("m.arena"), "--pool", "sram:4K"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("short"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("step"), std::string::npos) << result.err;
}

TEST(Cli, PoolsAreSpelledNameColonOrEqualsSizeAndNeverTwice) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(
      RunCli({"compile", "--example", "ds-cnn", "-o", artifact, "--pool", "sram=64KiB"}).exit_code,
      0);
  EXPECT_EQ(RunCli({"check", artifact, "--pool", "sram:64K"}).exit_code, 0);
  const CliResult twice = RunCli({"compile", "--example", "ds-cnn", "-o", artifact, "--pool",
                                  "sram:64K", "--pool", "sram=32K"});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("given twice"), std::string::npos) << twice.err;
}

TEST(Cli, AModelIsNamedAfterItsFileWithoutTheExtension) {
  const std::string model = std::string(ARENASTORE_SHARED_DIR) + "/models/kws_ref_model.tflite";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << "needs ../shared/models";
  TempDir dir;
  const CliResult compiled = RunCli({"compile", model, "-o", dir.File("k.arena"), "--json"});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.out;
  EXPECT_EQ(nlohmann::json::parse(compiled.out)["model"], "kws_ref_model");
  const CliResult pushed =
      RunCli({"push", dir.File("k.arena"), "--db", dir.File("s.db"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out;
  EXPECT_EQ(nlohmann::json::parse(pushed.out)["pushed"][0]["reference"], "kws_ref_model@1");
}

// `model` with one zero point of its first per-channel int8 tensor (a filter) set to `value`.
std::vector<uint8_t> WithPerChannelZeroPoint(const std::string& model, int64_t value) {
  std::vector<uint8_t> bytes = ReadBytes(model);
  const tflite::Model* parsed = tflite::GetModel(bytes.data());
  for (const tflite::Tensor* tensor : *parsed->subgraphs()->Get(0)->tensors()) {
    const auto* quantization = tensor->quantization();
    if (tensor->type() != tflite::TensorType::INT8 || quantization == nullptr ||
        quantization->zero_point() == nullptr || quantization->zero_point()->size() < 2) {
      continue;
    }
    const auto* at = reinterpret_cast<const uint8_t*>(quantization->zero_point()->Data()) + 8;
    std::memcpy(bytes.data() + (at - bytes.data()), &value, sizeof(value));
    return bytes;
  }
  ADD_FAILURE() << model << " has no per-channel quantized int8 tensor";
  return bytes;
}

TEST(Cli, CompileOfAModelWithAnOutOfRangePerChannelZeroPointIsBadInputNamingTheModel) {
  const std::string model = std::string(ARENASTORE_SHARED_DIR) + "/models/kws_ref_model.tflite";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << "needs ../shared/models";
  TempDir dir;
  WriteBytes(dir.File("kws.tflite"), WithPerChannelZeroPoint(model, 300));
  const CliResult compiled = RunCli({"compile", dir.File("kws.tflite"), "-o", dir.File("k.arena")});
  EXPECT_EQ(compiled.exit_code, 1) << compiled.err;
  EXPECT_NE(compiled.err.find("kws.tflite"), std::string::npos) << compiled.err;
  EXPECT_NE(compiled.err.find("zero point"), std::string::npos) << compiled.err;
  EXPECT_NE(compiled.err.find("300"), std::string::npos) << compiled.err;
  EXPECT_FALSE(std::filesystem::exists(dir.File("k.arena")));
}

// What the compiler's check of its own output finds is bad input (exit 1), never damage (4).
TEST(Cli, CompileReportsItsOwnOutputFailingTheRuntimesChecksAsAPlanError) {
  planner::GraphBuilder b("wide_zero_point", 1);
  const int32_t x = b.Input("x", {1, 4}, 0.1f, 300);
  b.Output(
      b.Operator(kernels::OpKind::kArgMinMax, {x},
                 planner::ArgMinMaxAttributes{
                     {.kind = static_cast<int32_t>(kernels::ArgMinMaxKind::kArgMax), .axis = 1}},
                 {1}, planner::DataType::kInt32));
  auto model = planner::Compile(b.Build(), planner::CompileOptions{});
  ASSERT_FALSE(model.ok());
  EXPECT_EQ(model.status().code(), ErrorCode::kPlanInvalid) << model.status().message();
  const std::string message = model.status().message();
  EXPECT_NE(message.find("fails the runtime's verification"), std::string::npos) << message;
  EXPECT_NE(message.find("300"), std::string::npos) << message;
}

TEST(Cli, RunRefusesPoolsAboveMaxMemoryBeforeAllocatingThem) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", artifact}).exit_code, 0);
  const CliResult refused = RunCli({"run", artifact, "--random-input", "1", "--max-memory", "8K"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.err.find("--max-memory 8K (8192 B)"), std::string::npos) << refused.err;
  EXPECT_NE(refused.err.find("Nothing was allocated"), std::string::npos) << refused.err;
  EXPECT_EQ(RunCli({"run", artifact, "--random-input", "1", "--max-memory", "64K"}).exit_code, 0);
  EXPECT_EQ(RunCli({"run", artifact, "--random-input", "1", "--max-memory", "lots"}).exit_code, 2);
}

// A report lost on the way out is a failure (exit 1 with a reason), never a silent success.
TEST(Cli, AnOutputThatCannotBeWrittenIsAnError) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "needs /dev/full";
  TempDir dir;
  const std::string db = dir.File("s.db");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", dir.File("m.arena")}).exit_code, 0);
  ASSERT_EQ(RunCli({"push", dir.File("m.arena"), "--model", "kws", "--db", db}).exit_code, 0);
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"kernels"},
                                             {"kernels", "--json"},
                                             {"ls", "--db", db},
                                             {"show", "kws@1", "--db", db},
                                             {"check", dir.File("m.arena")},
                                             {"inspect", dir.File("m.arena"), "--json"},
                                             {"--help"}}) {
    std::string command = Quote(ARENASTORE_CLI);
    for (const std::string& arg : args) command.append(" ").append(Quote(arg));
    command.append(" >/dev/full 2>").append(Quote(dir.File("err")));
    const int status = std::system(command.c_str());
    ASSERT_TRUE(WIFEXITED(status)) << command << " ended by a signal";
    EXPECT_EQ(WEXITSTATUS(status), 1) << command;
    EXPECT_NE(ReadText(dir.File("err")).find("could not be written"), std::string::npos)
        << command << ": " << ReadText(dir.File("err"));
  }
}

TEST(Cli, CompileHelpListsEveryBuiltInExample) {
  const CliResult help = RunCli({"compile", "--help"});
  ASSERT_EQ(help.exit_code, 0);
  for (const char* example :
       {"ds-cnn", "mobilenet-v1", "resnet8", "all-ops", "coverage", "svdf-kws", "lstm-gesture"}) {
    EXPECT_NE(help.out.find(example), std::string::npos) << example << " missing: " << help.out;
  }
}

TEST(Cli, KernelsListsEveryOpWithARunnableReferenceVariant) {
  const CliResult result = RunCli({"kernels", "--json"});
  ASSERT_EQ(result.exit_code, 0);
  const auto json = nlohmann::json::parse(result.out);
  std::set<std::string> ops_with_runnable_ref;  // an op may have a ref kernel per dtype
  for (const auto& kernel : json["kernels"]) {
    if (kernel["isa"] == "ref" && kernel["runnable"].get<bool>()) {
      ops_with_runnable_ref.insert(kernel["op"].get<std::string>());
    }
  }
  EXPECT_EQ(ops_with_runnable_ref.size(), static_cast<size_t>(kernels::kOpKindCount));
}

TEST(Cli, JsonErrorsAreJson) {
  const CliResult result = RunCli({"inspect", "/nonexistent/y.arena", "--json"});
  EXPECT_EQ(result.exit_code, 1);
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["error"]["code"], "not_found");
}

TEST(Cli, CompileWritesThroughASymlinkAndToStdoutWithDash) {
  TempDir dir;
  const std::string target = dir.File("real.arena");
  std::filesystem::create_symlink(target, dir.path() / "link.arena");
  const CliResult linked = RunCli({"compile", "--example", "ds-cnn", "-o", dir.File("link.arena")});
  ASSERT_EQ(linked.exit_code, 0) << linked.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir.path() / "link.arena"));
  const std::vector<uint8_t> artifact = ReadBytes(target);
  ASSERT_FALSE(artifact.empty());
  const CliResult piped = RunCli({"compile", "--example", "ds-cnn", "-o", "-"});
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(std::vector<uint8_t>(piped.out.begin(), piped.out.end()), artifact);
  EXPECT_NE(piped.err.find("compiled ds-cnn"), std::string::npos) << "the summary moves to stderr";
  const CliResult json = RunCli({"compile", "--example", "ds-cnn", "-o", "-", "--json"});
  EXPECT_EQ(json.exit_code, 2);
  EXPECT_NE(nlohmann::json::parse(json.out)["error"]["message"].get<std::string>().find("--json"),
            std::string::npos);
}

TEST(Reference, FileNeverShadowsStoreReferenceUnderSignaturePolicy) {
  TempDir dir;
  const std::string db = dir.File("store.db");
  for (const char* example : {"ds-cnn", "all-ops"}) {
    const std::string file = dir.File(std::string(example) + ".arena");
    ASSERT_EQ(RunCli({"compile", "--example", example, "-o", file}).exit_code, 0);
    ASSERT_EQ(RunCli({"push", file, "--model", "kws", "--db", db}).exit_code, 0);
  }
  ASSERT_EQ(RunCli({"policy", "set", "require-signature", "on", "--db", db}).exit_code, 0);
  EXPECT_EQ(RunCli({"check", "kws@2", "--db", db}, "", dir.path()).exit_code, 4)
      << "unsigned kws@2 is refused";
  std::filesystem::copy_file(dir.File("all-ops.arena"), dir.File("kws@2"));
  const CliResult check = RunCli({"check", "kws@2", "--db", db}, "", dir.path());
  EXPECT_EQ(check.exit_code, 2) << check.out << check.err;
  EXPECT_EQ(check.out.find("ACCEPT"), std::string::npos) << check.out;
  EXPECT_NE(check.err.find("./kws@2"), std::string::npos) << check.err;
  const CliResult run = RunCli({"run", "kws@2", "--db", db, "--random-input", "1"}, "", dir.path());
  EXPECT_EQ(run.exit_code, 2) << "nothing runs: " << run.out << run.err;
  EXPECT_EQ(RunCli({"check", "./kws@2", "--db", db}, "", dir.path()).exit_code, 0)
      << "the file, named as a file, is a file";
}

}  // namespace
}  // namespace arenastore::cli::testing
