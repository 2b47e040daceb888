// A registry shared with other OCI tools: arenastore's repositories copied with skopeo (which
// copies only the tags it is given and rewrites image indexes with an older image-spec schema)
// are still listed and pulled, with the same bytes and their signatures.
#include <gtest/gtest.h>

#include "tests/remote/remote_fixture.h"
#include "tests/remote/skopeo_process.h"

namespace arenastore::store::remote::testing {
namespace {

class SkopeoCopied : public RemoteTest {
 protected:
  void SetUp() override {
    RemoteTest::SetUp();
    if (IsSkipped()) return;
    if (access(kSkopeoBinary, X_OK) != 0) {
      GTEST_SKIP() << kSkopeoBinary
                   << " is not installed (Debian package skopeo; scripts/install_deps.sh "
                      "installs it): no other OCI tool to copy with";
    }
    StartRegistry();
  }

  // docker://127.0.0.1:PORT/REPOSITORY:TAG
  std::string Docker(const std::string& repository, const std::string& tag) {
    return "docker://127.0.0.1:" + std::to_string(registry().port()) + "/" + repository + ":" + tag;
  }

  void Copy(const std::string& source, const std::string& destination) {
    const SkopeoRun run = SkopeoCopy(dir_.path(), source, destination);
    ASSERT_EQ(run.exit_code, 0) << "skopeo copy " << source << " " << destination << "\n"
                                << run.output;
  }

  // Store A: kws@1..2, prod -> 2, pushed to remote "hub" (namespace team).
  void PushStoreA() {
    PushVersions(Db("a"), "kws", {2, 3}, "prod");
    AddRemote(Db("a"), "hub", registry().Url("team"));
    const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a")});
    ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  }
};

TEST_F(SkopeoCopied, AnAliasCopiedAloneIsListedAndPullsTheVersionWithTheOriginalBytes) {
  PushStoreA();
  Copy(Docker("team/kws", "prod"), Docker("hub2/kws", "prod"));
  AddRemote(Db("b"), "hub2", registry().Url("hub2"));

  const CliRun models = Cli({"ls", "--remote", "hub2", "--db", Db("b"), "--json"});
  ASSERT_EQ(models.exit_code, 0) << models.out << models.err;
  ASSERT_EQ(models.Json()["models"].size(), 1u) << models.out;
  EXPECT_EQ(models.Json()["models"][0]["model"], "kws");
  EXPECT_EQ(models.Json()["models"][0]["versions"], 1);
  EXPECT_EQ(models.Json()["models"][0]["latest_version"], 2);
  const CliRun text = Cli({"ls", "--remote", "hub2", "--db", Db("b")});
  EXPECT_EQ(text.out.find("no arenastore models"), std::string::npos) << text.out;

  const CliRun versions = Cli({"ls", "--remote", "hub2", "kws", "--db", Db("b"), "--json"});
  ASSERT_EQ(versions.exit_code, 0) << versions.out << versions.err;
  ASSERT_EQ(versions.Json()["versions"].size(), 1u) << versions.out;
  EXPECT_EQ(versions.Json()["versions"][0]["version"], 2);
  EXPECT_EQ(versions.Json()["versions"][0]["aliases"], nlohmann::json::array({"prod"}));

  const CliRun pulled =
      Cli({"pull", "hub2/kws@prod", "-o", File("pulled.arena"), "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"][0]["reference"], "kws@2");
  EXPECT_EQ(pulled.Json()["pulled"][0]["aliases"], nlohmann::json::array({"prod"}));
  const CliRun original = Cli({"pull", "kws@prod", "-o", File("original.arena"), "--db", Db("a")});
  ASSERT_EQ(original.exit_code, 0) << original.out << original.err;
  EXPECT_EQ(ReadFile(File("pulled.arena")), ReadFile(File("original.arena")));
  const CliRun listed_a = Cli({"ls", "kws", "--db", Db("a"), "--json"});
  EXPECT_EQ(pulled.Json()["pulled"][0]["sha256"], listed_a.Json()["versions"][0]["sha256"]);
  EXPECT_EQ(Cli({"verify", "--db", Db("b")}).exit_code, 0);
}

TEST_F(SkopeoCopied, SignaturesCopiedUnderTheReferrersTagAreFoundByTheirManifestAndVerified) {
  PushVersions(Db("a"), "kws", {2, 3}, "prod");
  const store::KeyPair key = Sign(Db("a"), "kws@2");
  AddRemote(Db("a"), "hub", registry().Url("team"));
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  const std::string manifest_digest = pushed.Json()["versions"][1]["manifest_digest"];
  // The signature lives under the referrers tag schema's tag (Distribution 2.8 has no referrers
  // API); skopeo rewrites that index and drops each entry's artifactType.
  const std::string referrers_tag = "sha256-" + manifest_digest.substr(7);
  Copy(Docker("team/kws", "prod"), Docker("hub2/kws", "prod"));
  Copy(Docker("team/kws", referrers_tag), Docker("hub2/kws", referrers_tag));

  AddRemote(Db("b"), "hub2", registry().Url("hub2"));
  Trust(Db("b"), key);
  ASSERT_EQ(Cli({"policy", "set", "require-signature", "on", "--db", Db("b")}).exit_code, 0);
  const CliRun shown = Cli({"show", "kws@prod", "--remote", "hub2", "--db", Db("b"), "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.out << shown.err;
  EXPECT_EQ(shown.Json()["signatures"].size(), 1u) << shown.out;

  const CliRun pulled = Cli({"pull", "hub2/kws@prod", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_found"], 1);
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_verified"], 1);
  EXPECT_EQ(Cli({"verify-signature", "kws@2", "--db", Db("b")}).exit_code, 0);

  const CliRun again = Cli({"pull", "hub2/kws@prod", "--db", Db("b")});
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("kws@2"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("signatures: 1 found, 1 verified"), std::string::npos) << again.out;
}

TEST_F(SkopeoCopied, AVersionCopiedWithoutItsSignaturesSaysNoneWereFound) {
  PushStoreA();
  Copy(Docker("team/kws", "prod"), Docker("hub2/kws", "prod"));
  AddRemote(Db("b"), "hub2", registry().Url("hub2"));
  const CliRun pulled = Cli({"pull", "hub2/kws@prod", "--db", Db("b")});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_NE(pulled.out.find("signatures: 0 found, 0 verified"), std::string::npos) << pulled.out;
}

TEST_F(SkopeoCopied, AnExportedLayoutCopiedToTheRegistryPullsWithItsSignatureVerified) {
  PushVersions(Db("a"), "kws", {2, 3}, "prod");
  const store::KeyPair key = Sign(Db("a"), "kws@2");
  const std::string layout = File("layout");
  const CliRun exported =
      Cli({"export", "kws@prod", "--oci-layout", layout, "--db", Db("a"), "--json"});
  ASSERT_EQ(exported.exit_code, 0) << exported.out << exported.err;
  const std::string manifest_digest = exported.Json()["versions"][0]["manifest_digest"];
  const std::string referrers_tag = "sha256-" + manifest_digest.substr(7);
  for (const std::string tag : {"2", "prod", referrers_tag.c_str()}) {
    Copy("oci:" + layout + ":" + tag, Docker("site/kws", tag));
  }

  AddRemote(Db("b"), "site", registry().Url("site"));
  Trust(Db("b"), key);
  ASSERT_EQ(Cli({"policy", "set", "require-signature", "on", "--db", Db("b")}).exit_code, 0);
  const CliRun pulled =
      Cli({"pull", "site/kws@prod", "-o", File("pulled.arena"), "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"][0]["reference"], "kws@2");
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_found"], 1);
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_verified"], 1);
  ASSERT_EQ(Cli({"pull", "kws@2", "-o", File("original.arena"), "--db", Db("a")}).exit_code, 0);
  EXPECT_EQ(ReadFile(File("pulled.arena")), ReadFile(File("original.arena")));
}

TEST_F(SkopeoCopied, ARepositoryCopiedIntoALayoutPullsFromItWithItsSignatureVerified) {
  PushVersions(Db("a"), "kws", {2, 3}, "prod");
  const store::KeyPair key = Sign(Db("a"), "kws@2");
  AddRemote(Db("a"), "hub", registry().Url("team"));
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  const std::string manifest_digest = pushed.Json()["versions"][1]["manifest_digest"];
  const std::string referrers_tag = "sha256-" + manifest_digest.substr(7);
  const std::string layout = File("usb");
  Copy(Docker("team/kws", "prod"), "oci:" + layout + ":prod");
  Copy(Docker("team/kws", referrers_tag), "oci:" + layout + ":" + referrers_tag);

  Trust(Db("b"), key);
  ASSERT_EQ(Cli({"policy", "set", "require-signature", "on", "--db", Db("b")}).exit_code, 0);
  const CliRun pulled = Cli(
      {"pull", "oci:" + layout + ":prod", "-o", File("pulled.arena"), "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"][0]["reference"], "kws@2");
  EXPECT_EQ(pulled.Json()["pulled"][0]["aliases"], nlohmann::json::array({"prod"}));
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_found"], 1);
  EXPECT_EQ(pulled.Json()["pulled"][0]["signatures_verified"], 1);
  ASSERT_EQ(Cli({"pull", "kws@2", "-o", File("original.arena"), "--db", Db("a")}).exit_code, 0);
  EXPECT_EQ(ReadFile(File("pulled.arena")), ReadFile(File("original.arena")));
}

}  // namespace
}  // namespace arenastore::store::remote::testing
