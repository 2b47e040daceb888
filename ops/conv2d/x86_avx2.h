// AVX2 int8 2-D convolution, bit-exact with kernels/ref/conv2d: the input is copied a row at a
// time into a ring of padded int16 rows holding (x - input_zp) (0 in the padding); the filter is
// packed into 8-channel x 2-element int16 blocks; VPMADDWD then multiplies a broadcast pair of
// elements by 8 output channels' pairs for up to 12 pixels at once, and a vectorised TensorFlow
// Lite requantization writes int8. Same params, operands and errors as ref.
// Scratch (Conv2dScratchBytes): requant table + packed filter + segment offsets + int16 ring.
// Never allocates. kKernelUnsupported when the CPU lacks AVX2 or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx2/kernel_jobs.h"

namespace arenastore::kernels::x86_avx2 {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// Where each part of the scratch goes (shared with the kernel file).
internal::Conv2dLayout Conv2dLayoutOf(const Conv2dParams& params);

}  // namespace arenastore::kernels::x86_avx2
