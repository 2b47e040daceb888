#include "planner/table_lookup_planning.h"

#include "planner/options_equivalence.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"

namespace arenastore::planner {

namespace {

Result<UnaryQuantization> QuantizationOf(const Lowering& l) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  if (input.element_count() != output.element_count()) {
    return l.Fail("input '{}' [{}] and output '{}' [{}] differ in element count", input.name,
                  fmt::join(input.shape, ","), output.name, fmt::join(output.shape, ","));
  }
  return UnaryQuantization{input.scale(), input.zero_point(), output.scale(), output.zero_point()};
}

}  // namespace

Result<UnaryQuantization> UnaryQuantizationOf(const Lowering& l) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(l.Output(), "output"));
  return QuantizationOf(l);
}

Result<UnaryQuantization> Int8OrInt16UnaryQuantizationOf(const Lowering& l) {
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Input(0), "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(l.Input(0), l.Output(), "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(l.Output(), "output"));
  return QuantizationOf(l);
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

WrittenOptions WriteTableLookupOptions(OptionsWriter& w, const std::vector<float>& parameters) {
  return {schema::OpOptions::TableLookupOptions,
          schema::CreateTableLookupOptionsDirect(w.builder(), &w.lowered().table(),
                                                 parameters.empty() ? nullptr : &parameters)
              .Union()};
}

std::vector<float> ReadTableParameters(const schema::Operator& op) {
  return CopyVector(op.options_as_TableLookupOptions()->parameters());
}

bool SameTableLookupOptions(const schema::Operator& a, const schema::Operator& b) {
  const auto* x = a.options_as_TableLookupOptions();
  const auto* y = b.options_as_TableLookupOptions();
  if (x == nullptr || y == nullptr) return x == y;
  return SameVector(x->table(), y->table()) && SameVector(x->parameters(), y->parameters());
}

}  // namespace arenastore::planner
