// Specifications of what check and run say about a verdict (tools/host_runtime.h,
// tools/gate_advice.h): they judge as the same runtime and say which, "reclaimable" is what a
// real re-plan gives back, and the next step is a command that works for the input.
#include "tools/gate_advice.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <sstream>

#include "planner/examples/examples.h"
#include "tests/tools/cli_runner.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli::testing {
namespace {

nlohmann::json Json(const CliResult& result) { return nlohmann::json::parse(result.out); }

std::string BestIsa() { return Json(RunCli({"kernels", "--json"}))["best_isa"]; }

bool Runnable(const std::string& isa) {
  const nlohmann::json kernels = Json(RunCli({"kernels", "--json"}));
  for (const auto& entry : kernels["isas"]) {
    if (entry["isa"] == isa) return entry["runnable"].get<bool>();
  }
  return false;
}

std::string Compile(const TempDir& dir, const std::string& target,
                    const std::string& example = "ds-cnn") {
  const std::string path = dir.File(example + "-" + target + ".arena");
  const CliResult compiled =
      RunCli({"compile", "--example", example, "--target", target, "-o", path});
  EXPECT_EQ(compiled.exit_code, 0) << compiled.err;
  return path;
}

TEST(GateAdvice, CheckJudgesAsTheRuntimeRunUsesAndBothSayWhich) {
  TempDir dir;
  const std::string native = Compile(dir, "native");
  const CliResult check = RunCli({"check", native});
  EXPECT_EQ(check.exit_code, 0) << "check must accept what run runs: " << check.out;
  EXPECT_NE(check.out.find("isa " + BestIsa() + ": the artifact's target"), std::string::npos)
      << check.out;
  const CliResult run = RunCli({"run", native, "--random-input", "1", "--json"});
  ASSERT_EQ(run.exit_code, 0) << run.out;
  EXPECT_EQ(Json(run)["runtime"]["isa"],
            Json(RunCli({"check", native, "--json"}))["runtime"]["isa"]);

  const std::string mve = Compile(dir, "arm_mve");  // no Arm kernels run on this host
  const nlohmann::json judged = Json(RunCli({"check", mve, "--json"}));
  EXPECT_EQ(judged["runtime"]["isa"], "ref");
  EXPECT_NE(judged["runtime"]["reason"].get<std::string>().find("does not run the artifact's "
                                                                "target arm_mve"),
            std::string::npos);
  EXPECT_EQ(Json(RunCli({"run", mve, "--random-input", "1", "--json"}))["runtime"]["isa"], "ref");
}

TEST(GateAdvice, ReclaimableBytesAreWhatARealReplanShrinksThePoolsBy) {
  TempDir dir;
  const std::string padded = CompilePadded(dir, 1000);
  const CliResult check = RunCli({"check", padded, "--json"});
  ASSERT_EQ(check.exit_code, 0) << check.out;
  const nlohmann::json json = Json(check);
  EXPECT_EQ(json["verdict"], "warn");
  const size_t ops = planner::BuildDsCnn().ops.size();
  EXPECT_EQ(json["scratch_surplus_bytes"].get<uint64_t>(), 1000 * ops) << "the per-op sum";
  uint64_t shrink = 0, planned = 0;
  for (const auto& pool : json["replan"]["pools"]) {
    planned += pool["before_bytes"].get<uint64_t>();
    shrink += pool["before_bytes"].get<uint64_t>() - pool["after_bytes"].get<uint64_t>();
  }
  EXPECT_EQ(json["reclaimable_bytes"].get<uint64_t>(), shrink);
  // Scratch lives one step at a time: the peak held one op's 1000 B extra (16-byte aligned).
  EXPECT_EQ(shrink, 1008u);
  EXPECT_LT(json["reclaimable_bytes"].get<uint64_t>(), planned);
  const CliResult text = RunCli({"check", padded});
  EXPECT_NE(text.out.find("a re-plan for ref would reclaim 1,008 B: sram 9,504 B -> 8,496 B"),
            std::string::npos)
      << text.out;
}

TEST(GateAdvice, WhenNoReplanCanFitItSaysThePoolAndThePlansLowerBound) {
  TempDir dir;
  const std::string ref = Compile(dir, "ref");
  const CliResult check = RunCli({"check", ref, "--pool", "sram:8K"});
  EXPECT_EQ(check.exit_code, 3);
  EXPECT_NE(check.out.find("no re-plan can fit: the pool is 8 KiB, the plan's lower bound for ref "
                           "is 8,496 B"),
            std::string::npos)
      << check.out;
  const nlohmann::json json = Json(RunCli({"check", ref, "--pool", "sram:8K", "--json"}));
  EXPECT_FALSE(json["replan"]["fits"].get<bool>());
}

TEST(GateAdvice, TheNextCommandWorksForAFileAndForAStoreReference) {
  TempDir dir;
  // x86_avx2's transpose_conv2d gathers per output pixel: ref needs more than that plan gave.
  const std::string avx2 = Compile(dir, "x86_avx2", "all-ops");
  const CliResult file = RunCli({"check", avx2, "--isa", "ref", "--json"});
  EXPECT_EQ(file.exit_code, 3);
  const std::string compile = Json(file)["replan"]["command"];
  const std::string replanned = dir.File("all-ops-x86_avx2.ref.arena");
  EXPECT_EQ(compile, "arenastore compile --example all-ops --target ref -o " + replanned)
      << "a new file beside the artifact, never the artifact judged";
  ASSERT_EQ(
      RunCli({"compile", "--example", "all-ops", "--target", "ref", "-o", replanned}).exit_code, 0);
  EXPECT_EQ(RunCli({"check", replanned, "--isa", "ref"}).exit_code, 0);
  EXPECT_EQ(RunCli({"check", avx2, "--isa", "ref"}).exit_code, 3) << "the artifact is untouched";
  const std::string db = dir.File("s.db");
  ASSERT_EQ(RunCli({"push", avx2, "--model", "kws", "--db", db}).exit_code, 0);
  const CliResult stored = RunCli({"check", "kws@1", "--isa", "ref", "--db", db});
  EXPECT_NE(stored.out.find("next: arenastore replan kws@1 --target ref"), std::string::npos)
      << stored.out;
  EXPECT_EQ(RunCli({"replan", "kws@1", "--target", "ref", "--db", db}).exit_code, 0);
  EXPECT_EQ(RunCli({"check", "kws@2", "--isa", "ref", "--db", db}).exit_code, 0)
      << "the advised command cures it";
}

TEST(GateAdvice, AFileIsRecompiledFromItsSourceModelBesideIt) {
  const std::string model = std::string(ARENASTORE_SHARED_DIR) + "/models/kws_ref_model.tflite";
  if (!std::filesystem::exists(model)) GTEST_SKIP() << "needs ../shared/models";
  TempDir dir;
  const std::string copy = dir.File("kws_ref_model.tflite");
  std::filesystem::copy_file(model, copy);
  const std::string artifact = dir.File("kws.arena");
  ASSERT_EQ(RunCli({"compile", copy, "--target", "x86_avx2", "-o", artifact}).exit_code, 0);
  // x86_avx2's convolutions plan scratch that ref does not need: strict rejects the surplus.
  const nlohmann::json judged =
      Json(RunCli({"check", artifact, "--isa", "ref", "--policy", "strict", "--json"}));
  ASSERT_EQ(judged["verdict"], "reject");
  EXPECT_EQ(judged["replan"]["command"].get<std::string>().rfind("arenastore compile " + copy, 0),
            0u)
      << "the model beside the artifact, by its path: " << judged["replan"]["command"];
}

// A state pool is not what a workspace capacity bounds: the gate rejects such a plan in a small
// pool, and the advice must not promise a re-plan that the same gate rejects again.
TEST(GateAdvice, AdviceIsJudgedByTheSameGateBeforeItIsGiven) {
  for (const char* example : {"svdf-kws", "lstm-gesture", "ds-cnn"}) {
    SCOPED_TRACE(example);
    TempDir dir;
    const std::string path = Compile(dir, "ref", example);
    for (const char* pool : {"sram:1K", "sram:4K", "sram:16K", "sram:64K"}) {
      SCOPED_TRACE(pool);
      const CliResult check = RunCli({"check", path, "--pool", pool, "--json"});
      if (check.exit_code != 3) continue;
      const nlohmann::json replan = Json(check)["replan"];
      if (!replan["fits"].get<bool>()) continue;
      // The advised command, word by word ("arenastore compile ... -o NEW"), run as given.
      std::vector<std::string> words;
      std::istringstream command(replan["command"].get<std::string>());
      for (std::string word; command >> word;) words.push_back(word);
      ASSERT_GT(words.size(), 2u);
      const std::string advised = words.back();
      words.erase(words.begin());
      ASSERT_EQ(RunCli(words).exit_code, 0) << replan["command"];
      EXPECT_EQ(RunCli({"check", advised, "--pool", pool}).exit_code, 0)
          << "advised " << replan["command"] << " but its plan is rejected too";
    }
  }
}

TEST(GateAdvice, ARunRejectSaysNothingRanAndSuggestsFallbackWhereItWouldRun) {
  TempDir dir;
  const Skewed short_plan = CompileSkewed(dir, -16);
  const CliResult refused = RunCli({"run", short_plan.path, "--random-input", "1"});
  EXPECT_EQ(refused.exit_code, 3);
  EXPECT_NE(refused.out.find("nothing ran"), std::string::npos) << refused.out;
  EXPECT_EQ(refused.out.find("--policy fallback"), std::string::npos)
      << "ref has nothing to fall back to: " << refused.out;
  if (!Runnable("x86_avx512vnni")) GTEST_SKIP() << "needs a CPU that runs x86_avx512vnni";
  const std::string avx2 = Compile(dir, "x86_avx2");  // depthwise scratch short for VNNI
  const std::vector<std::string> run = {"run", avx2, "--isa", "x86_avx512vnni", "--random-input",
                                        "1"};
  const CliResult rejected = RunCli(run);
  EXPECT_EQ(rejected.exit_code, 3);
  EXPECT_NE(rejected.out.find("--policy fallback"), std::string::npos) << rejected.out;
  std::vector<std::string> json = run;
  json.push_back("--json");
  const nlohmann::json document = Json(RunCli(json));
  EXPECT_FALSE(document["ran"].get<bool>());
  EXPECT_TRUE(document["fallback_runs"].get<bool>());
  std::vector<std::string> fallback = run;
  fallback.insert(fallback.end(), {"--policy", "fallback"});
  EXPECT_EQ(RunCli(fallback).exit_code, 0) << "and it does run";
}

TEST(GateAdvice, RunRepeatReportsMedianAndMinimumLatencyAfterAWarmup) {
  TempDir dir;
  const std::string ref = Compile(dir, "ref");
  const CliResult run = RunCli({"run", ref, "--random-input", "1", "--repeat", "5", "--json"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const nlohmann::json latency = Json(run)["latency"];
  EXPECT_EQ(latency["invokes"], 5);
  EXPECT_EQ(latency["warmup_invokes"], 1);
  EXPECT_LE(latency["min_us"].get<double>(), latency["median_us"].get<double>());
  const CliResult text = RunCli({"run", ref, "--random-input", "1", "--repeat", "3"});
  EXPECT_NE(text.out.find("median"), std::string::npos) << text.out;
  EXPECT_EQ(RunCli({"run", ref, "--random-input", "1", "--repeat", "0"}).exit_code, 2);
}

}  // namespace
}  // namespace arenastore::cli::testing
