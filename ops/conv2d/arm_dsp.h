// Arm DSP-extension int8 2-D convolution (Cortex-M4/M7/M33), bit-exact with kernels/ref/conv2d:
// an unpadded ungrouped 1x1 conv reads input pixels directly, two output channels by two pixels
// per step with the input offset folded into each channel's start (bias + offset * sum(w));
// any other conv first copies two pixels' windows as int16 with the offset added (im2col),
// then output channels in pairs. Dual 16-bit multiply-accumulates (SMLAD), and the output stage
// of kernels/arm_dsp/requantize_dsp.h. Same params, operands and errors as the ref kernel.
// Scratch (Conv2dScratchBytes): the two int16 rows, 4 * al4(filter_h * filter_w * input_c /
// groups) bytes, 4-byte aligned; 0 for the direct 1x1 case. Its over-input form walks a 1x1
// conv pixel by pixel within ref's bytes. Never allocates. Portable outside DSP builds (see
// simd32.h), where the hand-written loops are plain C.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_dsp {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// The over-input form (kernels/exec_form.h) within ref's size function
// (ref::Conv2dOverInputScratchBytes, so no gate pays for it): a pointwise conv pixel by pixel
// (Conv2dOverPixelsApplies), each pixel copied as ref copies it, then four filter rows per pass
// against the copy, the offset added to each input word again for every pass: slower than the
// whole kernel, which takes two pixels per pass and folds the offset once per channel pair.
// Every other conv runs ref's rows walk; Conv2dPixelWalkSpeed (pixel_walk.h) says which.
Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_dsp
