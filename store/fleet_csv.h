// The fleet inventory's CSV form, read by `arenastore fleet import FILE`. A header line names
// the columns, in any order: device, hardware, isa, kernel_version, pools (all required) and
// model (optional: a reference such as kws@prod to deploy). Fields may be double-quoted; blank
// lines and lines starting with '#' are skipped; a UTF-8 byte order mark (spreadsheets write
// one) is ignored. Heap OK; never fails as a whole: every problem of every line becomes one
// CsvLineError naming its line number, so a caller can list them all in one pass.
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

struct ModelReferenceLine {
  int64_t line = 0;
  std::string reference;
};

struct FleetCsv {
  std::vector<DeviceRow> rows;       // the lines without problems
  std::vector<CsvLineError> errors;  // in line order; a line may have several
  // The model column of every line that has one, good or bad, so the references can be checked
  // in the same pass (ImportDevices checks them again for the rows it writes).
  std::vector<ModelReferenceLine> references;
};

FleetCsv ParseFleetCsv(std::string_view text);

}  // namespace arenastore::store
