// relu6's runtime lowering: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerTableLookup(c, &params->relu6);
}

}  // namespace

extern const RuntimeOp kRelu6Runtime = {schema::OpOptions::TableLookupOptions, false,
                                        TableLookupOperands(kernels::kRelu6Arity), &Lower};

}  // namespace arenastore::runtime
