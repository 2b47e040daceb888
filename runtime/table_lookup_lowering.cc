#include "runtime/table_lookup_lowering.h"

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
  const auto* table = c.Options<schema::TableLookupOptions>().table();
  if (table == nullptr || table->size() != 256) {
    return c.Fail("operators.options.table", "the lookup table has %u entries, expected 256",
                  table == nullptr ? 0u : table->size());
  }
  p->table = table->data();
  p->elements = static_cast<int32_t>(ElementCount(*input));
  return true;
}

}  // namespace arenastore::runtime
