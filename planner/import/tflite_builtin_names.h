// Names of TensorFlow Lite's builtin operator codes and tensor types, as the published schema
// spells them ("CONV_2D", "UNIDIRECTIONAL_SEQUENCE_LSTM", "INT8"), for the importer's messages.
// Pure lookups: never allocate, never fail; an unknown code gets nullptr so the caller can
// print the number instead. Codes are facts of the file format and never change meaning.
#pragma once

#include <cstdint>

namespace arenastore::planner {

// Builtin codes the importer maps or handles specially; values are TensorFlow Lite's.
enum class TfliteBuiltin : int32_t {
  kAdd = 0,
  kAveragePool2d = 1,
  kConcatenation = 2,
  kConv2d = 3,
  kDepthwiseConv2d = 4,
  kDequantize = 6,
  kFullyConnected = 9,
  kMaxPool2d = 17,
  kMul = 18,
  kReshape = 22,
  kSoftmax = 25,
  kCustom = 32,
  kPad = 34,
  kPadV2 = 60,
  kTransposeConv = 67,
  kQuantize = 114,
  kBatchMatmul = 126,
  // Codes at or above this live only in OperatorCode.builtin_code (schema 3a).
  kPlaceholderForGreaterOpCodes = 127,
};

// "CONV_2D" for 3; nullptr when `code` is not a published builtin.
const char* TfliteBuiltinName(int32_t code);

// "INT8" for 9; nullptr when `type` is not a published tensor type.
const char* TfliteTensorTypeName(int32_t type);

}  // namespace arenastore::planner
