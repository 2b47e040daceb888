// OpParams: the typed parameters every kernel variant of every op takes, fully lowered
// (shapes resolved, quantization turned into fixed-point multipliers and shifts): a union with
// one member per line of ops/op_list.h, named after the op, of the type its unit declares in
// ops/<op>/<op>.h; and OpOperands, the tensor pointers of one invocation.
// Built by the planner from its graph and by the runtime from a verified artifact; both must
// build identical params for the same op (tests/runtime checks the round trip for every op).
// Plain trivially-copyable structs; pointers refer to storage owned by the caller (graph or
// artifact bytes) and must outlive the params. Freestanding, allocation-free.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "ops/op_headers.h"

namespace arenastore::kernels {

struct OpParams {
  OpKind kind;
  KernelDtype dtype;  // the activations' type: which of the op's kernels runs
  union {
#define ARENASTORE_OP_PARAMS_MEMBER(id, name, Name, Options, options_id) Name##Params name;
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_PARAMS_MEMBER)
#undef ARENASTORE_OP_PARAMS_MEMBER
    // The view every int8 table-lookup op shares (kernels/table_lookup.h): their own members
    // are of this type, so one lowering writes this one and each op's kernel reads its own (a
    // common initial sequence of one standard-layout type).
    TableLookupParams table_lookup;
  };
};

// Tensor data for one op invocation. Inputs in the op's order (e.g. conv2d: input, filter,
// bias-or-nullptr); outputs likewise. Element types follow the op and its dtype (int8
// activations and weights, int32 bias for int8 kernels).
struct OpOperands {
  const void* inputs[kMaxOpInputs];
  int32_t num_inputs;
  void* outputs[kMaxOpOutputs];
  int32_t num_outputs;
};

}  // namespace arenastore::kernels
