// hard_swish's runtime lowering: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerTableLookup(c, &params->hard_swish);
}

}  // namespace

extern const RuntimeOp kHardSwishRuntime = {schema::OpOptions::TableLookupOptions, false,
                                            TableLookupOperands(kernels::kHardSwishArity), &Lower};

}  // namespace arenastore::runtime
