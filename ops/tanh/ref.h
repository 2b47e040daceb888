// Reference int16 tanh, bit-exact with TensorFlow Lite Micro's reference kernel: tanh(x) =
// 2 * sigmoid(2x) - 1 read from the int16 logistic's sigmoid table
// (kernels/sigmoid_int16_table.h), the rescaled input interpolated between entries 2^8 units
// apart, output in units of 2^-15 (zero point 0). The int8 tanh is the shared table lookup
// (kernels/table_lookup.h). Called through the kernel registry. Scratch: none. Never allocates.
// Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams (no table, negative
// count, a rescaling TFLM never produces).
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/param_types.h"

namespace arenastore::kernels::ref {

// output may equal input (in place).
Status TanhInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                 std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
