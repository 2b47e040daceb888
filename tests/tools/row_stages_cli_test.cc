// `compile --max-recompute PERCENT` on TinyEngine's VWW model (../shared/models/memory): the
// summary names the row stages and the MACs their strips compute again, `inspect` recomputes the
// same from the artifact, and `run` gives TensorFlow Lite Micro's output bytes from it. A budget
// that is no percentage is refused as a usage error naming the flag.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {
namespace {

namespace fs = std::filesystem;

const fs::path kMemoryModels = fs::path(ARENASTORE_SHARED_DIR) / "models" / "memory";

TEST(CliRowStages, CompileReportsTheStagesAndInspectRecomputesThem) {
  if (!fs::exists(kMemoryModels / "te_vww.tflite")) {
    GTEST_SKIP() << "../shared/models/memory/te_vww.tflite is absent; row-stage CLI test skipped";
  }
  TempDir dir;
  const std::string artifact = dir.File("te_vww.arena");
  const CliResult compile = RunCli({"compile", (kMemoryModels / "te_vww.tflite").string(), "-o",
                                    artifact, "--max-recompute", "20", "--json"});
  ASSERT_EQ(compile.exit_code, 0) << compile.err;
  const nlohmann::json compiled = nlohmann::json::parse(compile.out)["over_input"];
  ASSERT_FALSE(compiled["row_stages"].empty()) << compiled;
  EXPECT_LE(compiled["extra_macs"].get<uint64_t>() * 5, compiled["model_macs"].get<uint64_t>());
  EXPECT_LE(nlohmann::json::parse(compile.out)["planned_bytes"].get<size_t>() * 2, 161472u)
      << "half of TensorFlow Lite Micro's arena";
  const nlohmann::json inspected =
      nlohmann::json::parse(RunCli({"inspect", artifact, "--json"}).out)["plan"]["over_input"];
  EXPECT_EQ(inspected, compiled);
  const CliResult text = RunCli({"inspect", artifact});
  EXPECT_NE(text.out.find("row stage(s) (ops "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("of the model's MACs"), std::string::npos) << text.out;

  const std::string output = dir.File("out.bin");
  const CliResult run =
      RunCli({"run", artifact, "--input", (kMemoryModels / "te_vww.seed201.in.bin").string(),
              "--output", output});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(ReadText(output), ReadText(kMemoryModels / "te_vww.seed201.out.bin"));
}

TEST(CliRowStages, RefusesABudgetThatIsNoPercentage) {
  TempDir dir;
  for (const char* budget : {"-1", "lots"}) {
    const CliResult compile = RunCli(
        {"compile", "--example", "ds-cnn", "-o", dir.File("kws.arena"), "--max-recompute", budget});
    EXPECT_EQ(compile.exit_code, 2) << budget;
    EXPECT_NE(compile.err.find("--max-recompute"), std::string::npos) << compile.err;
  }
}

}  // namespace
}  // namespace arenastore::cli::testing
