// End to end: `arenastore replan`, `audit --fix` and `inspect REF --svg` on a temporary store,
// the way an operator runs them: exit codes, the JSON shapes in docs/fleet.md, lineage in
// `show`, deployments moved, what remains after the fix.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "tests/tools/cli_runner.h"
#include "tests/tools/store_cli_test_base.h"
#include "tests/tools/xml_document.h"

namespace arenastore::cli {
namespace {

using testing::CliResult;
using testing::RunCli;
using testing::TempDir;

const std::string kCorpus = std::string(ARENASTORE_SOURCE_DIR) + "/tests/data/compat/";

class ReplanCli : public testing::StoreCliTest {
 protected:
  void SetUp() override {
    // net@1: all-ops planned by kernel library 1.2.0 with the transpose convolution's scratch
    // 16 B short (this build rejects it everywhere; a re-plan cures it). vww@1: needs more than a
    // 16 KiB pool.
    ASSERT_EQ(Run({"push", kCorpus + "all-ops-1.2.0-ref-transpose_short16.arena", "--model", "net"})
                  .exit_code,
              0);
    ASSERT_EQ(Run({"push", kCorpus + "mobilenet-v1-1.2.0-ref.arena", "--model", "vww"}).exit_code,
              0);
    std::ofstream(dir_.File("devices.csv"))
        << "device,hardware,isa,kernel_version,pools,model\n"
        << "nrf-1,nrf5340,ref,1.1.0,sram=64K,net@1\nnrf-2,nrf5340,ref,1.1.0,sram=64K,net@1\n"
        << "nrf-3,nrf5340,ref,1.1.0,sram=64K,net@1\n"
        << "m0-1,tiny-m0,ref,1.1.0,sram=16K,vww@1\nm0-2,tiny-m0,ref,1.1.0,sram=16K,vww@1\n";
    CliResult imported = Run({"fleet", "import", dir_.File("devices.csv")});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
  }

  // release.key, trusted by the store as "release"; then require-signature on.
  void RequireSignatures() {
    ASSERT_EQ(RunCli({"key", "generate", "--out", dir_.File("release")}).exit_code, 0);
    ASSERT_EQ(Run({"key", "trust", dir_.File("release.pub"), "--name", "release"}).exit_code, 0);
    ASSERT_EQ(Run({"policy", "set", "require-signature", "on"}).exit_code, 0);
  }

  std::string Key() { return dir_.File("release.key"); }

  // device id -> the version it runs ("net@1").
  std::map<std::string, std::string> Fleet() {
    std::map<std::string, std::string> fleet;
    // A local: ranging over a member of the temporary would read it after its destruction.
    const nlohmann::json listing = Json({"fleet", "ls"}, 0);
    for (const auto& device : listing["devices"]) {
      fleet[device["device"].get<std::string>()] =
          device["model"]["name"].get<std::string>() + "@" +
          std::to_string(device["model"]["version"].get<int64_t>());
    }
    return fleet;
  }
};

TEST_F(ReplanCli, ReplanPushesTheNextVersionWithLineageAndTheMemoryDifference) {
  const nlohmann::json original = Json({"show", "net@1"}, 0);
  const nlohmann::json replanned =
      Json({"replan", "net@1", "--reason", "runtime upgrade", "--pool", "sram:64K"}, 0);
  EXPECT_FALSE(replanned["unchanged"].get<bool>());
  EXPECT_EQ(replanned["replanned"]["reference"], "net@2");
  EXPECT_EQ(replanned["replanned"]["derived_from_sha256"], original["sha256"]);
  // The transpose convolution gets its 16 B; since 1.9.0 ref's average pools need nothing; since
  // 1.14.0 convolutions written over their inputs keep a pixel or a plane of it.
  int transpose_changes = 0;
  for (const nlohmann::json& change : replanned["scratch_changes"]) {
    const int grown = change["after_bytes"].get<int>() - change["before_bytes"].get<int>();
    if (change["op_kind"] == "transpose_conv2d") {
      ++transpose_changes;
      EXPECT_EQ(grown, 16);
    } else if (change["op_kind"] == "conv2d" || change["op_kind"] == "depthwise_conv2d") {
      EXPECT_GT(grown, 0);
    } else {
      EXPECT_EQ(change["op_kind"], "average_pool2d");
      EXPECT_EQ(change["after_bytes"], 0);
    }
  }
  EXPECT_EQ(transpose_changes, 1);
  const nlohmann::json shown = Json({"show", "net@2"}, 0);
  EXPECT_EQ(shown["lineage"]["derived_from_sha256"], original["sha256"]);
  EXPECT_EQ(shown["note"], "runtime upgrade");
  CliResult human = Run({"show", "net@2"});
  EXPECT_NE(human.out.find("re-planned from"), std::string::npos) << human.out;
}

TEST_F(ReplanCli, ReplanIntoAnArmPoolTooSmallForItsOwnKernelsCountsTheOpsOnRefsKernels) {
  // ds-cnn's arm_dsp plan needs 16,000 B on the variant's own kernels; 9 KiB fits only a plan
  // on slower over-input kernels (its own pointwise walk, ref's borrowed depthwise), and the
  // operator is told so.
  const std::string kws = dir_.File("kws.arena");
  ASSERT_EQ(RunCli({"compile", "--example", "ds-cnn", "-o", kws}).exit_code, 0);
  ASSERT_EQ(Run({"push", kws, "--model", "kws"}).exit_code, 0);
  const nlohmann::json json =
      Json({"replan", "kws", "--target", "arm_dsp", "--pool", "sram:9K"}, 0);
  EXPECT_GT(json["own_slower_kernel_ops"].get<int>(), 0) << json;
  EXPECT_GT(json["reference_kernel_ops"].get<int>(), 0) << json;
  EXPECT_LE(json["after_bytes"].get<uint64_t>(), 9u * 1024) << json;
  const CliResult text = Run({"replan", "kws@1", "--target", "arm_dsp", "--pool", "sram:9K"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find(" with " + std::to_string(json["own_slower_kernel_ops"].get<int>()) +
                          " ops on the target's own slower kernels and " +
                          std::to_string(json["reference_kernel_ops"].get<int>()) +
                          " ops on ref's slower kernels"),
            std::string::npos)
      << text.out;
  // A ref plan borrows nothing.
  EXPECT_EQ(Json({"replan", "kws@1", "--pool", "sram:16K"}, 0)["reference_kernel_ops"], 0);
}

TEST_F(ReplanCli, ReplanRefusesBadInputWithAClearMessage) {
  CliResult isa = Run({"replan", "net@1", "--target", "z80"});
  EXPECT_EQ(isa.exit_code, 2);
  EXPECT_NE(isa.err.find("--target: unknown ISA 'z80'"), std::string::npos) << isa.err;
  CliResult pool = Run({"replan", "net@1", "--pool", "sram:lots"});
  EXPECT_NE(pool.exit_code, 0);
  EXPECT_NE(pool.err.find("--pool sram:lots"), std::string::npos) << pool.err;
  CliResult tiny = Run({"replan", "vww@1", "--pool", "sram:1K"});
  EXPECT_EQ(tiny.exit_code, 1);
  EXPECT_NE(tiny.err.find("re-plan vww@1"), std::string::npos) << tiny.err;
  CliResult missing = Run({"replan", "nosuch"});
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_EQ(Json({"ls"}, 0)["total"], 2);  // nothing was pushed
}

TEST_F(ReplanCli, AuditFixCuresWhatAReplanCanMovesTheDevicesAndSaysWhatRemains) {
  const nlohmann::json fix = Json({"audit", "--fix", "--html", dir_.File("fixed.html")}, 3);
  EXPECT_EQ(fix["before"]["rejected_devices"], 5);
  EXPECT_EQ(fix["before"]["curable_rejects"], 1);
  ASSERT_EQ(fix["actions"].size(), 1u);
  EXPECT_TRUE(fix["actions"][0]["fixed"].get<bool>());
  EXPECT_EQ(fix["actions"][0]["replanned"]["reference"], "net@2");
  EXPECT_EQ(fix["actions"][0]["replanned"]["devices_moved"], 3);
  EXPECT_EQ(fix["after"]["rejected_devices"], 2);
  EXPECT_EQ(fix["after"]["curable_rejects"], 0);
  ASSERT_EQ(fix["remaining_rejects"].size(), 1u);
  EXPECT_EQ(fix["remaining_rejects"][0]["reference"], "vww@1");
  EXPECT_FALSE(fix["remaining_rejects"][0]["curable"].get<bool>());
  const nlohmann::json devices = Json({"fleet", "ls"}, 0);
  for (const auto& device : devices["devices"]) {
    const std::string id = device["device"];
    EXPECT_EQ(device["model"]["version"], id.rfind("nrf", 0) == 0 ? 2 : 1) << id;
  }
  // The page written is the re-audit's: well-formed, nothing curable left.
  const std::string page = testing::ReadText(dir_.File("fixed.html"));
  arenastore::testing::XmlParser parser(page);
  auto root = parser.Parse();
  ASSERT_NE(root, nullptr) << parser.error();
  EXPECT_EQ(root->Find("div", "total-curable")->AllText().find("rejects a re-plan may cure0"), 0u);
  // Run again: nothing left to cure, the same remainder.
  const nlohmann::json again = Json({"audit", "--fix"}, 3);
  EXPECT_EQ(again["actions"].size(), 0u);
  EXPECT_EQ(again["remaining_rejects"].size(), 1u);
}

TEST_F(ReplanCli, AuditFixRefusesOptionsItCannotHonour) {
  CliResult csv = Run({"audit", "--fix", "--csv"});
  EXPECT_EQ(csv.exit_code, 2);
  EXPECT_NE(csv.err.find("--fix"), std::string::npos) << csv.err;
}

TEST_F(ReplanCli, InspectDrawsAStoredVersionsPlan) {
  const std::string svg = dir_.File("plan.svg");
  CliResult inspected = Run({"inspect", "net@1", "--svg", svg});
  ASSERT_EQ(inspected.exit_code, 0) << inspected.err;
  const std::string text = testing::ReadText(svg);
  arenastore::testing::XmlParser parser(text);
  auto root = parser.Parse();
  ASSERT_NE(root, nullptr) << parser.error();
  EXPECT_EQ(root->name, "svg");
  // As 1.2.0 planned all-ops for ref: the transpose convolution and three average pools.
  EXPECT_EQ(root->Count("rect", "scratch"), 4);
  EXPECT_NE(root->AllText().find("all-ops"), std::string::npos);
}

// Under require-signature a re-plan of an unsigned version is refused as `run` refuses it: the
// re-plan computes the same thing, so it must not become a version someone could sign and run.
TEST_F(ReplanCli, ReplanUnderRequireSignatureRefusesAnUnsignedVersionLikeRun) {
  RequireSignatures();
  const CliResult run = Run({"run", "net@1", "--random-input", "1"});
  EXPECT_EQ(run.exit_code, 4) << run.err;
  const CliResult replan = Run({"replan", "net@1", "--target", "arm_mve"});
  EXPECT_EQ(replan.exit_code, 4) << replan.err;
  EXPECT_NE(replan.err.find("arenastore sign net@1 --key KEY"), std::string::npos) << replan.err;
  EXPECT_EQ(Json({"ls", "net"}, 0)["total"], 1) << "nothing pushed";
  ASSERT_EQ(Run({"sign", "net@1", "--key", Key()}).exit_code, 0);
  EXPECT_EQ(Run({"replan", "net@1", "--target", "arm_mve"}).exit_code, 0);
}

TEST_F(ReplanCli, FixUnderRequireSignatureWithoutSignWithRefusesBeforeMovingAnything) {
  RequireSignatures();
  for (const char* reference : {"net@1", "vww@1"}) {
    ASSERT_EQ(Run({"sign", reference, "--key", Key()}).exit_code, 0);
  }
  const auto fleet = Fleet();
  const CliResult fix = Run({"audit", "--fix"});
  EXPECT_EQ(fix.exit_code, 4) << fix.out << fix.err;
  EXPECT_NE(fix.err.find("re-plans of net@1"), std::string::npos)
      << "says what to sign: " << fix.err;
  EXPECT_NE(fix.err.find("--sign-with KEY"), std::string::npos) << fix.err;
  EXPECT_EQ(Fleet(), fleet) << "no device moved";
  EXPECT_EQ(Json({"ls", "net"}, 0)["total"], 1) << "nothing re-planned";
  EXPECT_TRUE(Json({"audit", "ls"}, 0)["runs"].empty()) << "nothing recorded";
}

TEST_F(ReplanCli, FixWithSignWithSignsTheReplansWhichVerifyAndMovesTheDevicesOntoThem) {
  RequireSignatures();
  for (const char* reference : {"net@1", "vww@1"}) {
    ASSERT_EQ(Run({"sign", reference, "--key", Key()}).exit_code, 0);
  }
  // vww@1 needs more than its 16 KiB pools whatever the plan: the fix still exits 3.
  const nlohmann::json fix = Json({"audit", "--fix", "--sign-with", Key()}, 3);
  ASSERT_EQ(fix["actions"].size(), 1u) << fix.dump();
  const nlohmann::json& replanned = fix["actions"][0]["replanned"];
  EXPECT_EQ(replanned["signed"], true);
  EXPECT_EQ(replanned["devices_moved"], 3);
  const std::string reference = replanned["reference"];
  const CliResult verified = Run({"verify-signature", reference});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  EXPECT_NE(verified.out.find("signed by release (trusted)"), std::string::npos) << verified.out;
  const auto fleet = Fleet();
  ASSERT_EQ(fleet.count("nrf-1"), 1u);
  EXPECT_EQ(fleet.at("nrf-1"), reference);
  EXPECT_EQ(fleet.at("m0-1"), "vww@1") << "the incurable pair stays where it was";
  EXPECT_EQ(Run({"check", reference}).exit_code, 0) << "check agrees with the fix";
  const nlohmann::json audit = Json({"audit"}, 3);
  EXPECT_EQ(audit["totals"]["unsigned"]["devices"], 0);
}

TEST_F(ReplanCli, SignWithIsForFix) {
  const CliResult audit = Run({"audit", "--sign-with", dir_.File("release.key")});
  EXPECT_EQ(audit.exit_code, 2) << audit.err;
  EXPECT_NE(audit.err.find("add --fix"), std::string::npos) << audit.err;
}

}  // namespace
}  // namespace arenastore::cli
