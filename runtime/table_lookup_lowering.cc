#include "runtime/table_lookup_lowering.h"

#include "kernels/int16_rescale.h"
#include "kernels/op_set.h"
#include "kernels/piecewise_rescale.h"
#include "kernels/sigmoid_int16_table.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

namespace {

// `int16_table_bytes`: the options' size when the op runs on int16.
StatusRef LowerTable(const OpChecker& c, uint32_t int16_table_bytes, kernels::OpParams* params) {
  kernels::TableLookupParams* p = &params->table_lookup;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  if (ElementCount(*input) != ElementCount(output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ in element count",
                  FormatShape(*input).text, FormatShape(output).text);
  }
  // Without int16 built no int16 kernel resolves (the gate rejects the op), so an int8-only
  // image skips the width check.
  uint32_t expected_bytes = 256;
  if (kernels::kInt16Built) {
    if (c.MixedWidths()) {
      return c.Fail("tensors.type", "int8 and int16 operands mixed; this op keeps one type");
    }
    if (input->type() == schema::DataType::INT16) {
      expected_bytes = int16_table_bytes;
    }
  }
  const auto* table = c.Options<schema::TableLookupOptions>().table();
  if (table == nullptr || table->size() != expected_bytes) {
    return c.Fail("operators.options.table", "the lookup table has %u bytes, expected %u",
                  table == nullptr ? 0u : table->size(), expected_bytes);
  }
  p->table = table->data();
  p->elements = static_cast<int32_t>(ElementCount(*input));
  return StatusRef::Ok();
}

}  // namespace

StatusRef LowerTableLookup(const OpChecker& c, kernels::OpParams* params) {
  return LowerTable(c, static_cast<uint32_t>(kernels::kPiecewiseRescaleBytes), params);
}

StatusRef LowerSigmoidTableLookup(const OpChecker& c, kernels::OpParams* params) {
  return LowerTable(c, uint32_t{kernels::kSigmoidInt16TableBytes}, params);
}

StatusRef LowerRescaleTableLookup(const OpChecker& c, kernels::OpParams* params) {
  return LowerTable(c, uint32_t{kernels::kInt16RescaleBytes}, params);
}

}  // namespace arenastore::runtime
