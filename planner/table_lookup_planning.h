// What the int8 table-lookup units share (the ops of ops/op_list.h whose options table is
// TableLookupOptions): the lowering of an int8 -> int8 elementwise op to the 256
// entries its table builder (ops/<op>/<op>_table.h) computes from the tensors' quantization,
// and the TableLookupOptions every one of them writes, reads back and compares. Used only by
// those units' *_planner.cc. Host-only; errors as planner/lowering.h.
#pragma once

#include <vector>

#include "base/result.h"
#include "planner/int8_table.h"
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/planner_op.h"

namespace arenastore::planner {

class OptionsWriter;

// The op's input and output quantization as the table builders take them; kPlanInvalidGraph
// naming the op when a scale or zero point is invalid. Types and element counts are the runtime's
// (its operand rules and table-lookup lowering).
Result<UnaryQuantization> UnaryQuantizationOf(const Lowering& l);

// The values the op's input type holds (kInt8Range or kInt16Range).
ValueRange ValueRangeOf(const Lowering& l);

// Keeps `table` in *lowered (a builder's refusal becomes the op's error).
Status KeepTable(const Lowering& l, const Result<Int8Table>& table, LoweredOp* lowered);
// The same for a table of any size: an int16 op's bytes (kernels/sigmoid_int16_table.h).
Status KeepTable(const Lowering& l, const Result<std::vector<int8_t>>& table, LoweredOp* lowered);

// Keeps `table` (an Int8Table or a std::vector<int8_t>) and points the op's params (the OpParams
// member kMember, TableLookupParams) at it.
template <auto kMember, typename Table>
Status LowerToTable(const Lowering& l, const Result<Table>& table, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(KeepTable(l, table, lowered));
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    (p.*kMember).table = self.table().data();
  });
  return Status::Ok();
}

// For the ops whose arithmetic is a kernels::PiecewiseRescale (relu, relu6, leaky_relu): an int8
// op keeps the table the rescale makes, an int16 op the rescale itself as its table bytes
// (kernels::EncodePiecewiseRescale); the params point at what was kept either way.
template <auto kMember>
Status LowerToRescale(const Lowering& l, const Result<kernels::PiecewiseRescale>& rescale,
                      LoweredOp* lowered) {
  if (ValueRangeOf(l).max == kInt8Range.max) {
    return LowerToTable<kMember>(l, TableOfRescale(rescale), lowered);
  }
  if (!rescale.ok()) return l.Fail("{}", rescale.status().message());
  lowered->mutable_table()->assign(kernels::kPiecewiseRescaleBytes, 0);
  kernels::EncodePiecewiseRescale(*rescale,
                                  reinterpret_cast<uint8_t*>(lowered->mutable_table()->data()));
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    (p.*kMember).table = self.table().data();
  });
  return Status::Ok();
}

// An int16 (16x8) unary op (ABS, RSQRT): zero points of 0, as TensorFlow Lite Micro's Prepare
// requires; kPlanInvalidGraph otherwise.
Result<UnaryQuantization> Int16UnaryQuantizationOf(const Lowering& l);

// Keeps `rescale` as the op's table in the record kernels/int16_rescale.h describes and points
// the op's params (the OpParams member kMember, TableLookupParams) at it: an int16 op computes
// each element where an int8 one looks it up (a builder's refusal becomes the op's error).
Status KeepInt16Rescale(const Lowering& l, const Result<FixedPointMultiplier>& rescale,
                        LoweredOp* lowered);
template <auto kMember>
Status LowerToInt16Rescale(const Lowering& l, const Result<FixedPointMultiplier>& rescale,
                           LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(KeepInt16Rescale(l, rescale, lowered));
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    (p.*kMember).table = self.table().data();
  });
  return Status::Ok();
}

// TableLookupOptions with the lowered table and the op's real-valued `parameters`.
WrittenOptions WriteTableLookupOptions(OptionsWriter& w, const std::vector<float>& parameters);
// The same for an op whose table is all it records (no parameters).
WrittenOptions WriteTableOnly(OptionsWriter& w);

// The `parameters` a TableLookupOptions recorded (empty when none).
std::vector<float> ReadTableParameters(const schema::Operator& op);

// The lowerings of the units whose attributes have no fields, by what their table builder
// (ops/<op>/<op>_table.h) computes from the quantization; kMember is the op's OpParams member.
// An int8 table (elu, hard_swish, quantize).
template <auto kMember, auto kInt8Table>
Status LowerInt8Table(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToTable<kMember>(l, kInt8Table(q), lowered);
}
// A table of the input's width, int8 or int16 (logistic, tanh).
template <auto kMember, auto kInt8Table, auto kInt16Table>
Status LowerTableOfWidth(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  if (l.Input(0).type == DataType::kInt16) {
    return LowerToTable<kMember>(l, kInt16Table(q), lowered);
  }
  return LowerToTable<kMember>(l, kInt8Table(q), lowered);
}
// An int8 table, or for an int16 (16x8) input the rescale its kernel applies per element (abs,
// rsqrt).
template <auto kMember, auto kInt8Table, auto kInt16Rescale>
Status LowerTableOrInt16Rescale(const Lowering& l, LoweredOp* lowered) {
  if (l.Input(0).type == DataType::kInt16) {
    ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, Int16UnaryQuantizationOf(l));
    return LowerToInt16Rescale<kMember>(l, kInt16Rescale(q), lowered);
  }
  return LowerInt8Table<kMember, kInt8Table>(l, lowered);
}
// A kernels::PiecewiseRescale over the input type's values (relu, relu6).
template <auto kMember, auto kRescale>
Status LowerPiecewiseRescale(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_ASSIGN_OR_RETURN(const UnaryQuantization q, UnaryQuantizationOf(l));
  return LowerToRescale<kMember>(l, kRescale(q, ValueRangeOf(l)), lowered);
}

// The PlannerOp of such a unit: its lowering, the table as its whole options, no attributes.
template <typename Attributes>
constexpr PlannerOp TableLookupPlanner(Status (*lower)(const Lowering&, LoweredOp*)) {
  return {lower, &WriteTableOnly, &ReadNoFields<Attributes>};
}

}  // namespace arenastore::planner
