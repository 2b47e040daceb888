#include "kernels/x86_avx2/average_pool2d.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_avx2/kernel_jobs.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr const char* kName = "average_pool2d/x86_avx2";

}  // namespace

size_t AveragePool2dScratchBytes(const Pool2dParams&) { return 0; }

Status AveragePool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                     std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AveragePool2dScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(x86::CheckAveragePool2dParams(params, kName));
  const Pool2dParams& p = params;
  if (p.batches == 0 || p.channels == 0 || p.output_h == 0 || p.output_w == 0) {
    return Status::Ok();
  }
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx2), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX2", kName);
#if defined(__x86_64__)
  internal::RunAveragePool2d({&params, input, output});
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx2
