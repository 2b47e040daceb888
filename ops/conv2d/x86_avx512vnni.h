// AVX-512 VNNI int8 2-D convolution, bit-exact with kernels/ref/conv2d: the input is copied a
// row at a time, sign-flipped to uint8 and padded with the zero point, into a ring of rows; the
// filter is packed into 16-channel x 4-byte blocks with its per-channel sums; VPDPBUSD then
// accumulates 16 output channels of up to 14 pixels per instruction stream, and a vectorised
// TensorFlow Lite requantization writes int8. Same params, operands and errors as ref.
// Scratch (Conv2dScratchBytes): requant table + packed filter + segment offsets + row ring.
// Never allocates. kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_params.h"
#include "kernels/x86_avx512vnni/kernel_jobs.h"

namespace arenastore::kernels::x86_avx512vnni {

size_t Conv2dScratchBytes(const Conv2dParams& params);

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch);

// The split form (kernels/kernel_state.h): Conv2dPrepare fills the requantization table and
// packs the filter and start values into `scratch` once; Conv2dRunPrepared convolves from them
// on every call, given the same params and scratch, untouched in between. Same errors as Conv2d.
// The split form's own scratch: Conv2dScratchBytes, then the k-group offsets of every ring slot.
size_t Conv2dSplitScratchBytes(const Conv2dParams& params);
Status Conv2dPrepare(const Conv2dParams& params, const int8_t* filter, const int32_t* bias,
                     std::span<uint8_t> scratch, KernelState* state);
Status Conv2dRunPrepared(const Conv2dParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch, const KernelState& state);

// Where each part of the scratch goes (shared with the kernel file).
internal::Conv2dLayout Conv2dLayoutOf(const Conv2dParams& params);

}  // namespace arenastore::kernels::x86_avx512vnni
