// `check --pool` with a device described by its physical memories: a plan's logical pools are
// placed into memories of other names (each aligned, several to one memory), and the verdict
// says where each went; a memory too small is named with the bytes missing.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {
namespace {

nlohmann::json Json(const CliResult& result) {
  return nlohmann::json::parse(result.out, nullptr, false);
}

// Compiles a built-in example or a shared model to `path`.
void Compile(const std::string& source, const std::string& path) {
  const bool example = source.find('/') == std::string::npos;
  const CliResult compiled = example ? RunCli({"compile", "--example", source, "-o", path})
                                     : RunCli({"compile", source, "-o", path});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
}

// Every pool of the plan, as the JSON verdict's placement lists them, in memory `memory`.
void ExpectAllIn(const nlohmann::json& verdict, const std::string& memory, size_t pools) {
  ASSERT_EQ(verdict["placement"].size(), pools) << verdict.dump();
  std::map<uint64_t, uint64_t> end_by_offset;
  for (const auto& placed : verdict["placement"]) {
    EXPECT_EQ(placed["memory"], memory);
    end_by_offset[placed["offset_bytes"]] =
        placed["offset_bytes"].get<uint64_t>() + placed["bytes"].get<uint64_t>();
  }
  uint64_t end = 0;
  for (const auto& [offset, pool_end] : end_by_offset) {
    EXPECT_GE(offset, end) << "pools overlap: " << verdict.dump();
    end = pool_end;
  }
}

TEST(DeviceMemoryCli, OneRamMemoryTakesEveryPoolOfAVisionAndAStatefulModel) {
  TempDir dir;
  for (const auto& [source, pools] : {std::pair<std::string, size_t>{"mobilenet-v1", 1},
                                      std::pair<std::string, size_t>{"svdf-kws", 2}}) {
    SCOPED_TRACE(source);
    const std::string artifact = dir.File(source + ".arena");
    Compile(source, artifact);
    const CliResult check = RunCli({"check", artifact, "--pool", "ram=1M", "--json"});
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
    const nlohmann::json verdict = Json(check);
    EXPECT_EQ(verdict["verdict"], "accept");
    ExpectAllIn(verdict, "ram", pools);
    const CliResult text = RunCli({"check", artifact, "--pool", "ram=1M"});
    EXPECT_NE(text.out.find("in memory ram at offset 0"), std::string::npos) << text.out;
  }
}

TEST(DeviceMemoryCli, AMemoryTooSmallIsNamedWithTheBytesMissing) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  Compile("svdf-kws", artifact);
  const nlohmann::json fits = Json(RunCli({"check", artifact, "--pool", "ram=1M", "--json"}));
  uint64_t needed = 0;
  for (const auto& placed : fits["placement"]) {
    needed =
        std::max(needed, placed["offset_bytes"].get<uint64_t>() + placed["bytes"].get<uint64_t>());
  }
  const std::string pool = "ram=" + std::to_string(needed - 3);
  const CliResult check = RunCli({"check", artifact, "--pool", pool});
  EXPECT_EQ(check.exit_code, 3) << check.out;
  EXPECT_NE(check.out.find("memory 'ram' has"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("; 3 B missing"), std::string::npos) << check.out;
  const CliResult exact = RunCli({"check", artifact, "--pool", "ram=" + std::to_string(needed)});
  EXPECT_EQ(exact.exit_code, 0) << exact.out;
}

TEST(DeviceMemoryCli, StrictMatchesPoolsToMemoriesByName) {
  TempDir dir;
  const std::string artifact = dir.File("m.arena");
  Compile("mobilenet-v1", artifact);
  const CliResult strict = RunCli({"check", artifact, "--pool", "ram=1M", "--policy", "strict"});
  EXPECT_EQ(strict.exit_code, 3) << strict.out;
  EXPECT_NE(strict.out.find("no pool of that name"), std::string::npos) << strict.out;
  EXPECT_EQ(RunCli({"check", artifact, "--pool", "sram=1M", "--policy", "strict"}).exit_code, 0);
}

// The models of the issue that asked for this: person detection (55 KB) and the stateful
// keyword model, each on a device listed as one 1 MiB memory.
TEST(DeviceMemoryCli, SharedPersonDetectionAndStatefulKeywordModelsFitOneRamMemory) {
  const std::string shared = std::string(ARENASTORE_SHARED_DIR) + "/models";
  const std::string vww = shared + "/vww_96_int8.tflite";
  const std::string keyword = shared + "/stateful/keyword_scrambled_8bit.tflite";
  if (!std::filesystem::exists(vww) || !std::filesystem::exists(keyword)) {
    GTEST_SKIP() << "needs ../shared/models (vww_96_int8, stateful/keyword_scrambled_8bit)";
  }
  TempDir dir;
  for (const std::string& model : {vww, keyword}) {
    SCOPED_TRACE(model);
    const std::string artifact = dir.File("m.arena");
    Compile(model, artifact);
    const CliResult check = RunCli({"check", artifact, "--pool", "ram=1M", "--json"});
    EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
    EXPECT_EQ(Json(check)["verdict"], "accept");
    EXPECT_FALSE(Json(check)["placement"].empty());
  }
}

}  // namespace
}  // namespace arenastore::cli::testing
