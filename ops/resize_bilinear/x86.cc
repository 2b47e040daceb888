#include "ops/resize_bilinear/x86.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {

Status ResizeBilinearEntry(const X86Variant& variant, ResizeBilinearKernel kernel,
                           const ResizeBilinearParams& params, const int8_t* input, int8_t* output,
                           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckResizeBilinearParams(params, variant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel(params, input, output);
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
