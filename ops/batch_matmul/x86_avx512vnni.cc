#include "ops/batch_matmul/x86_avx512vnni.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/batch_matmul_as_fc.h"
#include "ops/conv2d/x86_avx512vnni.h"
#include "ops/fully_connected/x86.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "batch_matmul/x86_avx512vnni";

constexpr x86::ConvRunner kConv = {&Conv2dScratchBytes, &Conv2d};

#if defined(__x86_64__)
void RunFc(const FullyConnectedParams& fc, const int8_t* input, const int8_t* filter,
           int8_t* output) {
  internal::RunFullyConnected({&fc, input, filter, nullptr, output});
}
#endif

}  // namespace

size_t BatchMatmulScratchBytes(const BatchMatmulParams& params) {
  return x86::BatchMatmulAsFcScratchBytes(params, kConv);
}

Status BatchMatmul(const BatchMatmulParams& params, const int8_t* lhs, const int8_t* rhs,
                   int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), BatchMatmulScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBatchMatmulParams(params, kName));
  if (params.rows == 0 || params.cols == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx512Vnni), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX-512 VNNI", kName);
#if defined(__x86_64__)
  return x86::RunBatchMatmulAsFc(params, lhs, rhs, output, scratch, &RunFc, kConv);
#else
  static_cast<void>(lhs);
  static_cast<void>(rhs);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx512vnni
