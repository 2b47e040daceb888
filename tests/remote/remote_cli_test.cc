// End-to-end: the CLI against a real CNCF Distribution registry on loopback, plain HTTP.
#include <gtest/gtest.h>

#include "tests/remote/remote_fixture.h"

namespace arenastore::store::remote::testing {
namespace {

class RemoteCli : public RemoteTest {
 protected:
  void SetUp() override {
    RemoteTest::SetUp();
    if (IsSkipped()) return;
    StartRegistry();
    url_ = registry().Url("team");
  }

  // Store A: kws@1..3, prod -> 3, a signature on kws@2 and kws@3; remote "hub" added.
  store::KeyPair FillStoreA() {
    PushVersions(Db("a"), "kws", {2, 3, 4}, "prod");
    Sign(Db("a"), "kws@2");
    const store::KeyPair key = Sign(Db("a"), "kws@3");
    AddRemote(Db("a"), "hub", url_);
    return key;
  }

  std::string url_;
};

TEST_F(RemoteCli, PushedModelPullsIntoAnEmptyStoreWithVersionsAliasesAndSignatures) {
  const store::KeyPair key = FillStoreA();
  const CliRun pushed = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  const nlohmann::json push = pushed.Json();
  EXPECT_EQ(push["versions"].size(), 3u);
  EXPECT_EQ(push["versions"][1]["signatures_pushed"], 1);
  EXPECT_EQ(push["aliases"][0]["alias"], "prod");

  AddRemote(Db("b"), "hub", url_);
  const CliRun pulled = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"].size(), 3u);
  EXPECT_EQ(pulled.Json()["artifacts_downloaded"], 3);

  const CliRun verified = Cli({"verify", "--db", Db("b")});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
  Trust(Db("b"), key);
  const CliRun signature = Cli({"verify-signature", "kws@3", "--db", Db("b")});
  EXPECT_EQ(signature.exit_code, 0) << signature.out << signature.err;
  const CliRun listed = Cli({"ls", "kws", "--db", Db("b"), "--json"});
  ASSERT_EQ(listed.exit_code, 0);
  const nlohmann::json versions = listed.Json()["versions"];
  ASSERT_EQ(versions.size(), 3u);
  EXPECT_EQ(versions[0]["reference"], "kws@3");
  EXPECT_EQ(versions[0]["aliases"], nlohmann::json::array({"prod"}));
  EXPECT_EQ(versions[0]["note"], "note 3");
  const CliRun a = Cli({"ls", "kws", "--db", Db("a"), "--json"});
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(versions[i]["sha256"], a.Json()["versions"][i]["sha256"]);
  }
}

TEST_F(RemoteCli, LsRemoteShowsMetadataWithoutDownloadingAnyBlob) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  const CliRun listed = Cli({"ls", "--remote", "hub", "kws", "--db", Db("a"), "--json"});
  ASSERT_EQ(listed.exit_code, 0) << listed.out << listed.err;
  const nlohmann::json json = listed.Json();
  ASSERT_EQ(json["versions"].size(), 3u);
  EXPECT_EQ(json["versions"][0]["version"], 3);
  EXPECT_EQ(json["versions"][0]["aliases"], nlohmann::json::array({"prod"}));
  EXPECT_EQ(json["versions"][0]["kernel_version"], store::testing::KernelVersionText());
  EXPECT_EQ(json["versions"][0]["target_isa"], "ref");
  EXPECT_GT(json["versions"][0]["planned_bytes"].get<int64_t>(), 0);
  EXPECT_EQ(json["requests"]["blob_downloads"], 0);
  // Tag list, one HEAD per alias, one manifest per version: nothing else.
  EXPECT_EQ(json["requests"]["total"], 1 + 1 + 3);

  const CliRun models = Cli({"ls", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(models.exit_code, 0) << models.out << models.err;
  EXPECT_EQ(models.Json()["models"][0]["model"], "kws");
  EXPECT_EQ(models.Json()["models"][0]["versions"], 3);
  EXPECT_EQ(models.Json()["requests"]["blob_downloads"], 0);
}

TEST_F(RemoteCli, PullOfAWholeModelFetchesOnlyTheReferrersTagsTheTagListNames) {
  PushVersions(Db("a"), "kws", {2, 3, 4});
  AddRemote(Db("a"), "hub", url_);
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  AddRemote(Db("b"), "hub", url_);
  const CliRun pulled = Cli({"pull", "hub/kws", "--all", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  // Tag list, the referrers API's 404 (Distribution 2.8 has none), 3 manifests, 3 artifacts
  // and their 3 configs (the verified source of each version's note and lineage).
  EXPECT_EQ(pulled.Json()["requests"]["total"], 1 + 1 + 3 + 3 + 3);
}

TEST_F(RemoteCli, ShowRemoteReadsPerOpScratchDtypesAndPoolsFromTheConfig) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws@prod", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  const CliRun shown = Cli({"show", "kws@prod", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(shown.exit_code, 0) << shown.out << shown.err;
  const nlohmann::json remote = shown.Json();
  const nlohmann::json local = Cli({"show", "kws@3", "--db", Db("a"), "--json"}).Json();
  EXPECT_EQ(remote["sha256"], local["sha256"]);
  EXPECT_EQ(remote["operators"].size(), local["operators"].size());
  EXPECT_EQ(remote["operators"][0]["scratch_bytes"], local["operators"][0]["scratch_bytes"]);
  EXPECT_EQ(remote["operators"][0]["dtypes"], "int8,int8,int32->int8");
  EXPECT_EQ(remote["pools"], local["pools"]);
  EXPECT_EQ(remote["signatures"].size(), 1u);
  EXPECT_EQ(remote["requests"]["blob_downloads"], 1);  // the config, not the artifact
}

TEST_F(RemoteCli, RePushSendsNoBlobTwice) {
  FillStoreA();
  const CliRun first = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_GT(first.Json()["requests"]["blob_uploads"].get<int>(), 0);
  const CliRun again = Cli({"push", "kws", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(again.exit_code, 0) << again.out << again.err;
  const nlohmann::json requests = again.Json()["requests"];
  EXPECT_EQ(requests["blob_uploads"], 0);
  EXPECT_EQ(requests["bytes_sent"], 0);
  EXPECT_EQ(requests["by_method"]["PUT"], 0);
  EXPECT_EQ(requests["by_method"]["POST"], 0);
  EXPECT_EQ(requests["by_method"]["PATCH"], 0);
  const nlohmann::json versions = again.Json()["versions"];  // a copy: the loop outlives Json()
  for (const nlohmann::json& version : versions) {
    EXPECT_TRUE(version["already_there"].get<bool>());
  }
}

TEST_F(RemoteCli, AVersionTagHoldingOtherBytesIsRefusedAndNotOverwritten) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  PushVersions(Db("c"), "kws", {9});
  AddRemote(Db("c"), "hub", url_);
  const CliRun refused = Cli({"push", "kws@1", "--remote", "hub", "--db", Db("c"), "--json"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(refused), "remote_conflict");
  EXPECT_NE(ErrorMessageOf(refused).find("immutable"), std::string::npos) << refused.out;
  EXPECT_NE(ErrorMessageOf(refused).find("kws@1"), std::string::npos) << refused.out;
  const CliRun listed = Cli({"ls", "--remote", "hub", "kws", "--db", Db("a"), "--json"});
  const nlohmann::json a = Cli({"ls", "kws", "--db", Db("a"), "--json"}).Json();
  EXPECT_EQ(listed.Json()["versions"][2]["sha256"], a["versions"][2]["sha256"]);
}

TEST_F(RemoteCli, CrossRepositoryMountLinksBytesAnotherModelHolds) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws@1", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  PushVersions(Db("a"), "copy", {2});  // the same bytes as kws@1
  const CliRun pushed = Cli({"push", "copy", "--remote", "hub", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  EXPECT_EQ(pushed.Json()["requests"]["blob_mounts"], 1);
  EXPECT_EQ(pushed.Json()["requests"]["blob_uploads"], 1);  // its config only
}

TEST_F(RemoteCli, ChunkedUploadStoresTheSameBytes) {
  PushVersions(Db("a"), "kws", {40});
  AddRemote(Db("a"), "hub", url_);
  const CliRun pushed =
      Cli({"push", "kws", "--remote", "hub", "--chunk-bytes", "1000", "--db", Db("a"), "--json"});
  ASSERT_EQ(pushed.exit_code, 0) << pushed.out << pushed.err;
  EXPECT_GT(pushed.Json()["requests"]["by_method"]["PATCH"].get<int>(), 2);
  AddRemote(Db("b"), "hub", url_);
  const CliRun pulled = Cli({"pull", "hub/kws@1", "-o", File("kws.arena"), "--db", Db("b")});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  const std::vector<uint8_t> original = store::testing::TinyArtifact(40);
  const std::string written = ReadFile(File("kws.arena"));
  EXPECT_EQ(std::vector<uint8_t>(written.begin(), written.end()), original);
}

TEST_F(RemoteCli, PullUnderRequireSignatureRefusesAnUnsignedVersionWithExit4AndStoresNothing) {
  const store::KeyPair key = FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  AddRemote(Db("b"), "hub", url_);
  Trust(Db("b"), key);
  ASSERT_EQ(Cli({"policy", "set", "require-signature", "on", "--db", Db("b")}).exit_code, 0);
  const std::string before = Dump(Db("b"));
  const CliRun refused = Cli({"pull", "hub/kws@1", "--db", Db("b"), "--json"});
  EXPECT_EQ(refused.exit_code, 4) << refused.out;
  EXPECT_EQ(ErrorCodeOf(refused), "signature");
  EXPECT_EQ(Dump(Db("b")), before);
  const CliRun accepted = Cli({"pull", "hub/kws@prod", "--db", Db("b")});
  EXPECT_EQ(accepted.exit_code, 0) << accepted.out << accepted.err;
}

TEST_F(RemoteCli, PullOfAnAliasRolledBackRemotelyFillsTheOlderVersionLocally) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  AddRemote(Db("b"), "hub", url_);
  ASSERT_EQ(Cli({"pull", "hub/kws@prod", "--db", Db("b")}).exit_code, 0);
  ASSERT_EQ(Cli({"alias", "set", "kws", "prod", "1", "--db", Db("a")}).exit_code, 0);
  ASSERT_EQ(Cli({"push", "kws@1", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  const CliRun pulled = Cli({"pull", "hub/kws@prod", "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  EXPECT_EQ(pulled.Json()["pulled"][0]["reference"], "kws@1");
  const nlohmann::json shown = Cli({"show", "kws@prod", "--db", Db("b"), "--json"}).Json();
  EXPECT_EQ(shown["version"], 1);
}

TEST_F(RemoteCli, PullOfATagMovedBackIsRefusedUnderAllowRollbackOffUnlessAllowedAndJournaled) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  AddRemote(Db("b"), "hub", url_);
  ASSERT_EQ(Cli({"pull", "hub/kws@prod", "--db", Db("b")}).exit_code, 0);  // prod -> 3 here
  ASSERT_EQ(Cli({"policy", "set", "allow-rollback", "off", "--db", Db("b")}).exit_code, 0);
  // The registry's prod tag moves back to version 1.
  ASSERT_EQ(Cli({"alias", "set", "kws", "prod", "1", "--db", Db("a")}).exit_code, 0);
  ASSERT_EQ(Cli({"push", "kws@1", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  const std::string before = Dump(Db("b"));
  const CliRun refused = Cli({"pull", "hub/kws@prod", "--db", Db("b"), "--json"});
  EXPECT_EQ(refused.exit_code, 4) << refused.out << refused.err;
  EXPECT_EQ(ErrorCodeOf(refused), "signature");
  const std::string message = ErrorMessageOf(refused);
  EXPECT_NE(message.find("kws@prod would move back to version 1, older than version 3"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("--allow-rollback"), std::string::npos) << message;
  EXPECT_NE(message.find("the local store is unchanged"), std::string::npos) << message;
  EXPECT_EQ(Dump(Db("b")), before);
  // Pulling every tag meets the same rule.
  EXPECT_EQ(Cli({"pull", "hub/kws", "--all", "--db", Db("b")}).exit_code, 4);
  EXPECT_EQ(Dump(Db("b")), before);
  const CliRun allowed =
      Cli({"pull", "hub/kws@prod", "--allow-rollback", "--db", Db("b"), "--json"});
  ASSERT_EQ(allowed.exit_code, 0) << allowed.out << allowed.err;
  EXPECT_EQ(allowed.Json()["pulled"][0]["reference"], "kws@1");
  EXPECT_EQ(allowed.Json()["pulled"][0]["rolled_back"][0]["rolled_back_past"], 3);
  const nlohmann::json shown = Cli({"show", "kws@prod", "--db", Db("b"), "--json"}).Json();
  EXPECT_EQ(shown["version"], 1);
  const nlohmann::json last = shown["alias_history"].back();
  EXPECT_EQ(last["old_version"], 3);
  EXPECT_EQ(last["rolled_back_past"], 3);
  EXPECT_EQ(last["rollback_via"], "pull");
}

TEST_F(RemoteCli, UnknownModelVersionOrAliasSaysWhatTheRemoteHas) {
  FillStoreA();
  ASSERT_EQ(Cli({"push", "kws", "--remote", "hub", "--db", Db("a")}).exit_code, 0);
  AddRemote(Db("b"), "hub", url_);
  const CliRun version = Cli({"pull", "hub/kws@9", "--db", Db("b"), "--json"});
  EXPECT_EQ(version.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(version), "not_found");
  EXPECT_NE(ErrorMessageOf(version).find("ls --remote hub kws"), std::string::npos);
  const CliRun alias = Cli({"pull", "hub/kws@canary", "--db", Db("b")});
  EXPECT_EQ(alias.exit_code, 1);
  EXPECT_NE(alias.err.find("its aliases: prod"), std::string::npos) << alias.err;
  const CliRun model = Cli({"pull", "hub/nope", "--db", Db("b")});
  EXPECT_EQ(model.exit_code, 1);
  EXPECT_NE(model.err.find("no versions of nope"), std::string::npos) << model.err;
}

TEST_F(RemoteCli, UnreachableRegistryFailsNamingTheRemoteAndLeavesTheStoreUnchanged) {
  AddRemote(Db("b"), "gone", "http://127.0.0.1:" + std::to_string(FreePort()));
  const std::string before = Dump(Db("b"));
  const CliRun failed = Cli({"pull", "gone/kws", "--db", Db("b"), "--json"});
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_EQ(ErrorCodeOf(failed), "remote_unreachable");
  EXPECT_NE(ErrorMessageOf(failed).find("remote gone"), std::string::npos) << failed.out;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(RemoteCli, ATransportSettingThatDoesNotParseIsAUsageErrorNamingIt) {
  AddRemote(Db("b"), "gone", "http://127.0.0.1:" + std::to_string(FreePort()));
  for (const std::string setting :
       {"ARENASTORE_REMOTE_TRANSFER_TIMEOUT_MS=10min", "ARENASTORE_REMOTE_ATTEMPTS=-1",
        "ARENASTORE_REMOTE_MAX_BLOB_BYTES=lots"}) {
    const CliRun failed = Cli({"pull", "gone/kws", "--db", Db("b")}, "", {setting});
    EXPECT_EQ(failed.exit_code, 2) << setting;
    const std::string name = setting.substr(0, setting.find('='));
    EXPECT_NE(failed.err.find(name), std::string::npos) << failed.err;
  }
}

TEST_F(RemoteCli, RemotesAreAddedListedAndRemovedAndPlainHttpNeedsInsecureBeyondLoopback) {
  AddRemote(Db("a"), "hub", url_);
  const CliRun plain =
      Cli({"remote", "add", "far", "http://registry.example.com", "--db", Db("a")});
  EXPECT_EQ(plain.exit_code, 2);
  EXPECT_NE(plain.err.find("--insecure"), std::string::npos) << plain.err;
  AddRemote(Db("a"), "far", "http://registry.example.com/team", {"--insecure"});
  const CliRun twice = Cli({"remote", "add", "hub", url_, "--db", Db("a")});
  EXPECT_EQ(twice.exit_code, 1);
  const nlohmann::json listed = Cli({"remote", "ls", "--db", Db("a"), "--json"}).Json();
  ASSERT_EQ(listed["remotes"].size(), 2u);
  EXPECT_EQ(listed["remotes"][0]["name"], "far");
  EXPECT_TRUE(listed["remotes"][0]["insecure"].get<bool>());
  EXPECT_EQ(Cli({"remote", "rm", "far", "--db", Db("a")}).exit_code, 0);
  EXPECT_EQ(Cli({"remote", "ls", "--db", Db("a"), "--json"}).Json()["remotes"].size(), 1u);
  const CliRun unknown = Cli({"push", "kws", "--remote", "nope", "--db", Db("a"), "--json"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(ErrorMessageOf(unknown).find("remotes: hub"), std::string::npos) << unknown.out;
}

TEST_F(RemoteCli, UppercaseModelNamesAreRefusedBeforeAnyRequest) {
  PushVersions(Db("a"), "Kws", {2});
  AddRemote(Db("a"), "hub", url_);
  const CliRun refused = Cli({"push", "Kws", "--remote", "hub", "--db", Db("a")});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.err.find("lowercase"), std::string::npos) << refused.err;
}

}  // namespace
}  // namespace arenastore::store::remote::testing
