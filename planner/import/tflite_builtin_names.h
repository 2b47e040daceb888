// Names of TensorFlow Lite's builtin operator codes and tensor types, as the published schema
// spells them ("CONV_2D", "UNIDIRECTIONAL_SEQUENCE_LSTM", "INT8"), for the importer's messages.
// Pure lookups: never allocate, never fail; an unknown code gets nullptr so the caller can
// print the number instead. Codes are facts of the file format and never change meaning.
#pragma once

#include <cstdint>

namespace arenastore::planner {

// Builtin codes the importer handles itself rather than through an op unit's mapping; values
// are TensorFlow Lite's. (Each op unit names the codes it maps in its own *_tflite.cc.)
enum class TfliteBuiltin : int32_t {
  kCustom = 32,
};

// "CONV_2D" for 3; nullptr when `code` is not a published builtin.
const char* TfliteBuiltinName(int32_t code);

// "INT8" for 9; nullptr when `type` is not a published tensor type.
const char* TfliteTensorTypeName(int32_t type);

}  // namespace arenastore::planner
