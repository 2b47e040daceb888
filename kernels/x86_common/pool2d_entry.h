// The portable half of the x86 average_pool2d and max_pool2d variants, shared by x86_avx2 and
// x86_avx512vnni: the parameter checks (as ref's), the int8 form of the activation clamp, and
// the checked entries that call an ISA's kernel file. Neither pool needs scratch. Never
// allocates; kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

// ref clamps a value v in [-128, 127] to [activation_min, activation_max] in int32 and keeps
// the low byte. When that range meets [-128, 127] this is a clamp to [low, high] (its int8
// part); when it lies wholly above or below, every output is the same byte, `fill`.
struct Int8Clamp {
  int8_t low, high;
  bool constant;
  int8_t fill;
};

Int8Clamp Int8ClampOf(int32_t activation_min, int32_t activation_max);

// Params are checked (average pool: no window lies entirely in padding) and nothing is empty.
struct Pool2dJob {
  const Pool2dParams* params;
  const int8_t* input;
  int8_t* output;
  Int8Clamp clamp;  // average pool: used for 1x1 windows (the mean is the element)
};

using Pool2dKernel = void (*)(const Pool2dJob& job);

// The padded input columns that feed output columns [ox0, ox0 + nx) of every output row, as the
// separable kernels of both ISAs walk them: [padded_begin, padded_end) in padded coordinates
// (column x shows input column x), of which [image_begin, image_end) lie inside the image.
struct PoolChunkColumns {
  int32_t padded_begin, padded_end, image_begin, image_end;
};

PoolChunkColumns PoolChunkColumnsOf(const Pool2dParams& params, int32_t ox0, int32_t nx);

Status AveragePool2dEntry(const X86Variant& variant, Pool2dKernel kernel,
                          const Pool2dParams& params, const int8_t* input, int8_t* output,
                          std::span<uint8_t> scratch);

Status MaxPool2dEntry(const X86Variant& variant, Pool2dKernel kernel, const Pool2dParams& params,
                      const int8_t* input, int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86
