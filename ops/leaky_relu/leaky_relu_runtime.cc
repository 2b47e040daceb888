// leaky_relu's runtime lowering: the shared int8 table lookup (runtime/table_lookup_lowering.h).
#include "runtime/runtime_op.h"
#include "runtime/table_lookup_lowering.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerTableLookup(c, &params->leaky_relu);
}

}  // namespace

extern const RuntimeOp kLeakyReluRuntime = {schema::OpOptions::TableLookupOptions, false,
                                            TableLookupOperands(kernels::kLeakyReluArity), &Lower};

}  // namespace arenastore::runtime
