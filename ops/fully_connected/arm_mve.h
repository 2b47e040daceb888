// Arm Helium (MVE) int8 fully connected layer (Cortex-M55/M85): the filter rows' sums are
// computed once per call, then four output rows at a time take 16-lane multiply-accumulates
// (VMLADAVA) against the raw input row and fold both offsets in afterwards:
// sum (x + a)(w + b) = sum x w + b sum x + a sum w + depth a b. Bit-exact with
// kernels/ref/fully_connected; same params, operands and errors.
// Scratch (FullyConnectedScratchBytes): the int32 filter row sums, 4 * output_depth bytes,
// 4-byte aligned. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

size_t FullyConnectedScratchBytes(const FullyConnectedParams& params);

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
