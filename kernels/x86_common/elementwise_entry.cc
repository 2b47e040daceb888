#include "kernels/x86_common/elementwise_entry.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86 {
namespace {

Status CheckRunnable(const X86Variant& variant, bool built) {
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(variant.isa), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks %s", variant.name, variant.feature);
  ARENASTORE_CHECK_OR_RETURN(built, ErrorCode::kKernelUnsupported,
                             "%s: built without x86-64 support", variant.name);
  return Status::Ok();
}

}  // namespace

Status AddEntry(const X86Variant& variant, AddKernel kernel, const AddParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckAddParams(params, variant.name));
  const BroadcastRows rows = BroadcastRowsOf(params.shapes);
  if (rows.row_length == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, input1, input2, output, rows});
  return Status::Ok();
}

Status MulEntry(const X86Variant& variant, MulKernel kernel, const MulParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckMulParams(params, variant.name));
  const BroadcastRows rows = BroadcastRowsOf(params.shapes);
  if (rows.row_length == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, input1, input2, output, rows});
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
