// Arm Helium (MVE) int8 elementwise addition (Cortex-M55/M85): for inputs of the output's shape,
// four elements per step go through the whole fixed-point pipeline in int32 vector lanes
// (VQRDMULH and a rounding shift corrected to round ties away from zero, see helium.h);
// broadcasting inputs take the element-by-element path. Bit-exact with kernels/ref/add; same
// params, operands and errors. Needs no scratch. Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

// Always 0.
size_t AddScratchBytes(const AddParams& params);

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
