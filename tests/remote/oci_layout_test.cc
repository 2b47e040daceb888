// The OCI image layout as an offline remote: `export REF --oci-layout DIR` writes a stored
// version (its aliases and signatures) the way `push --remote` writes a registry, and `pull
// oci:DIR[:TAG]` reads it back with a registry pull's checks: digests and sizes, signatures,
// the signature policy. No registry is needed.
#include <gtest/gtest.h>

#include <set>

#include "store/remote/oci_descriptor.h"
#include "tests/remote/remote_fixture.h"

namespace arenastore::store::remote::testing {
namespace {

class OciLayoutPull : public RemoteTest {
 protected:
  void SetUp() override { std::filesystem::create_directories(dir_.path() / "home"); }

  // Store A: kws@1..2, prod -> 2, kws@2 signed; the key is returned.
  store::KeyPair FillStoreA() {
    PushVersions(Db("a"), "kws", {2, 3}, "prod");
    return Sign(Db("a"), "kws@2");
  }

  std::string Layout() const { return File("layout"); }

  nlohmann::json IndexJson() const {
    return nlohmann::json::parse(ReadFile(Layout() + "/index.json"), nullptr, false);
  }

  std::string Sha256Of(const std::string& db, const std::string& reference) {
    const nlohmann::json shown = Cli({"show", reference, "--db", db, "--json"}).Json();
    return shown.value("sha256", "");
  }
};

TEST_F(OciLayoutPull, ExportWritesAnImageLayoutThatPullsIntoAnotherStoreWithItsSignature) {
  const store::KeyPair key = FillStoreA();
  const CliRun exported =
      Cli({"export", "kws@prod", "--oci-layout", Layout(), "--db", Db("a"), "--json"});
  ASSERT_EQ(exported.exit_code, 0) << exported.out << exported.err;
  EXPECT_EQ(exported.Json()["versions"][0]["signatures_pushed"], 1);

  // The image-layout spec's three parts, each blob named by its own sha256.
  EXPECT_EQ(nlohmann::json::parse(ReadFile(Layout() + "/oci-layout"))["imageLayoutVersion"],
            "1.0.0");
  const nlohmann::json index = IndexJson();
  ASSERT_TRUE(index.is_object()) << ReadFile(Layout() + "/index.json");
  EXPECT_EQ(index["schemaVersion"], 2);
  std::set<std::string> tags;
  for (const nlohmann::json& entry : index["manifests"]) {
    tags.insert(entry["annotations"]["org.opencontainers.image.ref.name"].get<std::string>());
  }
  const std::string manifest_digest = exported.Json()["versions"][0]["manifest_digest"];
  EXPECT_EQ(tags, (std::set<std::string>{"2", "prod", "sha256-" + manifest_digest.substr(7)}));
  for (const auto& blob : std::filesystem::directory_iterator(Layout() + "/blobs/sha256")) {
    const std::string bytes = ReadFile(blob.path().string());
    EXPECT_EQ(DigestOf(bytes), "sha256:" + blob.path().filename().string());
  }

  Trust(Db("b"), key);
  ASSERT_EQ(Cli({"policy", "set", "require-signature", "on", "--db", Db("b")}).exit_code, 0);
  const CliRun pulled = Cli(
      {"pull", "oci:" + Layout() + ":prod", "-o", File("pulled.arena"), "--db", Db("b"), "--json"});
  ASSERT_EQ(pulled.exit_code, 0) << pulled.out << pulled.err;
  const nlohmann::json version = pulled.Json()["pulled"][0];
  EXPECT_EQ(version["reference"], "kws@2");
  EXPECT_EQ(version["aliases"], nlohmann::json::array({"prod"}));
  EXPECT_EQ(version["signatures_found"], 1);
  EXPECT_EQ(version["signatures_verified"], 1);
  EXPECT_EQ(Sha256Of(Db("b"), "kws@prod"), Sha256Of(Db("a"), "kws@2"));
  EXPECT_EQ(DigestOf(ReadFile(File("pulled.arena"))), "sha256:" + Sha256Of(Db("a"), "kws@2"));
  EXPECT_EQ(Cli({"verify-signature", "kws@2", "--db", Db("b")}).exit_code, 0);
}

TEST_F(OciLayoutPull, ATamperedBlobIsRefusedWithExit4NamingBothDigestsAndTheStoreIsUnchanged) {
  FillStoreA();
  ASSERT_EQ(Cli({"export", "kws@2", "--oci-layout", Layout(), "--db", Db("a")}).exit_code, 0);
  const std::string sha256 = Sha256Of(Db("a"), "kws@2");
  const std::string blob = Layout() + "/blobs/sha256/" + sha256;
  std::string bytes = ReadFile(blob);
  ASSERT_FALSE(bytes.empty());
  bytes[bytes.size() / 2] ^= 0x01;
  std::ofstream(blob, std::ios::binary | std::ios::trunc) << bytes;

  PushVersions(Db("b"), "other", {2});
  const std::string before = Dump(Db("b"));
  const CliRun refused = Cli({"pull", "oci:" + Layout() + ":2", "--db", Db("b"), "--json"});
  EXPECT_EQ(refused.exit_code, 4) << refused.out << refused.err;
  EXPECT_EQ(ErrorCodeOf(refused), "integrity");
  const std::string message = ErrorMessageOf(refused);
  EXPECT_NE(message.find("sha256:" + sha256), std::string::npos) << message;
  EXPECT_NE(message.find(DigestOf(bytes)), std::string::npos) << message;
  EXPECT_NE(message.find(std::to_string(bytes.size()) + " B"), std::string::npos) << message;
  EXPECT_EQ(Dump(Db("b")), before);
}

TEST_F(OciLayoutPull, AFileOrAMalformedLayoutReferenceIsAUsageError) {
  FillStoreA();
  const CliRun file = Cli({"export", "./kws.arena", "--oci-layout", Layout(), "--db", Db("a")});
  EXPECT_EQ(file.exit_code, 2) << file.err;
  EXPECT_NE(file.err.find("arenastore push"), std::string::npos) << file.err;
  const CliRun tag = Cli({"pull", "oci:" + Layout() + ":no/such", "--db", Db("a")});
  EXPECT_EQ(tag.exit_code, 2) << tag.err;
  const CliRun missing = Cli({"pull", "oci:" + File("nothing") + ":2", "--db", Db("a")});
  EXPECT_NE(missing.exit_code, 0);
  EXPECT_NE(missing.err.find("not an OCI image layout"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace arenastore::store::remote::testing
