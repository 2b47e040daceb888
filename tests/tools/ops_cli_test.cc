// `arenastore ops`: the op set of artifacts, in the spelling ARENASTORE_OPS takes.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::RunCli;
using testing::TempDir;

TEST(OpsCli, PrintsTheUnionOfTheArtifactsOpsInListOrder) {
  TempDir dir;
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", dir.File("kws.arena")}).exit_code, 0);
  ASSERT_EQ(RunCli({"compile", "--example", "resnet8", "-o", dir.File("resnet.arena")}).exit_code,
            0);
  const auto kws = RunCli({"ops", dir.File("kws.arena")});
  ASSERT_EQ(kws.exit_code, 0) << kws.err;
  EXPECT_EQ(kws.out, "conv2d,depthwise_conv2d,fully_connected,average_pool2d,softmax,reshape\n");
  const auto both = RunCli({"ops", dir.File("kws.arena"), dir.File("resnet.arena"), "--json"});
  ASSERT_EQ(both.exit_code, 0) << both.err;
  const auto json = nlohmann::json::parse(both.out);
  EXPECT_EQ(json["artifacts"].size(), 2u);
  EXPECT_EQ(json["artifacts"][0]["ops"],
            "conv2d,depthwise_conv2d,fully_connected,average_pool2d,"
            "softmax,reshape");
  EXPECT_NE(json["ops"].get<std::string>().find("add"), std::string::npos);
}

// A 16x8 model needs the int16 kernels built in; an int8 one lets a build leave them out.
TEST(OpsCli, JsonSaysWhichActivationTypesToBuild) {
  TempDir dir;
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", dir.File("kws.arena")}).exit_code, 0);
  ASSERT_EQ(
      RunCli({"compile", "--example", "lstm-gesture", "-o", dir.File("lstm.arena")}).exit_code, 0);
  const auto kws = nlohmann::json::parse(RunCli({"ops", dir.File("kws.arena"), "--json"}).out);
  EXPECT_EQ(kws["dtypes"], "int8");
  const auto both = RunCli({"ops", dir.File("kws.arena"), dir.File("lstm.arena"), "--json"});
  ASSERT_EQ(both.exit_code, 0) << both.err;
  const auto json = nlohmann::json::parse(both.out);
  EXPECT_EQ(json["dtypes"], "all");
  EXPECT_EQ(json["artifacts"][0]["dtypes"], "int8");
  EXPECT_EQ(json["artifacts"][1]["dtypes"], "all");
}

TEST(OpsCli, RefusesAFileThatIsNotAnArtifact) {
  TempDir dir;
  {
    std::FILE* file = std::fopen(dir.File("junk.arena").c_str(), "wb");
    std::fputs("not an artifact", file);
    std::fclose(file);
  }
  const auto result = RunCli({"ops", dir.File("junk.arena")});
  EXPECT_NE(result.exit_code, 0);
  EXPECT_NE(result.err.find("junk.arena"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace arenastore::cli
