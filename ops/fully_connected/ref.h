// Reference int8 fully connected layer, bit-exact with TensorFlow Lite's FullyConnected and
// FullyConnectedPerChannel: output[b, o] = requantize(sum_d (input[b, d] - input_zp) *
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

}  // namespace arenastore::kernels::ref
