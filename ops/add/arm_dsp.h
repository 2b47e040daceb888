// Arm DSP-extension int8 elementwise addition (Cortex-M4/M7/M33): for inputs of the output's
// shape, four elements per word have their offsets added in 16-bit lanes (SXTAB16) before the
// per-element fixed-point rescale; broadcasting inputs take the element-by-element path. Bit-
// exact with kernels/ref/add; same params, operands and errors. Needs no scratch. Never
// allocates. AddElement is the exact per-element formula, shared with the arm_mve variant.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

// Always 0.
size_t AddScratchBytes(const AddParams& params);

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

// One output element from the two inputs with their offsets already added.
int8_t AddOffsetElement(const AddParams& params, int32_t offset_input1, int32_t offset_input2);

}  // namespace arenastore::kernels::arm_dsp
