// Reference int8 and 16x8 fully connected layer, bit-exact with TensorFlow Lite's FullyConnected
// and FullyConnectedPerChannel: output[b, o] = requantize(sum_d (input[b, d] - input_zp) *
// (filter[o, d] - filter_zp) + bias[o]), per-tensor (requant.count == 1) or per-channel.
// Called through the kernel registry; the oracle of every variant. Needs no scratch.
// Never allocates. Errors: kKernelScratchTooSmall (checked builds, never for 0 bytes),
// kKernelInvalidParams (parameters that would read out of bounds).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// Always 0.
size_t FullyConnectedScratchBytes(const FullyConnectedParams& params);

// `input` is [batches, input_depth], `filter` [output_depth, input_depth], `bias` null or
// [output_depth], `output` [batches, output_depth].
Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// 16x8 (TensorFlow Lite's int16 FullyConnected and FullyConnectedPerChannel): input zero point
// 0. Always 0.
size_t FullyConnectedInt16ScratchBytes(const FullyConnectedParams& params);

// `bias` is null or int64_t[output_depth] when params.int64_accumulator (int64 sums, the
// 64-bit MultiplyByQuantizedMultiplier), else int32_t[output_depth] (int32 sums, the 32-bit
// one), as TensorFlow Lite picks by the bias type.
Status FullyConnectedInt16(const FullyConnectedParams& params, const int16_t* input,
                           const int8_t* filter, const void* bias, int16_t* output,
                           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
