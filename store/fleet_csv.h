// The fleet inventory's CSV form, read by `arenastore fleet import FILE`. A header line names
// the columns, in any order: device, hardware, isa, kernel_version, pools (all required) and
// model (optional: a reference such as kws@prod to deploy). Fields may be double-quoted; blank
// lines and lines starting with '#' are skipped. Heap OK; never fails as a whole: every bad
// line becomes one CsvLineError naming its line number, so a caller can list them all.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "store/fleet_class.h"

namespace arenastore::store {

inline constexpr const char* kFleetCsvHeader = "device,hardware,isa,kernel_version,pools,model";

struct DeviceRow {
  int64_t line = 0;  // 1-based line in the file
  std::string device_id;
  DeviceClassAttributes attributes;
  std::string model_reference;  // empty: leave the device's deployment as it is
};

struct CsvLineError {
  int64_t line = 0;
  std::string message;
};

struct FleetCsv {
  std::vector<DeviceRow> rows;
  std::vector<CsvLineError> errors;  // in line order
};

FleetCsv ParseFleetCsv(std::string_view text);

}  // namespace arenastore::store
