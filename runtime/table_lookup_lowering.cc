#include "runtime/table_lookup_lowering.h"

#include "kernels/int16_rescale.h"
#include "runtime/moved_elements.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {

bool LowerTableLookup(const OpChecker& c, kernels::OpParams* params) {
  kernels::TableLookupParams* p = &params->table_lookup;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  if (ElementCount(*input) != ElementCount(output)) {
    return c.Fail("tensors.shape", "input %s and output %s differ in element count",
                  FormatShape(*input).text, FormatShape(output).text);
  }
  // An int16 op's "table" is its rescale record; its operand rules admitted int16.
  const int32_t element_bytes = MovedElementBytes(c);
  if (element_bytes == 0) return false;
  const uint32_t entries = element_bytes == 2 ? kernels::kInt16RescaleBytes : 256;
  const auto* table = c.Options<schema::TableLookupOptions>().table();
  if (table == nullptr || table->size() != entries) {
    return c.Fail("operators.options.table", "the lookup table has %u entries, expected %u",
                  table == nullptr ? 0u : table->size(), entries);
  }
  p->table = table->data();
  p->elements = static_cast<int32_t>(ElementCount(*input));
  return true;
}

}  // namespace arenastore::runtime
