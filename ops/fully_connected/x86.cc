#include "ops/fully_connected/x86.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {

Status FullyConnectedEntry(const X86Variant& variant, FullyConnectedKernel kernel,
                           const FullyConnectedParams& params, const int8_t* input,
                           const int8_t* filter, const int32_t* bias, int8_t* output,
                           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, variant.name));
  if (params.batches == 0 || params.output_depth == 0) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, input, filter, bias, output});
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
