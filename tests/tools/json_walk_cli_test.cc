// The --json contract, walked like a script: every verb, on success and on each way it can fail,
// prints exactly one JSON document on stdout (nothing before or after it), with "error" when the
// exit code is not 0, and the exit code the docs give (0 ok, 1 error, 2 usage, 3 rejected,
// 4 integrity or signature).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <nlohmann/json.hpp>

#include <fstream>

#include "tests/tools/cli_runner.h"
#include "tests/tools/skewed_artifact.h"

namespace arenastore::cli::testing {
namespace {

class JsonWalk : public ::testing::Test {
 protected:
  std::string File(const std::string& name) const { return dir_.File(name); }
  std::string Db() const { return File("store.db"); }

  // Runs `args --json` and checks the one document and the exit code; returns the document.
  nlohmann::json Step(std::vector<std::string> args, int exit_code) {
    args.push_back("--json");
    const CliResult result = RunCli(args, "", dir_.path());
    std::string command;
    for (const std::string& arg : args) command += arg + " ";
    SCOPED_TRACE(command);
    EXPECT_EQ(result.exit_code, exit_code) << result.out << result.err;
    nlohmann::json document;
    try {
      document = nlohmann::json::parse(result.out);  // throws on anything around one document
    } catch (const nlohmann::json::exception& error) {
      ADD_FAILURE() << "stdout is not exactly one JSON document (" << error.what() << "):\n"
                    << result.out;
      return {};
    }
    EXPECT_TRUE(document.is_object()) << result.out;
    EXPECT_EQ(document.contains("error"), exit_code != 0) << result.out;
    ++steps_;
    return document;
  }
  std::vector<std::string> WithDb(std::vector<std::string> args) const {
    args.insert(args.end(), {"--db", Db()});
    return args;
  }

  TempDir dir_;
  int steps_ = 0;
};

TEST_F(JsonWalk, EveryVerbPrintsExactlyOneDocumentOnEveryOutcome) {
  const std::string kws = File("kws.arena");
  const std::string mve = File("mve.arena");
  std::ofstream(File("corrupt.arena")) << "not an artifact";
  // compile
  Step({"compile", "--example", "ds-cnn", "-o", kws}, 0);
  Step({"compile", "--example", "ds-cnn", "--target", "arm_mve", "-o", mve}, 0);
  Step({"compile", "--example", "nope", "-o", File("x.arena")}, 2);
  Step({"compile", "--example", "ds-cnn"}, 2);
  Step({"compile", "--example", "ds-cnn", "-o", File("no/dir/x.arena")}, 2);
  Step({"compile", "--example", "ds-cnn", "-o", "-"}, 2);
  // inspect, check, run, export
  Step({"inspect", kws}, 0);
  Step({"inspect", File("missing.arena")}, 1);
  Step({"inspect", File("corrupt.arena")}, 4);
  Step({"check", kws}, 0);
  Step({"check", kws, "--isa", "x86_avx2"}, 3);
  Step({"check", kws, "--pool", "sram:1K"}, 3);
  Step({"check", CompilePadded(dir_, 64)}, 0);  // warn
  Step({"check", File("corrupt.arena")}, 4);
  Step({"check", kws, "--polcy", "strict"}, 2);
  Step({"run", kws, "--random-input", "1"}, 0);
  Step({"run", CompilePadded(dir_, 64), "--random-input", "1", "--repeat", "2"}, 0);  // warn
  const nlohmann::json rejected =
      Step({"run", mve, "--random-input", "1", "--policy", "strict"}, 3);
  EXPECT_FALSE(rejected["ran"].get<bool>());
  EXPECT_FALSE(rejected["findings"].empty());
  Step({"run", kws, "--random-input", "-1"}, 2);
  Step({"run", kws}, 2);
  Step({"export", kws, "--c-header", File("kws.h")}, 0);
  Step({"export", File("missing.arena"), "--c-header", File("m.h")}, 1);
  Step({"kernels"}, 0);
  // the registry
  Step(WithDb({"ls"}), 1);  // no store yet
  Step(WithDb({"push", kws, "--model", "kws"}), 0);
  Step(WithDb({"push", mve, "--model", "kws"}), 0);
  Step(WithDb({"push", File("corrupt.arena")}), 4);
  Step(WithDb({"ls"}), 0);
  Step(WithDb({"ls", "kwz"}), 1);
  Step(WithDb({"show", "kws@1"}), 0);
  Step(WithDb({"show", "kws@9"}), 1);
  Step(WithDb({"show", "sha256:12"}), 2);
  Step(WithDb({"pull", "kws@1", "-o", File("pulled.arena")}), 0);
  Step(WithDb({"pull", "kws@1", "-o", "-"}), 2);
  Step(WithDb({"check", "kws@1"}), 0);
  Step(WithDb({"run", "kws@2", "--random-input", "1", "--policy", "strict"}), 3);
  Step(WithDb({"alias", "set", "kws", "prod", "1"}), 0);
  Step(WithDb({"alias", "set", "kws", "prod", "9"}), 1);
  Step(WithDb({"alias", "rm", "kws", "nope"}), 1);
  Step(WithDb({"alias"}), 2);
  Step(WithDb({"rm", "kws@1"}), 1);  // prod points at it
  Step(WithDb({"rm", "kws"}), 2);    // names no version
  Step(WithDb({"rm", "kws@2", "--dry-run"}), 0);
  Step(WithDb({"gc", "--dry-run"}), 0);
  Step(WithDb({"gc"}), 0);
  // signatures
  Step({"key", "generate", "--out", File("release")}, 0);
  Step({"key", "generate", "--out", File("release")}, 2);  // exists
  Step(WithDb({"key", "trust", File("release.pub"), "--name", "release"}), 0);
  Step(WithDb({"key", "trust", File("release.pub"), "--name", "again"}), 1);  // already trusted
  Step(WithDb({"key", "trust", File("release.key"), "--name", "again"}), 2);  // a private key
  Step(WithDb({"key", "ls"}), 0);
  Step(WithDb({"sign", "kws@1", "--key", File("release.key")}), 0);
  Step(WithDb({"verify-signature", "kws@1"}), 0);
  Step(WithDb({"verify-signature", "kws@2"}), 4);
  Step(WithDb({"policy", "set", "require-signature", "on"}), 0);
  Step(WithDb({"policy", "show"}), 0);
  Step(WithDb({"check", "kws@2"}), 4);
  Step(WithDb({"pull", "kws@2", "-o", File("unsigned.arena")}), 4);
  Step(WithDb({"policy", "set", "require-signature", "maybe"}), 2);
  Step(WithDb({"policy", "set", "require-signature", "off"}), 0);
  Step(WithDb({"key", "revoke", "nobody"}), 1);
  Step(WithDb({"key", "revoke", "release", "--reason", "test"}), 0);
  Step(WithDb({"key", "revoke", "release"}), 1);  // already revoked
  Step(WithDb({"verify-signature", "kws@1"}), 4);
  Step(WithDb({"key", "trust", File("release.pub"), "--name", "release"}), 1);  // revoked
  Step(WithDb({"key", "trust", File("release.pub"), "--name", "release", "--force"}), 0);
  // the fleet and audits
  std::ofstream(File("devices.csv")) << "device,hardware,isa,kernel_version,pools,model\n"
                                        "dev-1,board,ref,1.2.0,sram=1M,kws@1\n"
                                        "dev-2,board,arm_dsp,1.2.0,sram=1M,kws@2\n";
  std::ofstream(File("bad.csv")) << "device,hardware,isa,kernel_version,pools\n"
                                    "dev 9,board,riscv,1.2,sram=lots\n";
  Step(WithDb({"fleet", "import", File("bad.csv")}), 1);
  Step(WithDb({"fleet", "import", File("devices.csv")}), 0);
  Step(WithDb({"fleet", "ls"}), 0);
  Step(WithDb({"fleet", "ls", "--class"}), 0);
  Step(WithDb({"fleet", "deploy", "dev-1", "kws@1"}), 0);
  Step(WithDb({"fleet", "deploy", "dev-9", "kws@1"}), 1);
  Step(WithDb({"audit"}), 3);  // kws@2 is planned for arm_mve, dev-2 runs arm_dsp
  Step(WithDb({"audit", "--html", File("no/dir/a.html")}), 2);
  Step(WithDb({"audit", "ls"}), 0);
  Step(WithDb({"audit", "show", "1"}), 0);
  Step(WithDb({"audit", "show", "9"}), 1);
  Step(WithDb({"audit", "--fix", "--html", File("fixed.html")}), 0);
  Step(WithDb({"audit", "diff", "1", "3"}), 0);
  Step(WithDb({"replan", "kws@1", "--target", "x86_avx2"}), 0);
  Step(WithDb({"replan", "nope"}), 1);
  Step(WithDb({"replan", "kws@1", "--target", "z80"}), 2);
  Step(WithDb({"fleet", "rm", "dev-1"}), 0);
  // the store file
  Step(WithDb({"verify"}), 0);
  Step(WithDb({"db", "info"}), 0);
  Step(WithDb({"db", "backup", File("backup.db")}), 0);
  Step(WithDb({"db", "backup", File("backup.db")}), 2);
  Step(WithDb({"db", "backup", "-"}), 2);
  Step(WithDb({"db", "migrate"}), 0);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(Db().c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db,
                           "DROP TRIGGER blobs_are_immutable; UPDATE blobs SET bytes = "
                           "zeroblob(length(bytes)) WHERE artifact_id = (SELECT min(artifact_id) "
                           "FROM blobs)",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(db);
  }
  Step(WithDb({"verify"}), 4);
  // the command line itself
  Step({"chekc", kws}, 2);
  Step({"help", "check"}, 0);
  Step({"help", "chekc"}, 2);
  Step({"--help"}, 0);
  Step({"kernels", "--polcy"}, 2);
  Step({"fleet"}, 2);
  EXPECT_EQ(steps_, 96) << "every step above parsed as one document";
}

}  // namespace
}  // namespace arenastore::cli::testing
