#include "store/fleet_inventory.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "store/fleet_class.h"
#include "store/fleet_csv.h"
#include "store/fleet_deploy.h"
#include "store/fleet_selector.h"
#include "store/removal.h"
#include "store/signature_policy.h"
#include "store/signatures.h"
#include "store/trusted_keys.h"
#include "tests/store/registry_fixture.h"

namespace arenastore::store {
namespace {

using testing::RegistryTest;

DeviceClassAttributes Attributes(const std::string& hardware, const std::string& isa,
                                 const std::string& pools, const std::string& version = "1.2.0") {
  auto parsed = ParsePoolCapacities(pools);
  EXPECT_TRUE(parsed.ok()) << parsed.status().message();
  return {hardware, isa, version, parsed.ok() ? *parsed : std::vector<PoolCapacityRecord>{}, ""};
}

TEST(FleetClass, PoolCapacitiesAcceptUnitsAndSortByName) {
  auto pools = ParsePoolCapacities("sram=256K;dtcm=64KiB;flash=1M");
  ASSERT_TRUE(pools.ok()) << pools.status().message();
  EXPECT_EQ(CanonicalPools(*pools), "dtcm=65536;flash=1048576;sram=262144");
  EXPECT_EQ(PoolsText(*pools), "dtcm=64K;flash=1M;sram=256K");
}

TEST(FleetClass, BadPoolCapacitiesNameTheItem) {
  for (const char* text : {"", "sram", "sram=", "sram=0", "sram=12Q", "=4K", "sram=4K;sram=8K",
                           "sram=99999999999999999999"}) {
    SCOPED_TRACE(text);
    auto pools = ParsePoolCapacities(text);
    ASSERT_FALSE(pools.ok());
    EXPECT_EQ(pools.status().code(), ErrorCode::kInvalidInput);
  }
  EXPECT_NE(std::string(ParsePoolCapacities("sram=12Q").status().message()).find("12Q"),
            std::string::npos);
}

TEST(FleetClass, KeyDependsOnEveryCompatibilityAttributeButNotPoolOrder) {
  const std::string base = ClassKey(Attributes("nrf5340", "arm_dsp", "sram=256K;dtcm=64K"));
  EXPECT_EQ(base.size(), 12u);
  EXPECT_EQ(base, ClassKey(Attributes("nrf5340", "arm_dsp", "dtcm=64K;sram=256K")));
  EXPECT_NE(base, ClassKey(Attributes("nrf5341", "arm_dsp", "sram=256K;dtcm=64K")));
  EXPECT_NE(base, ClassKey(Attributes("nrf5340", "ref", "sram=256K;dtcm=64K")));
  EXPECT_NE(base, ClassKey(Attributes("nrf5340", "arm_dsp", "sram=256K;dtcm=64K", "1.3.0")));
  EXPECT_NE(base, ClassKey(Attributes("nrf5340", "arm_dsp", "sram=256K;dtcm=32K")));
}

TEST(FleetClass, OpsAreCanonicalInListOrderAndUnknownOnesAreNamed) {
  // ops/op_list.h's order: conv2d (0), softmax (9), reshape (10).
  EXPECT_EQ(*CanonicalOps("reshape; conv2d,conv2d  softmax"), "conv2d,softmax,reshape");
  EXPECT_EQ(*CanonicalOps(""), "");
  const auto unknown = CanonicalOps("conv2d,warp_drive");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), ErrorCode::kInvalidInput);
  EXPECT_NE(std::string(unknown.status().message()).find("'warp_drive'"), std::string::npos);
  EXPECT_TRUE(OpSetOf("").Has(kernels::OpKind::kHardSwish));
  const kernels::OpSet selected = OpSetOf("conv2d,softmax");
  EXPECT_EQ(selected.Count(), 2);
  EXPECT_TRUE(selected.Has(kernels::OpKind::kSoftmax));
  EXPECT_FALSE(selected.Has(kernels::OpKind::kReshape));
}

TEST(FleetClass, KeyOfAFullBuildIsUnchangedAndASelectiveBuildIsAnotherClass) {
  DeviceClassAttributes full = Attributes("nrf5340", "arm_dsp", "sram=256K;dtcm=64K");
  // SHA-256 of "nrf5340\narm_dsp\n1.2.0\ndtcm=65536;sram=262144", the key before classes
  // recorded ops: stores keep their class keys across migration 0006.
  EXPECT_EQ(ClassKey(full), "d429c8febe17");
  DeviceClassAttributes selective = full;
  selective.ops = "conv2d,softmax";
  EXPECT_NE(ClassKey(selective), ClassKey(full));
  EXPECT_TRUE(ValidateClassAttributes(selective).ok());
  selective.ops = "softmax,conv2d";
  EXPECT_NE(std::string(ValidateClassAttributes(selective).message()).find("canonical"),
            std::string::npos);
}

TEST(FleetClass, ValidationNamesTheField) {
  EXPECT_TRUE(ValidateClassAttributes(Attributes("m55", "arm_mve", "sram=1K")).ok());
  const Status isa = ValidateClassAttributes(Attributes("m55", "riscv", "sram=1K"));
  EXPECT_NE(std::string(isa.message()).find("isa: 'riscv'"), std::string::npos);
  const Status version = ValidateClassAttributes(Attributes("m55", "ref", "sram=1K", "1.2"));
  EXPECT_NE(std::string(version.message()).find("kernel_version"), std::string::npos);
  EXPECT_FALSE(ValidateClassAttributes(Attributes("", "ref", "sram=1K")).ok());
  EXPECT_FALSE(ValidateDeviceId("dev 1").ok());
  EXPECT_TRUE(ValidateDeviceId("site-3:dev_1.a").ok());
}

TEST(FleetCsv, ReadsColumnsInAnyOrderWithQuotesCommentsAndBlankLines) {
  const FleetCsv csv = ParseFleetCsv(
      "# exported 2026-11-23\n"
      "pools,device,isa,hardware,kernel_version\n"
      "\n"
      "\"sram=256K;dtcm=64K\",dev-1,arm_dsp,\"nRF5340, rev B\",1.2.0\r\n"
      "sram=512K,dev-2,arm_mve,corstone-300,1.1.0\n");
  ASSERT_TRUE(csv.errors.empty()) << csv.errors[0].message;
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.rows[0].line, 4);
  EXPECT_EQ(csv.rows[0].device_id, "dev-1");
  EXPECT_EQ(csv.rows[0].attributes.hardware, "nRF5340, rev B");
  EXPECT_EQ(CanonicalPools(csv.rows[0].attributes.pools), "dtcm=65536;sram=262144");
  EXPECT_EQ(csv.rows[1].attributes.kernel_version, "1.1.0");
  EXPECT_TRUE(csv.rows[1].model_reference.empty());
}

TEST(FleetCsv, ListsEveryBadLineWithItsNumber) {
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,model\n"
      "dev-1,m55,arm_mve,1.2.0,sram=256K,kws@1\n"
      "dev-2,m55,riscv,1.2.0,sram=256K,\n"        // 3: unknown ISA
      "dev-3,m55,arm_mve,1.2.0,sram=256K\n"       // 4: a field missing
      "dev 4,m55,arm_mve,1.2.0,sram=256K,\n"      // 5: bad id
      "dev-5,m55,arm_mve,1.2.0,sram=lots,\n"      // 6: bad pool size
      "dev-1,m55,arm_mve,1.2.0,sram=256K,\n"      // 7: duplicate device
      "dev-7,m55,arm_mve,1.2.0,\"sram=256K,\n"    // 8: open quote
      "dev-8,m55,arm_mve,one.two,sram=256K,\n");  // 9: bad version
  ASSERT_EQ(csv.rows.size(), 1u);
  std::vector<int64_t> lines;
  for (const CsvLineError& error : csv.errors) lines.push_back(error.line);
  EXPECT_EQ(lines, (std::vector<int64_t>{3, 4, 5, 6, 7, 8, 9}));
  EXPECT_NE(csv.errors[4].message.find("already listed on line 2"), std::string::npos);
  EXPECT_NE(csv.errors[1].message.find("5 fields, the header has 6"), std::string::npos);
}

TEST(FleetCsv, ReportsEveryProblemOfALineNotJustTheFirst) {
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,model\n"
      "dev 1,m55,riscv,one.two,sram=lots,kws@1\n");
  ASSERT_EQ(csv.errors.size(), 4u);
  for (const CsvLineError& error : csv.errors) EXPECT_EQ(error.line, 2);
  EXPECT_NE(csv.errors[0].message.find("device id 'dev 1'"), std::string::npos);
  EXPECT_NE(csv.errors[1].message.find("isa: 'riscv'"), std::string::npos);
  EXPECT_NE(csv.errors[2].message.find("kernel_version: 'one.two'"), std::string::npos);
  EXPECT_NE(csv.errors[3].message.find("sram"), std::string::npos);
  ASSERT_EQ(csv.references.size(), 1u) << "a bad line's model reference is still checked";
  EXPECT_EQ(csv.references[0].reference, "kws@1");
}

TEST(FleetCsv, AnOpsColumnRecordsTheRuntimesOpsAndNamesAnUnknownOne) {
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,ops\n"
      "dev-1,m55,arm_mve,1.2.0,sram=256K,\"softmax,conv2d\"\n"
      "dev-2,m55,arm_mve,1.2.0,sram=256K,\n"
      "dev-3,m55,arm_mve,1.2.0,sram=256K,conv2d;fft\n");
  ASSERT_EQ(csv.rows.size(), 2u);
  EXPECT_EQ(csv.rows[0].attributes.ops, "conv2d,softmax");
  EXPECT_EQ(csv.rows[1].attributes.ops, "");
  ASSERT_EQ(csv.errors.size(), 1u);
  EXPECT_EQ(csv.errors[0].line, 4);
  EXPECT_NE(csv.errors[0].message.find("ops: 'fft'"), std::string::npos) << csv.errors[0].message;
}

TEST(FleetCsv, IgnoresAUtf8ByteOrderMark) {
  const FleetCsv csv = ParseFleetCsv(
      "\xEF\xBB\xBF"
      "device,hardware,isa,kernel_version,pools\n"
      "dev-1,m55,arm_mve,1.2.0,sram=256K\n");
  ASSERT_TRUE(csv.errors.empty()) << csv.errors[0].message;
  ASSERT_EQ(csv.rows.size(), 1u);
}

TEST(FleetCsv, AMissingOrUnknownHeaderColumnIsOneErrorOnItsLine) {
  FleetCsv csv = ParseFleetCsv("device,hardware,isa,pools\ndev-1,m55,ref,sram=1K\n");
  ASSERT_EQ(csv.errors.size(), 1u);
  EXPECT_EQ(csv.errors[0].line, 1);
  EXPECT_NE(csv.errors[0].message.find("'kernel_version' is missing"), std::string::npos);
  csv = ParseFleetCsv("\n\ndevice,hardware,isa,kernel_version,pools,colour\n");
  ASSERT_EQ(csv.errors.size(), 1u);
  EXPECT_EQ(csv.errors[0].line, 3);
  EXPECT_NE(csv.errors[0].message.find("'colour' is unknown"), std::string::npos);
  csv = ParseFleetCsv("");
  ASSERT_EQ(csv.errors.size(), 1u);
  EXPECT_NE(csv.errors[0].message.find("no header"), std::string::npos);
}

class FleetInventory : public RegistryTest {
 protected:
  ImportOutcome Import(const std::string& text) {
    const FleetCsv csv = ParseFleetCsv(text);
    EXPECT_TRUE(csv.errors.empty()) << csv.errors[0].message;
    auto outcome = ImportDevices(registry(), csv.rows, "test");
    EXPECT_TRUE(outcome.ok()) << outcome.status().message();
    return outcome.ok() ? *outcome : ImportOutcome{};
  }

  std::string Deployments() {
    return Query(
        "SELECT d.device_id, m.name, d.version FROM deployments d JOIN models m ON m.id "
        "= d.model_id ORDER BY 1");
  }

  static constexpr const char* kFleet =
      "device,hardware,isa,kernel_version,pools\n"
      "a1,m55,arm_mve,1.2.0,sram=256K;dtcm=64K\n"
      "a2,m55,arm_mve,1.2.0,dtcm=64K;sram=256K\n"
      "b1,m4,arm_dsp,1.2.0,sram=128K\n"
      "b2,m4,arm_dsp,1.1.0,sram=128K\n"
      "c1,pc,x86_avx2,1.2.0,ram=16M\n";
};

TEST_F(FleetInventory, DevicesWithTheSameAttributesShareOneClass) {
  const ImportOutcome outcome = Import(kFleet);
  EXPECT_EQ(outcome.devices_added, 5);
  EXPECT_EQ(outcome.classes_created, 4);
  auto classes = ListClasses(registry());
  ASSERT_TRUE(classes.ok());
  ASSERT_EQ(classes->size(), 4u);
  EXPECT_EQ((*classes)[0].attributes.hardware, "m4");
  const DeviceClassInfo& m55 = (*classes)[2];
  EXPECT_EQ(m55.attributes.hardware, "m55");
  EXPECT_EQ(m55.device_count, 2);
  EXPECT_EQ(m55.class_key, ClassKey(Attributes("m55", "arm_mve", "sram=256K;dtcm=64K")));
  EXPECT_EQ(PoolsText(m55.attributes.pools), "dtcm=64K;sram=256K");
}

TEST_F(FleetInventory, ReimportMovesDevicesAndDropsEmptyClasses) {
  Import(kFleet);
  const ImportOutcome again = Import(
      "device,hardware,isa,kernel_version,pools\n"
      "a1,m55,arm_mve,1.2.0,sram=256K;dtcm=64K\n"
      "b2,m4,arm_dsp,1.2.0,sram=128K\n");
  EXPECT_EQ(again.devices_unchanged, 1);
  EXPECT_EQ(again.devices_moved, 1);
  EXPECT_EQ(again.classes_created, 0);
  EXPECT_EQ(Query("SELECT count(*) FROM device_classes"), "3\n");  // m4 1.1.0 is gone
  auto devices = ListDevices(registry(), {"m4", "", 0});
  ASSERT_TRUE(devices.ok());
  EXPECT_EQ(devices->total, 2);
}

TEST_F(FleetInventory, ImportWithAnUnresolvableModelWritesNothingAndNamesTheLine) {
  PushTiny(3, "kws");
  const std::string before = Query("SELECT count(*) FROM devices");
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,model\n"
      "a1,m55,arm_mve,1.2.0,sram=256K,kws@1\n"
      "a2,m55,arm_mve,1.2.0,sram=256K,kws@9\n"
      "a3,m55,arm_mve,1.2.0,sram=256K,vision\n");
  ASSERT_TRUE(csv.errors.empty());
  auto outcome = ImportDevices(registry(), csv.rows, "test");
  ASSERT_TRUE(outcome.ok()) << outcome.status().message();
  ASSERT_EQ(outcome->errors.size(), 2u);
  EXPECT_EQ(outcome->errors[0].line, 3);
  EXPECT_EQ(outcome->errors[1].line, 4);
  EXPECT_EQ(Query("SELECT count(*) FROM devices"), before);
  EXPECT_EQ(Query("SELECT count(*) FROM device_classes"), "0\n");
}

TEST_F(FleetInventory, ImportDeploysTheListedModelVersions) {
  PushTiny(3, "kws", "prod");
  PushTiny(4, "kws");
  const ImportOutcome outcome = Import(
      "device,hardware,isa,kernel_version,pools,model\n"
      "a1,m55,arm_mve,1.2.0,sram=256K,kws@prod\n"
      "a2,m55,arm_mve,1.2.0,sram=256K,kws\n"
      "a3,m55,arm_mve,1.2.0,sram=256K,\n");
  EXPECT_EQ(outcome.deployments_set, 2);
  EXPECT_EQ(Deployments(), "a1|kws|1\na2|kws|2\n");
}

TEST_F(FleetInventory, DeploySelectsByIdsHardwareOrClass) {
  Import(kFleet);
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  auto deployed = Deploy(registry(), {{"a1", "c1"}, "", ""}, "kws@1", "test");
  ASSERT_TRUE(deployed.ok()) << deployed.status().message();
  EXPECT_EQ(deployed->selected, 2);
  EXPECT_EQ(deployed->changed, 2);
  deployed = Deploy(registry(), {{}, "m55", ""}, "kws@1", "test");
  ASSERT_TRUE(deployed.ok());
  EXPECT_EQ(deployed->selected, 2);
  EXPECT_EQ(deployed->changed, 1);  // a1 ran it already
  const std::string m4_class = ClassKey(Attributes("m4", "arm_dsp", "sram=128K"));
  deployed = Deploy(registry(), {{}, "", m4_class}, "kws@2", "test");
  ASSERT_TRUE(deployed.ok());
  EXPECT_EQ(Deployments(), "a1|kws|1\na2|kws|1\nb1|kws|2\nc1|kws|1\n");
}

// Under require-signature no path puts a device on a version without a trusted signature: the
// same refusal check, run and pull give (store/signature_policy.h), and nothing changes.
TEST_F(FleetInventory, UnderRequireSignatureDeployRefusesAnUnsignedVersionAndMovesNoDevice) {
  Import(kFleet);
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  ASSERT_TRUE(Deploy(registry(), {{"a1", "b1"}, "", ""}, "kws@1", "test").ok());
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());

  auto refused = Deploy(registry(), {{}, "m55", ""}, "kws@2", "test");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.status().code(), ErrorCode::kSignature);
  const std::string message = refused.status().message();
  EXPECT_NE(message.find("kws@2"), std::string::npos) << message;
  EXPECT_NE(message.find("arenastore sign kws@2 --key KEY"), std::string::npos) << message;
  auto moved = DeployToDevices(registry(), std::vector<std::string>{"b1"}, "kws@2", "test");
  ASSERT_FALSE(moved.ok());
  EXPECT_EQ(moved.status().code(), ErrorCode::kSignature);
  EXPECT_EQ(Deployments(), "a1|kws|1\nb1|kws|1\n");

  auto release = GenerateKeyPair();
  ASSERT_TRUE(release.ok());
  ASSERT_TRUE(TrustKey(registry(), "release", release->public_key).ok());
  ASSERT_TRUE(SignVersion(registry(), "kws@2", release->private_pem).ok());
  auto signed_deploy = Deploy(registry(), {{}, "m55", ""}, "kws@2", "test");
  ASSERT_TRUE(signed_deploy.ok()) << signed_deploy.status().message();
  EXPECT_EQ(Deployments(), "a1|kws|2\na2|kws|2\nb1|kws|1\n");
}

TEST_F(FleetInventory, UnderRequireSignatureImportListsARowDeployingAnUnsignedVersion) {
  PushTiny(3, "kws");
  ASSERT_TRUE(SetRequireSignature(registry(), true).ok());
  const FleetCsv csv = ParseFleetCsv(
      "device,hardware,isa,kernel_version,pools,model\n"
      "a1,m55,arm_mve,1.2.0,sram=256K,\n"
      "a2,m55,arm_mve,1.2.0,sram=256K,kws@1\n");
  ASSERT_TRUE(csv.errors.empty());
  auto outcome = ImportDevices(registry(), csv.rows, "test");
  ASSERT_TRUE(outcome.ok()) << outcome.status().message();
  ASSERT_EQ(outcome->errors.size(), 1u);
  EXPECT_EQ(outcome->errors[0].line, 3);
  EXPECT_NE(outcome->errors[0].message.find("arenastore sign kws@1 --key KEY"), std::string::npos)
      << outcome->errors[0].message;
  EXPECT_EQ(Query("SELECT count(*) FROM devices"), "0\n") << "all rows or none";
}

TEST_F(FleetInventory, DeployRefusesUnknownDevicesAndAmbiguousSelections) {
  Import(kFleet);
  PushTiny(3, "kws");
  auto unknown = Deploy(registry(), {{"a1", "zz", "yy"}, "", ""}, "kws@1", "test");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.status().code(), ErrorCode::kNotFound);
  EXPECT_NE(std::string(unknown.status().message()).find("yy, zz"), std::string::npos);
  EXPECT_EQ(Query("SELECT count(*) FROM deployments"), "0\n");  // not even a1
  auto hardware = Deploy(registry(), {{}, "m7", ""}, "kws@1", "test");
  ASSERT_FALSE(hardware.ok());
  EXPECT_NE(std::string(hardware.status().message()).find("known: m4, m55, pc"), std::string::npos);
  EXPECT_EQ(Deploy(registry(), {{"a1"}, "m55", ""}, "kws@1", "test").status().code(),
            ErrorCode::kInvalidArgument);
  EXPECT_EQ(Deploy(registry(), {}, "kws@1", "test").status().code(), ErrorCode::kInvalidArgument);
}

TEST_F(FleetInventory, ADeployedVersionCannotBeRemoved) {
  Import(kFleet);
  PushTiny(3, "kws");
  PushTiny(4, "kws");
  ASSERT_TRUE(Deploy(registry(), {{"a1"}, "", ""}, "kws@1", "test").ok());
  auto removed = RemoveVersion(registry(), "kws@1");
  ASSERT_FALSE(removed.ok());
  EXPECT_NE(std::string(removed.status().message()).find("deployed"), std::string::npos);
  ASSERT_TRUE(Deploy(registry(), {{"a1"}, "", ""}, "kws@2", "test").ok());
  EXPECT_TRUE(RemoveVersion(registry(), "kws@1").ok());
}

TEST_F(FleetInventory, RemoveDropsDevicesDeploymentsAndEmptyClasses) {
  Import(kFleet);
  PushTiny(3, "kws");
  ASSERT_TRUE(Deploy(registry(), {{}, "m55", ""}, "kws@1", "test").ok());
  auto removed = RemoveDevices(registry(), {{}, "m55", ""});
  ASSERT_TRUE(removed.ok()) << removed.status().message();
  EXPECT_EQ(*removed, 2);
  EXPECT_EQ(Query("SELECT count(*) FROM deployments"), "0\n");
  EXPECT_EQ(Query("SELECT hardware FROM device_classes ORDER BY 1"), "m4\nm4\npc\n");
  removed = RemoveDevices(registry(), {{"b1"}, "", ""});
  ASSERT_TRUE(removed.ok());
  auto listed = ListDevices(registry(), {});
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->devices.size(), 2u);
  EXPECT_EQ(listed->devices[0].id, "b2");
  EXPECT_EQ(listed->devices[1].attributes.isa, "x86_avx2");
}

TEST_F(FleetInventory, ImportReportsProgressEndingWithEveryRow) {
  std::vector<DeviceRow> rows;
  for (int i = 0; i < 2500; ++i) {
    DeviceRow row;
    row.line = i + 2;
    row.device_id = "dev-" + std::to_string(i);
    row.attributes = Attributes("m4", "arm_dsp", "sram=128K");
    rows.push_back(row);
  }
  std::vector<std::pair<int64_t, int64_t>> calls;
  auto outcome = ImportDevices(registry(), rows, "test", [&calls](int64_t done, int64_t total) {
    calls.emplace_back(done, total);
  });
  ASSERT_TRUE(outcome.ok()) << outcome.status().message();
  EXPECT_EQ(outcome->devices_added, 2500);
  ASSERT_EQ(calls.size(), 3u);  // every 1,024 rows and at the end
  EXPECT_EQ(calls[0], std::make_pair(int64_t{1024}, int64_t{2500}));
  EXPECT_EQ(calls.back(), std::make_pair(int64_t{2500}, int64_t{2500}));
}

TEST_F(FleetInventory, ListPagesButCountsEveryMatchingDevice) {
  Import(kFleet);
  auto listed = ListDevices(registry(), {"", "", 2});
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ(listed->total, 5);
  ASSERT_EQ(listed->devices.size(), 2u);
  EXPECT_EQ(listed->devices[1].id, "a2");
  EXPECT_TRUE(listed->devices[1].model.empty());
}

}  // namespace
}  // namespace arenastore::store
