// libFuzzer target: arbitrary bytes as a fleet inventory CSV (`arenastore fleet import FILE`).
// The contract under test: never crash, hang or leak; every problem is a line error, never a
// failure of the whole; a row kept has a device id and a line number inside the text, and each
// line with a model column is reported for the reference check.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "store/fleet_csv.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const arenastore::store::FleetCsv csv = arenastore::store::ParseFleetCsv(text);
  const auto lines = static_cast<int64_t>(size) + 1;
  for (const auto& row : csv.rows) {
    if (row.device_id.empty() || row.line < 1 || row.line > lines) __builtin_trap();
  }
  for (const auto& error : csv.errors) {
    if (error.message.empty() || error.line < 1 || error.line > lines) __builtin_trap();
  }
  return 0;
}
