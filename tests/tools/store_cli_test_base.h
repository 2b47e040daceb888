// A CLI end-to-end fixture with a temporary store: Run appends `--db` naming it, Json also
// `--json` and parses stdout, checking the exit code. Used by the replan and audit CLI tests.
// Invariant: every command a test runs through it sees the same store.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli::testing {

class StoreCliTest : public ::testing::Test {
 protected:
  CliResult Run(std::vector<std::string> args) {
    args.push_back("--db");
    args.push_back(dir_.File("store.db"));
    return RunCli(args);
  }

  nlohmann::json Json(std::vector<std::string> args, int expected_exit) {
    args.push_back("--json");
    CliResult result = Run(args);
    EXPECT_EQ(result.exit_code, expected_exit) << result.err << result.out;
    auto json = nlohmann::json::parse(result.out, nullptr, false);
    EXPECT_FALSE(json.is_discarded()) << result.out;
    return json;
  }

  TempDir dir_;
};

}  // namespace arenastore::cli::testing
