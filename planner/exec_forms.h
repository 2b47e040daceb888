// Execution forms: which operators of a scheduled graph write their output over their first
// input (kernels/exec_form.h). Chosen where the target ISA's variant has the form and it applies
// to the op's params, and the input dies at that op: no later operator reads it or anything
// sharing its bytes, and it is no graph input or output; nor is the output a graph output (an
// :io pool holds those, sized for them alone). Called by the compile pipeline before
// buffer lifetimes (planner/buffer_lifetimes.h), which then tie the output's buffer to its
// input's, each keeping its own lifetime (planner/buffer_ties.h);
// the choice is written to the artifact (Operator.form) and proven, not trusted, by the
// runtime's plan verification. Host-only, pure.
#pragma once

#include <vector>

#include "kernels/exec_form.h"
#include "kernels/op_kind.h"
#include "planner/graph.h"
#include "planner/lower_op.h"
#include "planner/scratch_sizer.h"

namespace arenastore::planner {

// Per op of `graph` (lowered as `lowered`, in the same order), its form on `isa`; an op whose
// form is not whole has its `scratch_bytes` entry replaced by `sizer`'s size of that form.
// Every candidate whose buffers can be tied is taken, then each is dropped again where keeping
// whole tensors lowers the largest live set (a form's scratch can outweigh the bytes it saves).
std::vector<kernels::ExecForm> ChooseForms(const Graph& graph,
                                           const std::vector<LoweredOp>& lowered, kernels::Isa isa,
                                           const ScratchSizer& sizer,
                                           std::vector<size_t>* scratch_bytes);

}  // namespace arenastore::planner
