// x86_avx512vnni int8 softmax, bit-exact with kernels/ref/softmax: each row's exponentials, their
// Q12.19 sum and the scaled outputs are computed 16 lanes at a time with gemmlowp's fixed-point
// exp (kernels/gemmlowp_fixed_point.h) restated on vectors; the sum's reciprocal stays scalar,
// once per row. An int16 output (rare: a 16-bit consumer after an int8 model) runs ref's rows.
// Same params, operands and errors as ref. No scratch. Never allocates;
// kKernelUnsupported when the CPU lacks AVX-512 VNNI or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx512vnni {

// Always 0.
size_t SoftmaxScratchBytes(const SoftmaxParams& params);

Status Softmax(const SoftmaxParams& params, const int8_t* input, void* output,
               std::span<uint8_t> scratch);

namespace internal {
// softmax/x86_avx512vnni_kernel.cc: checked params (CheckSoftmaxParams), rows of `depth` int8
// values.
void RunSoftmax(const SoftmaxParams& params, const int8_t* input, int8_t* output);
}  // namespace internal

}  // namespace arenastore::kernels::x86_avx512vnni
