// Reference int8 ADD_N, bit-exact with TensorFlow Lite Micro's reference kernel: per element, an
// accumulator seeded with the rescaled input offset itself (TFLM's quirk: the raw value 0, not
// the zero point), then each offset input shifted left by left_shift and rescaled is added, the
// sum requantized and clamped. Sums wrap modulo 2^32 where TFLM's int32 would overflow. Called
// through the kernel registry. Scratch: none (TFLM plans N pointers; the registry hands us the
// input array). Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (counts, shifts or offsets out of range, a missing input).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t AddNScratchBytes(const AddNParams& params);

// inputs[0 .. params.num_inputs) are the input tensors in order.
Status AddN(const AddNParams& params, const int8_t* const* inputs, int8_t* output,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
