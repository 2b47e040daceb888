// libFuzzer target: arbitrary bytes into the TFLite importer. The contract under test: never
// crash, hang or leak; refuse with kImportMalformed or kImportUnsupported only; and anything
// accepted is a graph that passes Graph::Validate(). Seed with ../shared/models/*.tflite.
#include <cstddef>
#include <cstdint>
#include <span>

#include "planner/import/tflite_importer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using arenastore::ErrorCode;
  const auto imported =
      arenastore::planner::ImportTfliteWithNotes(std::span<const uint8_t>(data, size), "fuzz");
  if (!imported.ok()) {
    const ErrorCode code = imported.status().code();
    if (code != ErrorCode::kImportMalformed && code != ErrorCode::kImportUnsupported) {
      __builtin_trap();
    }
    return 0;
  }
  if (!imported->graph.Validate().ok()) __builtin_trap();
  return 0;
}
