// Arm Helium (MVE) int8 depthwise convolution (Cortex-M55/M85), bit-exact with
// kernels/ref/depthwise_conv2d; same params, operands and errors as the ref kernel.
// Reads the input directly over only the taps inside it: with depth multiplier 1, eight
// channels per step as int16 (x + offset and the weight) whose products VMULLB/VMULLT widen
// into int32, two pixels with the same inside taps at a time (vertical neighbours, else
// horizontal) sharing each weight load, then a four-lane vector output stage; one input channel
// with a larger multiplier runs as the convolution it is, each channel's sum along the window
// (VMLADAVA over a filter row, the weights gathered in place); other multipliers broadcast each
// input value against four output channels. No scratch (since kernel library 1.20.0; the
// earlier gathering kernel's block buffer is gone). Never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::arm_mve {

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params);

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch);

// The over-input form (kernels/exec_form.h) within ref's size function and where ref's applies
// (ref::DepthwiseConv2dOverInputScratchBytes, so the gate pays nothing for it). Where ref walks
// the pixels in place, the rows in order, as fast as the whole kernel; where ref copies an input
// plane, eight or four channels at a time, their output rows held in that scratch until no later
// row reads the input they cover (kernels/held_output_rows.h), slower than the whole kernel
// (each block finds every pixel's taps again); where neither fits, ref's kernel. Speed says which.
FormSpeed DepthwiseConv2dOverInputSpeed(const DepthwiseConv2dParams& params);
Status DepthwiseConv2dOverInput(const DepthwiseConv2dParams& params, const int8_t* input,
                                const int8_t* filter, const int32_t* bias, int8_t* output,
                                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::arm_mve
