#include "runtime/table_lookup_lowering.h"

#include "ops/logistic/sigmoid_int16_table.h"
#include "runtime/moved_elements.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

namespace {

bool LowerTable(const OpChecker& c, uint32_t table_bytes, kernels::OpParams* params) {
  kernels::TableLookupParams* p = &params->table_lookup;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  if (ElementCount(*input) != ElementCount(output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ in element count",
                  FormatShape(*input).text, FormatShape(output).text);
  }
  const auto* table = c.Options<schema::TableLookupOptions>().table();
  if (table == nullptr || table->size() != table_bytes) {
    return c.Fail("operators.options.table", "the lookup table has %u bytes, expected %u",
                  table == nullptr ? 0u : table->size(), table_bytes);
  }
  p->table = table->data();
  p->elements = static_cast<int32_t>(ElementCount(*input));
  return true;
}

}  // namespace

bool LowerTableLookup(const OpChecker& c, kernels::OpParams* params) {
  return LowerTable(c, 256, params);
}

bool LowerInt8OrInt16TableLookup(const OpChecker& c, kernels::OpParams* params) {
  const int32_t element_bytes = MovedElementBytes(c);  // one width throughout
  if (element_bytes == 0) return false;
  const uint32_t table_bytes =
      element_bytes == 2 ? uint32_t{kernels::kSigmoidInt16TableBytes} : 256u;
  return LowerTable(c, table_bytes, params);
}

}  // namespace arenastore::runtime
