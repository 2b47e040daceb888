// The fleet inventory: devices, the device classes they fall into and what each runs.
// Called by `fleet import | ls | rm`, the audit and the benchmarks. ImportDevices writes all
// rows in one IMMEDIATE transaction or nothing (a row whose model reference does not resolve,
// or names a version the signature policy refuses, is reported with its line, like a malformed
// one); classes no device uses any more are
// deleted with the last device. Heap OK. Errors: kStore, kStoreBusy; those of SelectDevices.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/fleet_class.h"
#include "store/fleet_csv.h"
#include "store/fleet_selector.h"
#include "store/registry.h"

namespace arenastore::store {

struct ImportOutcome {
  int64_t devices_added = 0;
  int64_t devices_moved = 0;      // existing devices whose class changed
  int64_t devices_unchanged = 0;  // existing devices already in that class
  int64_t classes_created = 0;
  int64_t deployments_set = 0;       // rows with a model reference that changed a deployment
  std::vector<CsvLineError> errors;  // non-empty: nothing was written
};

// The lines whose model reference names no model version in the store, without writing:
// lets `fleet import` report them together with the file's other problems.
Result<std::vector<CsvLineError>> UnresolvedReferences(
    Registry& registry, std::span<const ModelReferenceLine> references);

// `deployed_by` is recorded on the deployments the rows set (e.g. "fleet import devices.csv").
// `progress`, when set, is called with (rows written, rows) as the import goes.
Result<ImportOutcome> ImportDevices(
    Registry& registry, std::span<const DeviceRow> rows, const std::string& deployed_by,
    const std::function<void(int64_t done, int64_t total)>& progress = {});

struct DeviceInfo {
  std::string id;
  std::string class_key;
  DeviceClassAttributes attributes;
  std::string model;  // empty when nothing is deployed
  int64_t version = 0;
  std::string deployed_by;
  std::string deployed_at;
};

struct DeviceFilter {
  std::string hardware;
  std::string class_key;
  int64_t limit = 0;  // 0: every device
};

struct DeviceList {
  std::vector<DeviceInfo> devices;  // by id
  int64_t total = 0;                // matching the filter, ignoring the limit
};

Result<DeviceList> ListDevices(Registry& registry, const DeviceFilter& filter);

struct DeviceClassInfo {
  int64_t id = 0;
  std::string class_key;
  DeviceClassAttributes attributes;
  int64_t device_count = 0;
  int64_t deployed_count = 0;
};

// Every class, by hardware then key.
Result<std::vector<DeviceClassInfo>> ListClasses(Registry& registry);

// Removes the selected devices and their deployments; returns how many were removed.
Result<int64_t> RemoveDevices(Registry& registry, const DeviceSelector& selector);

}  // namespace arenastore::store
