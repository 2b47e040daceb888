// Arm Helium (MVE) int8 2-D convolution (Cortex-M55/M85), bit-exact with kernels/ref/conv2d;
// same params, operands and errors as the ref kernel. Each output pixel's window (read in place
// for an unpadded ungrouped 1x1 conv, else copied to an int8 im2col row) meets four filter rows
// per pass (VMLADAVA), the input offset folded in through each filter row's sum, found once per
// image when the scratch beyond one im2col row holds them; else four pixels per pass meet each
// filter row. Scratch (Conv2dScratchBytes): 4 * al16(filter_h * filter_w * input_c / groups)
// bytes, 0 for that 1x1 case. Never allocates. Portable outside MVE builds (see helium.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// The over-input form (kernels/exec_form.h) within ref's size function
// (ref::Conv2dOverInputScratchBytes, so the gate pays nothing for it): a pointwise conv pixel by
// pixel (Conv2dOverPixelsApplies), each pixel copied as ref copies it, then four filter rows per
// pass against the copy, each row's sum found again for every pixel: slower than the whole
// kernel, which folds them once per image. Every other conv runs ref's rows walk;
// Conv2dPixelWalkSpeed (pixel_walk.h) says which.
Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
