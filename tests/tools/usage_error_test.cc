// Specifications of the command line's own contract, through the built binary: wrong words get
// the nearest right ones, help and version work, global options go before or after the verb,
// numbers are checked in one line, every ISA option takes `native`.
#include "tools/usage_error.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>

#include "kernels/version.h"
#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

size_t Lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

TEST(Usage, AnUnknownCommandSuggestsTheNearest) {
  const CliResult result = RunCli({"chekc", "kws.arena"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown command 'chekc'; did you mean 'check'?"), std::string::npos)
      << result.err;
}

TEST(Usage, AnUnknownOptionSuggestsTheNearest) {
  const CliResult result = RunCli({"check", "kws.arena", "--polcy", "strict"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown option --polcy for check; did you mean --policy?"),
            std::string::npos)
      << result.err;
}

TEST(Usage, AGroupWithoutItsSubcommandListsThem) {
  const CliResult alias = RunCli({"alias"});
  EXPECT_EQ(alias.exit_code, 2);
  EXPECT_NE(alias.err.find("alias needs a subcommand: set or rm"), std::string::npos) << alias.err;
  const CliResult audit = RunCli({"audit", "lss"});
  EXPECT_NE(audit.err.find("unknown command 'audit lss'; did you mean 'ls'?"), std::string::npos)
      << audit.err;
}

TEST(Usage, HelpVerbShowsAVerbsHelpAndSuggestsForUnknownOnes) {
  const CliResult help = RunCli({"help", "alias", "set"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_NE(help.out.find("Usage: arenastore alias set"), std::string::npos) << help.out;
  const CliResult unknown = RunCli({"help", "chekc"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("did you mean 'check'?"), std::string::npos) << unknown.err;
  const CliResult json = RunCli({"help", "check", "--json"});
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_NE(nlohmann::json::parse(json.out)["help"].get<std::string>().find("--policy"),
            std::string::npos);
}

TEST(Usage, VersionNamesTheKernelLibraryAndTheBuildCommit) {
  const CliResult result = RunCli({"--version"});
  EXPECT_EQ(result.exit_code, 0);
  const auto& v = kernels::kLibraryVersion;
  EXPECT_NE(result.out.find("kernel library " + std::to_string(v.major) + "." +
                            std::to_string(v.minor) + "." + std::to_string(v.patch)),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("commit "), std::string::npos) << result.out;
}

TEST(Usage, DbIsAcceptedBeforeTheVerbAsWellAsAfterIt) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", artifact}).exit_code, 0);
  ASSERT_EQ(RunCli({"--db", dir.File("s.db"), "push", artifact, "--model", "kws"}).exit_code, 0);
  EXPECT_EQ(RunCli({"ls", "--db", dir.File("s.db")}).exit_code, 0);
  const CliResult before = RunCli({"--db", dir.File("s.db"), "show", "kws@1", "--json"});
  EXPECT_EQ(before.exit_code, 0) << before.err;
}

TEST(Usage, NegativeNumbersAreRefusedInOneLine) {
  const CliResult seed = RunCli({"run", "kws.arena", "--random-input", "-1"});
  EXPECT_EQ(seed.exit_code, 2);
  EXPECT_NE(seed.err.find("--random-input: -1 is negative; give 0 or more"), std::string::npos)
      << seed.err;
  EXPECT_LE(Lines(seed.err), 2u) << seed.err;
  EXPECT_LT(seed.err.size(), 200u) << "no 300-digit float: " << seed.err;
  const CliResult limit = RunCli({"ls", "--limit", "-5"});
  EXPECT_NE(limit.err.find("--limit: -5 is negative"), std::string::npos) << limit.err;
}

TEST(Usage, EveryIsaOptionTakesNative) {
  TempDir dir;
  const std::string artifact = dir.File("kws.arena");
  const std::string db = dir.File("s.db");
  EXPECT_EQ(
      RunCli({"compile", "--example", "ds-cnn", "--target", "native", "-o", artifact}).exit_code,
      0);
  EXPECT_EQ(RunCli({"check", artifact, "--isa", "native"}).exit_code, 0);
  EXPECT_EQ(RunCli({"run", artifact, "--isa", "native", "--random-input", "1"}).exit_code, 0);
  ASSERT_EQ(RunCli({"push", artifact, "--model", "kws", "--db", db}).exit_code, 0);
  const CliResult listed = RunCli({"ls", "--isa", "native", "--db", db, "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_EQ(nlohmann::json::parse(listed.out)["total"], 1) << "native means this machine's best";
  EXPECT_EQ(RunCli({"replan", "kws@1", "--target", "native", "--db", db}).exit_code, 0);
  EXPECT_EQ(RunCli({"audit", "--runtime-isa", "native", "--no-record", "--db", db}).exit_code, 0);
}

TEST(Usage, StoreErrorsLeaveSqliteDetailsToVerbose) {
  TempDir dir;
  std::ofstream(dir.File("notes.db")) << "not a database, just notes\n";
  const CliResult plain = RunCli({"ls", "--db", dir.File("notes.db")});
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_NE(plain.err.find("not an SQLite database"), std::string::npos) << plain.err;
  EXPECT_EQ(plain.err.find("[sqlite"), std::string::npos) << plain.err;
  EXPECT_EQ(plain.err.find("SQL:"), std::string::npos) << plain.err;
  const CliResult verbose = RunCli({"ls", "--db", dir.File("notes.db"), "--verbose"});
  EXPECT_NE(verbose.err.find("code 26"), std::string::npos) << verbose.err;
}

}  // namespace
}  // namespace arenastore::cli
