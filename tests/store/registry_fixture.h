// A store in a scratch directory with helpers to push tiny artifacts and make fleet device rows,
// shared by the registry tests. Header-only (tests/store globs *_test.cc).
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "store/audit_record.h"
#include "store/fleet_inventory.h"
#include "store/push.h"
#include "store/registry.h"
#include "tests/store/store_test_support.h"
#include "tests/store/test_artifacts.h"

namespace arenastore::store::testing {

// A device row as `fleet import` reads one (kernel version 1.1.0), its pools as the CSV spells
// them ("sram=64K").
inline DeviceRow FleetDevice(const std::string& id, const std::string& hardware,
                             const std::string& isa, const std::string& pools,
                             const std::string& model) {
  DeviceRow row;
  row.device_id = id;
  row.attributes.hardware = hardware;
  row.attributes.isa = isa;
  row.attributes.kernel_version = "1.1.0";
  auto parsed = ParsePoolCapacities(pools);
  EXPECT_TRUE(parsed.ok()) << parsed.status().message();
  if (parsed.ok()) row.attributes.pools = *parsed;
  row.model_reference = model;
  return row;
}

// `report` recorded, then read back as `audit show` reads it (empty, with a test failure, on an
// error): what a recorded run keeps.
inline AuditReport RecordAndReadBack(Registry& registry, AuditReport* report) {
  const Status recorded = RecordAudit(registry, report);
  EXPECT_TRUE(recorded.ok()) << recorded.message();
  auto read = ReadAudit(registry, report->run.id);
  EXPECT_TRUE(read.ok()) << read.status().message();
  return read.ok() ? std::move(read.value()) : AuditReport{};
}

// Imports `rows` numbered as a CSV's lines (from 2, after the header); any error fails the test.
inline void ImportFleet(Registry& registry, std::vector<DeviceRow> rows) {
  for (size_t i = 0; i < rows.size(); ++i) rows[i].line = static_cast<int64_t>(i + 2);
  auto imported = ImportDevices(registry, rows, "test");
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  ASSERT_TRUE(imported->errors.empty()) << imported->errors[0].message;
}

class RegistryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto registry = Registry::Open(path());
    ASSERT_TRUE(registry.ok()) << registry.status().message();
    registry_ = std::make_unique<Registry>(std::move(registry.value()));
  }

  std::string path() const { return dir_.File("store.db"); }
  Registry& registry() { return *registry_; }
  std::string Query(const std::string& sql) { return QueryText(registry_->db().handle(), sql); }

  PushResult PushTiny(int32_t depth, const std::string& model, const std::string& alias = "",
                      kernels::Isa isa = kernels::Isa::kRef) {
    auto result = Push(*registry_, TinyArtifact(depth, "tiny", isa), {model, alias, "", ""});
    EXPECT_TRUE(result.ok()) << result.status().message();
    return result.ok() ? *result : PushResult{};
  }

  ScratchDir dir_;
  std::unique_ptr<Registry> registry_;
};

}  // namespace arenastore::store::testing
