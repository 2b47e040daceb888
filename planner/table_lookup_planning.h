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
#include "planner/planner_op.h"

namespace arenastore::planner {

class OptionsWriter;

// The op's int8 input and output (per-tensor quantized, one element count) as the table
// builders take them; kPlanInvalidGraph naming the op otherwise. With `allow_int16` (the ops
// with int16 rows) both may be int16 instead, of one type.
Result<UnaryQuantization> UnaryQuantizationOf(const Lowering& l, bool allow_int16 = false);

// The values the op's input type holds (kInt8Range or kInt16Range).
ValueRange ValueRangeOf(const Lowering& l);

// Keeps `table` in *lowered (a builder's refusal becomes the op's error).
Status KeepTable(const Lowering& l, const Result<Int8Table>& table, LoweredOp* lowered);

// Keeps `table` and points the op's params (the OpParams member kMember, TableLookupParams)
// at it.
template <auto kMember>
Status LowerToTable(const Lowering& l, const Result<Int8Table>& table, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(KeepTable(l, table, lowered));
  (lowered->params().*kMember).elements = static_cast<int32_t>(l.Input(0).element_count());
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
  (lowered->params().*kMember).elements = static_cast<int32_t>(l.Input(0).element_count());
  lowered->set_rebind([](const LoweredOp& self, kernels::OpParams& p) {
    (p.*kMember).table = self.table().data();
  });
  return Status::Ok();
}

// TableLookupOptions with the lowered table and the op's real-valued `parameters`.
WrittenOptions WriteTableLookupOptions(OptionsWriter& w, const std::vector<float>& parameters);

// The `parameters` a TableLookupOptions recorded (empty when none).
std::vector<float> ReadTableParameters(const schema::Operator& op);

bool SameTableLookupOptions(const schema::Operator& a, const schema::Operator& b);

}  // namespace arenastore::planner
