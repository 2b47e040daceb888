// End to end: a key's lifecycle as an operator lives it. Rotation (a new key signs beside the
// old, `key ls --json` says what each signs), and revocation reaching the fleet: under
// require-signature `fleet deploy` refuses a version signed only by a revoked key, and the
// audit reports its deployments as without a trusted signature.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

// kws@1 and kws@2 in a store, both signed by the trusted key "release".
class KeyLifecycleCli : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const char* example : {"ds-cnn", "resnet8"}) {
      const std::string file = dir_.File(std::string(example) + ".arena");
      ASSERT_EQ(RunCli({"compile", "--example", example, "-o", file}).exit_code, 0);
      ASSERT_EQ(Run({"push", file, "--model", "kws"}).exit_code, 0);
    }
    Trust("release");
    for (const char* version : {"kws@1", "kws@2"}) {
      ASSERT_EQ(Run({"sign", version, "--key", dir_.File("release.key")}).exit_code, 0);
    }
  }

  CliResult Run(std::vector<std::string> args) {
    args.push_back("--db");
    args.push_back(dir_.File("store.db"));
    return RunCli(args);
  }

  // NAME.key and NAME.pub, the public one trusted as NAME.
  void Trust(const std::string& name) {
    ASSERT_EQ(RunCli({"key", "generate", "--out", dir_.File(name)}).exit_code, 0);
    ASSERT_EQ(Run({"key", "trust", dir_.File(name + ".pub"), "--name", name}).exit_code, 0);
  }

  TempDir dir_;
};

TEST_F(KeyLifecycleCli, KeyLsJsonShowsWhichVersionsEachTrustedAndRevokedKeySigns) {
  Trust("next");
  ASSERT_EQ(Run({"sign", "kws@2", "--key", dir_.File("next.key")}).exit_code, 0);
  ASSERT_EQ(Run({"key", "revoke", "release", "--reason", "rotated"}).exit_code, 0);
  const CliResult listed = Run({"key", "ls", "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const nlohmann::json keys = nlohmann::json::parse(listed.out);
  ASSERT_EQ(keys["trusted_keys"].size(), 1u) << listed.out;
  EXPECT_EQ(keys["trusted_keys"][0]["name"], "next");
  EXPECT_EQ(keys["trusted_keys"][0]["signs"], nlohmann::json({"kws@2"}));
  ASSERT_EQ(keys["revoked_keys"].size(), 1u) << listed.out;
  const nlohmann::json& revoked = keys["revoked_keys"][0];
  EXPECT_EQ(revoked["name"], "release");
  EXPECT_EQ(revoked["reason"], "rotated");
  EXPECT_EQ(revoked["public_key"].get<std::string>().size(), 64u);
  EXPECT_FALSE(revoked["revoked_at"].get<std::string>().empty());
  EXPECT_EQ(revoked["signs"], nlohmann::json({"kws@1", "kws@2"}));
  EXPECT_EQ(Run({"verify-signature", "kws@1"}).exit_code, 4) << "only release vouched for it";
  EXPECT_EQ(Run({"verify-signature", "kws@2"}).exit_code, 0) << "next vouches for it";
}

TEST_F(KeyLifecycleCli, FleetDeployAndTheAuditNoLongerCountARevokedKeysSignatures) {
  std::ofstream(dir_.File("devices.csv")) << "device,hardware,isa,kernel_version,pools,model\n"
                                             "dev-1,box,ref,1.2.0,sram=4M,kws@1\n";
  ASSERT_EQ(Run({"fleet", "import", dir_.File("devices.csv")}).exit_code, 0);
  ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  ASSERT_EQ(Run({"audit", "--no-record"}).exit_code, 0) << "signed by a trusted key";
  ASSERT_EQ(Run({"key", "revoke", "release", "--reason", "leaked"}).exit_code, 0);

  const CliResult deploy = Run({"fleet", "deploy", "dev-1", "kws@2"});
  EXPECT_EQ(deploy.exit_code, 4) << deploy.out << deploy.err;
  EXPECT_NE(deploy.err.find("revoked key(s) release"), std::string::npos) << deploy.err;
  const nlohmann::json fleet = nlohmann::json::parse(Run({"fleet", "ls", "--json"}).out);
  EXPECT_EQ(fleet["devices"][0]["model"]["version"], 1) << "dev-1 still runs kws@1";

  const CliResult audit = Run({"audit", "--json", "--no-record"});
  EXPECT_EQ(audit.exit_code, 3) << audit.err;
  const nlohmann::json report = nlohmann::json::parse(audit.out);
  ASSERT_EQ(report["results"].size(), 1u) << audit.out;
  EXPECT_EQ(report["results"][0]["signature"], "revoked") << "not a key it never trusted";
  EXPECT_EQ(report["results"][0]["revoked_key"],
            nlohmann::json({{"name", "release"}, {"reason", "leaked"}}));
  EXPECT_EQ(report["totals"]["unsigned"]["devices"], 1);
  const CliResult text = Run({"audit", "--no-record"});
  EXPECT_EQ(text.exit_code, 3) << text.err;
  EXPECT_NE(text.out.find("signed by revoked key release (leaked)"), std::string::npos) << text.out;
}

}  // namespace
}  // namespace arenastore::cli
