// OpParams: the typed parameters every kernel variant of every op takes, fully lowered
// (shapes resolved, quantization turned into fixed-point multipliers and shifts): a union with
// one member per op this build carries (ARENASTORE_OPS), named after the op, of the type its unit
// declares in ops/<op>/<op>.h; and OpOperands, the tensor pointers of one invocation, as many as
// those ops take. A device built for a few ops pays for their params and operands only.
// Built by the planner from its graph and by the runtime from a verified artifact; both must
// build identical params for the same op (tests/runtime checks the round trip for every op).
// Plain trivially-copyable structs; pointers refer to storage owned by the caller (graph or
// artifact bytes) and must outlive the params. Freestanding, allocation-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "kernels/param_types.h"
#include "ops/op_headers.h"
#include "ops/op_selection.h"

namespace arenastore::kernels {

struct OpParams {
  OpKind kind;
  KernelDtype dtype;  // the activations' type: which of the op's kernels runs
  ExecForm form;      // which of the variant's forms runs (kernels/exec_form.h)
  union {
#define ARENASTORE_OP_PARAMS_MEMBER(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, Name##Params name;, )
    ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_PARAMS_MEMBER)
#undef ARENASTORE_OP_PARAMS_MEMBER
    // The view every int8 table-lookup op shares (kernels/table_lookup.h): their own members
    // are of this type, so one lowering writes this one and each op's kernel reads its own (a
    // common initial sequence of one standard-layout type).
    TableLookupParams table_lookup;
  };
};

// The largest of `values` (at least one given).
constexpr int LargestOf(std::initializer_list<int> values) {
  int largest = *values.begin();
  for (const int value : values) largest = value > largest ? value : largest;
  return largest;
}

// The most inputs and outputs an operator of this build takes (each op's arity, ops/<op>/<op>.h):
// kMaxOpInputs and kMaxOpOutputs when it carries every op.
#define ARENASTORE_OP_MAX_INPUTS(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, int{k##Name##Arity.max_inputs}, 1),
#define ARENASTORE_OP_MAX_OUTPUTS(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, int{k##Name##Arity.max_outputs}, 1),
inline constexpr int kBuiltMaxOpInputs =
    LargestOf({1, ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_MAX_INPUTS)});
inline constexpr int kBuiltMaxOpOutputs =
    LargestOf({1, ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_MAX_OUTPUTS)});
#undef ARENASTORE_OP_MAX_INPUTS
#undef ARENASTORE_OP_MAX_OUTPUTS

// Tensor data for one op invocation. Inputs in the op's order (e.g. conv2d: input, filter,
// bias-or-nullptr); outputs likewise. Element types follow the op and its dtype (int8
// activations and weights, int32 bias for int8 kernels). The runtime binds an operator only when
// its operands fit (num_inputs <= kBuiltMaxOpInputs, num_outputs <= kBuiltMaxOpOutputs).
struct OpOperands {
  const void* inputs[kBuiltMaxOpInputs];
  int32_t num_inputs;
  void* outputs[kBuiltMaxOpOutputs];
  int32_t num_outputs;
};

}  // namespace arenastore::kernels
