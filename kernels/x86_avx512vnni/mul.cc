#include "kernels/x86_avx512vnni/mul.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/broadcast_rows.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "mul/x86_avx512vnni";

}  // namespace

size_t MulScratchBytes(const MulParams&) { return 0; }

Status Mul(const MulParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MulScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(x86::CheckMulParams(params, kName));
  const x86::BroadcastRows rows = x86::BroadcastRowsOf(params.shapes);
  if (rows.row_length == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx512Vnni), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX-512 VNNI", kName);
#if defined(__x86_64__)
  internal::RunMul({&params, input1, input2, output, rows});
  return Status::Ok();
#else
  static_cast<void>(input1);
  static_cast<void>(input2);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx512vnni
