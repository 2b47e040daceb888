// Arm Helium (MVE) int8 fully connected layer (Cortex-M55/M85): four weight rows per pass take
// 16-lane multiply-accumulates (VMLADAVA) against the raw input row and are summed (VADDVA) in
// the same pass; the offsets fold in afterwards, sum (x + a)(w + b) = sum x w + b sum x +
// a sum w + depth a b, and four outputs take one vector output stage. Called by the executor
// through the fully_connected registry row; bit-exact with kernels/ref/fully_connected (same
// params, operands and errors). No scratch, no state: nothing is kept between calls.
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
