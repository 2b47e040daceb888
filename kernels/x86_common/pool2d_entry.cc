#include "kernels/x86_common/pool2d_entry.h"

#include "kernels/pool_window.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::x86 {
namespace {

bool IsEmpty(const Pool2dParams& p) {
  return p.batches == 0 || p.channels == 0 || p.output_h == 0 || p.output_w == 0;
}

}  // namespace

Int8Clamp Int8ClampOf(int32_t activation_min, int32_t activation_max) {
  if (activation_min > 127) return {0, 0, true, static_cast<int8_t>(activation_min)};
  if (activation_max < -128) return {0, 0, true, static_cast<int8_t>(activation_max)};
  const int32_t low = activation_min < -128 ? -128 : activation_min;
  const int32_t high = activation_max > 127 ? 127 : activation_max;
  return {static_cast<int8_t>(low), static_cast<int8_t>(high), false, 0};
}

PoolChunkColumns PoolChunkColumnsOf(const Pool2dParams& params, int32_t ox0, int32_t nx) {
  const int32_t begin = ox0 * params.stride_w - params.pad_left;
  const int32_t end = (ox0 + nx - 1) * params.stride_w - params.pad_left + params.filter_w;
  return {begin, end, begin > 0 ? begin : 0, end < params.input_w ? end : params.input_w};
}

Status AveragePool2dEntry(const X86Variant& variant, Pool2dKernel kernel,
                          const Pool2dParams& params, const int8_t* input, int8_t* output,
                          std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckAveragePool2dParams(params, variant.name));
  if (IsEmpty(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, input, output, Int8ClampOf(params.activation_min, params.activation_max)});
  return Status::Ok();
}

Status MaxPool2dEntry(const X86Variant& variant, Pool2dKernel kernel, const Pool2dParams& params,
                      const int8_t* input, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckMaxPool2dParams(params, variant.name));
  if (IsEmpty(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  kernel({&params, input, output, Int8ClampOf(params.activation_min, params.activation_max)});
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
