#include "runtime/prepared_op.h"

namespace arenastore::runtime {

Status ResolvePreparedEval(int32_t op_index, kernels::Isa isa, PreparedOp* prepared) {
  const kernels::OpParams& params = prepared->params;
  const char* op_name = kernels::OpKindName(params.kind);
  const kernels::KernelEntry* kernel = kernels::ResolveKernel(params.kind, params.dtype, isa);
  if (kernel == nullptr || kernel->eval == nullptr) {
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "op %d (%s, %s): the %s variant is not built into this runtime", op_index,
                         op_name, kernels::KernelDtypeName(params.dtype), kernels::IsaName(isa))
        .WithOp(op_index);
  }
  prepared->eval = kernels::EvalOf(*kernel, params);
  if (prepared->eval == nullptr) {
    return Status::Error(ErrorCode::kKernelUnsupported,
                         "op %d (%s): the %s variant has no %s form for it; the gate rejects "
                         "this plan",
                         op_index, op_name, kernels::IsaName(isa),
                         kernels::ExecFormName(params.form))
        .WithOp(op_index);
  }
  return Status::Ok();
}

}  // namespace arenastore::runtime
