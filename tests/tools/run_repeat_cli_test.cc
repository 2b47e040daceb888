// `run --repeat N` is for timing: its outputs must equal one run's byte for byte, on every built-in
// example and every real model under ../shared/models (plans reuse input bytes for later tensors,
// and stateful models advance their state, so an invoke that does not start again from the
// caller's inputs and the initial state computes something else).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {
namespace {

// Compiles `source` (an example name or a model file), then compares one run's outputs with
// those of `run --repeat 3` on the same deterministic input.
void ExpectRepeatEqualsOneRun(const std::vector<std::string>& compile_source) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  std::vector<std::string> compile = {"compile"};
  compile.insert(compile.end(), compile_source.begin(), compile_source.end());
  compile.insert(compile.end(), {"-o", artifact});
  const CliResult compiled = RunCli(compile);
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  const CliResult once =
      RunCli({"run", artifact, "--random-input", "7", "--output", dir.File("once.bin")});
  ASSERT_EQ(once.exit_code, 0) << once.err;
  const CliResult repeated = RunCli({"run", artifact, "--random-input", "7", "--output",
                                     dir.File("repeat.bin"), "--repeat", "3"});
  ASSERT_EQ(repeated.exit_code, 0) << repeated.err;
  const std::string once_bytes = ReadText(dir.File("once.bin"));
  ASSERT_FALSE(once_bytes.empty());
  EXPECT_EQ(once_bytes, ReadText(dir.File("repeat.bin")))
      << "run --repeat 3 of " << compile_source.back() << " differs from one run";
}

class RunRepeatOnExample : public ::testing::TestWithParam<std::string> {};

TEST_P(RunRepeatOnExample, WritesTheBytesOfOneRun) {
  ExpectRepeatEqualsOneRun({"--example", GetParam()});
}

INSTANTIATE_TEST_SUITE_P(BuiltInExamples, RunRepeatOnExample,
                         ::testing::Values("ds-cnn", "mobilenet-v1", "resnet8", "all-ops",
                                           "coverage", "svdf-kws", "lstm-gesture"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

TEST(RunRepeat, WritesTheBytesOfOneRunOnEveryRealModel) {
  const std::filesystem::path models = std::filesystem::path(ARENASTORE_SHARED_DIR) / "models";
  if (!std::filesystem::exists(models)) GTEST_SKIP() << "needs ../shared/models";
  int tried = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(models)) {
    if (entry.path().extension() != ".tflite") continue;
    SCOPED_TRACE(entry.path().string());
    ExpectRepeatEqualsOneRun({entry.path().string()});
    ++tried;
  }
  EXPECT_GT(tried, 0);
}

}  // namespace
}  // namespace arenastore::cli::testing
