#include "store/removal.h"

#include <gtest/gtest.h>

#include "store/aliases.h"
#include "store/fleet_csv.h"
#include "store/fleet_inventory.h"
#include "store/signatures.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

class RemovalTest : public testing::RegistryTest {};

TEST_F(RemovalTest, RefusesWhileAnAliasPointsAtTheVersionNamingIt) {
  PushTiny(3, "kws", "prod");
  auto removed = RemoveVersion(registry(), "kws@1");
  ASSERT_FALSE(removed.ok());
  EXPECT_EQ(removed.status().code(), ErrorCode::kStoreConflict);
  EXPECT_NE(std::string(removed.status().message()).find("alias(es) prod"), std::string::npos);
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "1\n");
}

TEST_F(RemovalTest, RemovesTheVersionKeepsTheBlobUntilGcAndNeverReusesTheNumber) {
  const PushResult first = PushTiny(3, "kws");
  PushTiny(4, "kws");
  auto removed = RemoveVersion(registry(), "kws@1");
  ASSERT_TRUE(removed.ok()) << removed.status().message();
  EXPECT_EQ(removed->Name(), "kws@1");
  EXPECT_EQ(Query("SELECT count(*) FROM blobs"), "2\n");
  // Still reachable by digest until gc.
  EXPECT_EQ(Resolve(registry(), "sha256:" + first.sha256.substr(0, 10))->model_id, 0);
  auto garbage = CollectGarbage(registry());
  ASSERT_TRUE(garbage.ok());
  EXPECT_EQ(garbage->artifacts_removed, 1);
  EXPECT_EQ(garbage->bytes_freed, first.size_bytes);
  EXPECT_EQ(Query("SELECT count(*) FROM blobs"), "1\n");
  EXPECT_EQ(Query("SELECT count(*) FROM operators WHERE artifact_id NOT IN (SELECT id FROM "
                  "artifacts)"),
            "0\n");
  EXPECT_EQ(PushTiny(3, "kws").version, 3);
  EXPECT_EQ(CollectGarbage(registry())->artifacts_removed, 0);
}

TEST_F(RemovalTest, GcKeepsBytesAnotherModelStillUses) {
  PushTiny(3, "kws");
  PushTiny(3, "mirror");
  ASSERT_TRUE(RemoveVersion(registry(), "kws").ok());
  EXPECT_EQ(CollectGarbage(registry())->artifacts_removed, 0);
  EXPECT_EQ(Query("SELECT count(*) FROM blobs"), "1\n");
}

TEST_F(RemovalTest, RemovingAVersionRemovesItsSignatures) {
  PushTiny(3, "kws");
  auto key = GenerateKeyPair();
  ASSERT_TRUE(key.ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@1", key->private_pem).ok());
  ASSERT_TRUE(RemoveVersion(registry(), "kws@1").ok());
  EXPECT_EQ(Query("SELECT count(*) FROM signatures"), "0\n");
}

TEST_F(RemovalTest, RefusesWhileDevicesRunTheVersionNamingThemAndWhatToDo) {
  PushTiny(3, "kws");
  std::string csv = "device,hardware,isa,kernel_version,pools,model\n";
  for (const char* device : {"nrf-001", "nrf-002", "nrf-003", "nrf-004"}) {
    csv += std::string(device) + ",nrf5340,arm_dsp,1.2.0,sram=256K,kws@1\n";
  }
  const FleetCsv parsed = ParseFleetCsv(csv);
  ASSERT_TRUE(parsed.errors.empty());
  ASSERT_TRUE(ImportDevices(registry(), parsed.rows, "test").ok());
  auto removed = RemoveVersion(registry(), "kws@1");
  ASSERT_FALSE(removed.ok());
  EXPECT_EQ(removed.status().code(), ErrorCode::kStoreConflict);
  EXPECT_STREQ(removed.status().message(),
               "kws@1 is deployed to 4 devices (nrf-001, nrf-002, nrf-003, ...); deploy another "
               "version to them first (`arenastore fleet deploy DEVICE... kws@VERSION`)");
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "1\n");
}

TEST_F(RemovalTest, ADryRunMakesTheSameChecksButChangesNothing) {
  PushTiny(3, "kws", "prod");
  PushTiny(4, "kws");
  EXPECT_EQ(RemoveVersion(registry(), "kws@1", Removal::kDryRun).status().code(),
            ErrorCode::kStoreConflict);
  auto would = RemoveVersion(registry(), "kws@2", Removal::kDryRun);
  ASSERT_TRUE(would.ok()) << would.status().message();
  EXPECT_EQ(would->Name(), "kws@2");
  EXPECT_EQ(Query("SELECT count(*) FROM versions"), "2\n");
  ASSERT_TRUE(RemoveVersion(registry(), "kws@2").ok());
  auto garbage = CollectGarbage(registry(), Removal::kDryRun);
  ASSERT_TRUE(garbage.ok());
  EXPECT_EQ(garbage->artifacts_removed, 1);
  EXPECT_EQ(Query("SELECT count(*) FROM blobs"), "2\n");
}

TEST_F(RemovalTest, RmRefusesDigestReferences) {
  const PushResult pushed = PushTiny(3, "kws");
  auto removed = RemoveVersion(registry(), "sha256:" + pushed.sha256.substr(0, 8));
  EXPECT_EQ(removed.status().code(), ErrorCode::kInvalidArgument);
}

}  // namespace
}  // namespace arenastore::store
