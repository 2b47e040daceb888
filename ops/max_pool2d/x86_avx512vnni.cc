#include "ops/max_pool2d/x86_avx512vnni.h"

#include "kernels/x86_avx512vnni/kernel_jobs.h"
#include "kernels/x86_common/pool2d_entry.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr x86::X86Variant kVariant = {Isa::kX86Avx512Vnni, internal::kLanes,
                                      "max_pool2d/x86_avx512vnni", "AVX-512 VNNI"};

}  // namespace

size_t MaxPool2dScratchBytes(const Pool2dParams&) { return 0; }

Status MaxPool2d(const Pool2dParams& params, const int8_t* input, int8_t* output,
                 std::span<uint8_t> scratch) {
  return x86::MaxPool2dEntry(kVariant, ARENASTORE_X86_KERNEL(internal::RunMaxPool2d), params, input,
                             output, scratch);
}

}  // namespace arenastore::kernels::x86_avx512vnni
