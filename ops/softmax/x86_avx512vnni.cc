#include "ops/softmax/x86_avx512vnni.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "ops/softmax/ref.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "softmax/x86_avx512vnni";

}  // namespace

size_t SoftmaxScratchBytes(const SoftmaxParams&) { return 0; }

Status Softmax(const SoftmaxParams& params, const int8_t* input, void* output,
               std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SoftmaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSoftmaxParams(params, kName));
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx512Vnni), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX-512 VNNI", kName);
  if (params.output_type == ElementType::kInt16) return ref::Softmax(params, input, output, {});
#if defined(__x86_64__)
  internal::RunSoftmax(params, input, static_cast<int8_t*>(output));
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(output);
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

}  // namespace arenastore::kernels::x86_avx512vnni
