#include "ops/fully_connected/ref.h"

#include "kernels/requantize.h"
#include "kernels/requantize_16x8.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "fully_connected/ref";

// One kernel for both widths: T is the activation (int8, or int16 for 16x8) and Acc the
// accumulator and bias (int32, or int64 for a 16x8 layer with an int64 bias).
template <typename Acc, typename T>
Acc DotWithOffsets(const T* input, int32_t input_offset, const int8_t* weights,
                   int32_t weight_offset, int32_t depth) {
  WrappingSum<Acc> sum;
  // TensorFlow Lite's int8 weights are symmetric: without their offset each product costs two
  // loads, an add and a multiply-accumulate on a Cortex-M3, where ref is all there is.
  if (weight_offset == 0) {
#pragma GCC unroll 4
    for (int32_t d = 0; d < depth; ++d) sum.Add((input[d] + input_offset) * weights[d]);
    return sum.value();
  }
  for (int32_t d = 0; d < depth; ++d)
    sum.Add((input[d] + input_offset) * (weights[d] + weight_offset));
  return sum.value();
}

template <typename Acc, typename T>
void MultiplyAll(const FullyConnectedParams& p, const T* input, const int8_t* filter,
                 const Acc* bias, T* output) {
  // Per-channel weights are symmetric (zero point 0), so one formula serves both modes.
  for (int32_t b = 0; b < p.batches; ++b) {
    const T* row = input + static_cast<ptrdiff_t>(b) * p.input_depth;
    for (int32_t o = 0; o < p.output_depth; ++o) {
      Acc acc = DotWithOffsets<Acc>(row, -p.input_zero_point,
                                    filter + static_cast<ptrdiff_t>(o) * p.input_depth,
                                    -p.filter_zero_point, p.input_depth);
      if (bias != nullptr) acc = WrappingAdd(acc, bias[o]);
      const int32_t q = p.requant.count == 1 ? 0 : o;
      *output++ = RequantizeTo<T>(acc, p.requant.multipliers[q], p.requant.shifts[q],
                                  p.output_zero_point, p.activation_min, p.activation_max);
    }
  }
}

}  // namespace

size_t FullyConnectedScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName));
  MultiplyAll(params, input, filter, bias, output);
  return Status::Ok();
}

// TensorFlow Lite Micro's 16x8 fully connected requests no scratch either.
size_t FullyConnectedInt16ScratchBytes(const FullyConnectedParams&) { return 0; }

Status FullyConnectedInt16(const FullyConnectedParams& params, const int16_t* input,
                           const int8_t* filter, const void* bias, int16_t* output,
                           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), FullyConnectedInt16ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckFullyConnectedParams(params, kName, KernelDtype::kInt16));
  if (params.int64_accumulator) {
    MultiplyAll(params, input, filter, static_cast<const int64_t*>(bias), output);
  } else {
    MultiplyAll(params, input, filter, static_cast<const int32_t*>(bias), output);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
