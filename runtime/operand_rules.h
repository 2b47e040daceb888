// OperandRules: what each operand position of an operator must hold (presence, type, rank), as
// data an op's unit declares (ops/<op>/<op>_runtime.cc) and OpChecker::ExpectOperands enforces.
// Data, not code: on a microcontroller a row costs bytes of flash constants where a call per
// check would cost bytes of code. Freestanding, constexpr only.
#pragma once

#include <cstdint>

#include "kernels/param_types.h"
#include "runtime/artifact_validation.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

// Presence is checked for every position whatever its rule: one below the arity's min_inputs
// must hold a tensor (lowerings read it unchecked), one past it may be absent only where the
// arity's absent_allowed or the rule's `optional` says so.
struct OperandRule {
  const char* role;  // nullptr: type and rank not checked here (the lowering checks them)
  schema::DataType type;
  bool any_type;  // reshape copies bytes of any type
  bool optional;  // past min_inputs: absent (-1) is fine too
  int8_t min_rank, max_rank;
  bool or_int16 = false;  // INT16 is fine too (a quantized activation of either width)
};

struct OperandRules {
  kernels::OpArity arity;
  OperandRule inputs[3];  // unlisted positions are unchecked; k >= 3 follows inputs[2]
  OperandRule output;
};

inline constexpr int8_t kAnyRank = kMaxTensorRank;

constexpr OperandRule Int8(const char* role, int8_t min_rank = 0, int8_t max_rank = kAnyRank) {
  return {role, schema::DataType::INT8, false, false, min_rank, max_rank};
}
// An unquantized activation of another element type: a comparison's bool output, an index's
// int32 output.
constexpr OperandRule Typed(const char* role, schema::DataType type, int8_t min_rank = 0,
                            int8_t max_rank = kAnyRank) {
  return {role, type, false, false, min_rank, max_rank};
}
// A quantized activation of either width: int8 or int16.
constexpr OperandRule Int8OrInt16(const char* role, int8_t min_rank = 0,
                                  int8_t max_rank = kAnyRank) {
  return {role, schema::DataType::INT8, false, false, min_rank, max_rank, true};
}
constexpr OperandRule OptionalInt32(const char* role) {
  return {role, schema::DataType::INT32, false, true, 0, kAnyRank};
}
constexpr OperandRule AnyType(const char* role) {
  return {role, schema::DataType::INT8, true, false, 0, kAnyRank};
}
inline constexpr OperandRule kUnchecked = {nullptr, schema::DataType::INT8, true, true, 0,
                                           kAnyRank};

// Rules several ops share, with the arity each op's unit declares (ops/<op>/<op>.h).
constexpr OperandRules ConvLikeOperands(kernels::OpArity arity) {
  return {arity,
          {Int8("input", 4, 4), Int8("filter", 4, 4), OptionalInt32("bias")},
          Int8("output", 4, 4)};
}
constexpr OperandRules Pool2dOperands(kernels::OpArity arity) {
  return {arity, {Int8("input", 4, 4)}, Int8("output", 4, 4)};
}
constexpr OperandRules BroadcastOperands(kernels::OpArity arity) {
  constexpr int8_t kRank = kernels::kMaxBroadcastRank;
  return {arity, {Int8("input1", 0, kRank), Int8("input2", 0, kRank)}, Int8("output", 0, kRank)};
}
// Either width (the lowering checks the three share one type): maximum and minimum compare raw
// int16 values as they do int8 ones.
constexpr OperandRules Int8OrInt16BroadcastOperands(kernels::OpArity arity) {
  constexpr int8_t kRank = kernels::kMaxBroadcastRank;
  return {arity,
          {Int8OrInt16("input1", 0, kRank), Int8OrInt16("input2", 0, kRank)},
          Int8OrInt16("output", 0, kRank)};
}

}  // namespace arenastore::runtime
