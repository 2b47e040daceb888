#include "ops/fully_connected/x86_avx2.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_avx2/kernel_jobs.h"

namespace arenastore::kernels::x86_avx2 {
namespace {

constexpr const char* kName = "fully_connected/x86_avx2";

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  if (params.batches == 0 || params.output_depth == 0) return Status::Ok();
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx2), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX2", kName);
#if defined(__x86_64__)
  internal::RunFullyConnected({&params, input, filter, bias, output});
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx2
