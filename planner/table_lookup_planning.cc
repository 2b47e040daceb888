#include "planner/table_lookup_planning.h"

#include "kernels/int16_rescale.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/quantized_operands.h"

namespace arenastore::planner {

Result<UnaryQuantization> UnaryQuantizationOf(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}, {output, "output"}}));
  return UnaryQuantization{input.scale(), input.zero_point(), output.scale(), output.zero_point()};
}

ValueRange ValueRangeOf(const Lowering& l) {
  return l.Input(0).type == DataType::kInt16 ? kInt16Range : kInt8Range;
}

Status KeepTable(const Lowering& l, const Result<Int8Table>& table, LoweredOp* lowered) {
  if (!table.ok()) {
    Status status = table.status();
    return l.Fail("{}", status.message());
  }
  lowered->mutable_table()->assign(table->begin(), table->end());
  return Status::Ok();
}

Status KeepTable(const Lowering& l, const Result<std::vector<int8_t>>& table, LoweredOp* lowered) {
  if (!table.ok()) {
    Status status = table.status();
    return l.Fail("{}", status.message());
  }
  *lowered->mutable_table() = *table;
  return Status::Ok();
}

Result<UnaryQuantization> Int16UnaryQuantizationOf(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(ExpectQuantizedOperands(l, {{input, "input"}, {output, "output"}}));
  if (input.zero_point() != 0 || output.zero_point() != 0) {
    return l.Fail("int16 zero points {} and {} must be 0 (as TFLM's Prepare requires)",
                  input.zero_point(), output.zero_point());
  }
  return UnaryQuantization{input.scale(), 0, output.scale(), 0};
}

Status KeepInt16Rescale(const Lowering& l, const Result<FixedPointMultiplier>& rescale,
                        LoweredOp* lowered) {
  if (!rescale.ok()) {
    Status status = rescale.status();
    return l.Fail("{}", status.message());
  }
  std::vector<int8_t>& bytes = *lowered->mutable_table();
  bytes.clear();
  for (const int32_t word : {rescale->multiplier, rescale->shift}) {
    for (int byte = 0; byte < 4; ++byte) {
      bytes.push_back(
          static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint32_t>(word) >> (8 * byte))));
    }
  }
  static_assert(kernels::kInt16RescaleBytes == 8, "two little-endian int32 words");
  return Status::Ok();
}

WrittenOptions WriteTableLookupOptions(OptionsWriter& w, const std::vector<float>& parameters) {
  return {schema::OpOptions::TableLookupOptions,
          schema::CreateTableLookupOptionsDirect(w.builder(), &w.lowered().table(),
                                                 parameters.empty() ? nullptr : &parameters)
              .Union()};
}

WrittenOptions WriteTableOnly(OptionsWriter& w) { return WriteTableLookupOptions(w, {}); }

std::vector<float> ReadTableParameters(const schema::Operator& op) {
  return CopyVector(op.options_as_TableLookupOptions()->parameters());
}

}  // namespace arenastore::planner
