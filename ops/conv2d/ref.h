// Reference int8 and 16x8 2-D convolution, bit-exact with TensorFlow Lite's ConvPerChannel of
// either width: NHWC input,
// [output_c, filter_h, filter_w, input_c / groups] filter, per-channel requantization, stride,
// dilation, groups, batches. Called through the kernel registry; the oracle of every variant.
// Scratch (Conv2dScratchBytes): none; taps are read straight from the input and padded taps
// skipped, as TensorFlow Lite Micro's reference kernel does, so a ref plan never needs more arena
// than TFLM. Never allocates. Errors: kKernelInvalidParams (parameters that would read out of
// bounds or divide by zero).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

// Always 0 (kept so every variant has the same size-function interface).
size_t Conv2dScratchBytes(const Conv2dParams& params);

// `bias` may be null (no bias); `output` is [batches, output_h, output_w, output_c]; `scratch`
// may be empty.
Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// The over-input form (kernels/exec_form.h), in one of two walks. Pixel by pixel, a pointwise conv
// (1x1 filter, no padding before or after, one group; output_c <= input_c, or a wider output on
// the input's pixel grid): each input pixel is copied before its output pixel overwrites it (to
// the stack up to 64 channels, else to one pixel of scratch). Row by row, any conv with a larger
// filter, of one image, with no more output than input bytes and no more per output row than per
// stride_h input rows: each output row is computed into a scratch row, and the input rows it will
// cover that a later row still reads (at most min(pad_top, input_h)) are first kept in a ring of
// that many input rows, also in scratch. The scratch size is kFormMissingBytes where the form does
// not apply (the registry's one size function for it); Applies says the same.
bool Conv2dOverInputApplies(const Conv2dParams& params);
size_t Conv2dOverInputScratchBytes(const Conv2dParams& params);
Status Conv2dOverInput(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                       const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// 16x8 (TensorFlow Lite's int16 ConvPerChannel): zero points 0, no output offset. Always 0.
size_t Conv2dInt16ScratchBytes(const Conv2dParams& params);

// `bias` is null or int64_t[output_c] when params.int64_accumulator (the sums are int64 and
// requantized with the 64-bit MultiplyByQuantizedMultiplier), else int32_t[output_c] (int32
// sums, the 32-bit one), as TensorFlow Lite picks by the bias type.
Status Conv2dInt16(const Conv2dParams& params, const int16_t* input, const int8_t* filter,
                   const void* bias, int16_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
