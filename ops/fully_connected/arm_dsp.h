// Arm DSP-extension int8 fully connected layer (Cortex-M4/M7/M33), called through the kernel
// registry as ref's is: the input offset added in 16-bit lanes (SXTAB16) and dual
// multiply-accumulates (SMLAD), four output rows per pass so each input word is widened once (on
// Arm a hand-scheduled loop, elsewhere its portable twin); a filter offset enters once per input
// row, bias at the start of the sums. Bit-exact with kernels/ref/fully_connected. Same params,
// operands and errors as the ref kernel. Needs no scratch. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

// Always 0.
size_t FullyConnectedScratchBytes(const FullyConnectedParams& params);

Status FullyConnected(const FullyConnectedParams& params, const int8_t* input, const int8_t* filter,
                      const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_dsp
