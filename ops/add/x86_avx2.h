// x86_avx2 int8 add, bit-exact with kernels/ref/add: TensorFlow Lite's three rescalings on 8 int32
// lanes at a time, along the rows of the broadcast (x86_common/broadcast_rows.h), an input that
// is broadcast along a row being one value repeated in a register. Same params, operands and
// errors as ref. No scratch. Never allocates; kKernelUnsupported when the CPU lacks AVX2 or
// off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::x86_avx2 {

// Always 0.
size_t AddScratchBytes(const AddParams& params);

Status Add(const AddParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86_avx2
