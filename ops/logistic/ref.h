// Reference int16 logistic, bit-exact with TensorFlow Lite Micro's reference kernel: the input
// rescaled to units of 1 / (3 * 4096) (kernels/sigmoid_int16_table.h), interpolated in the
// sigmoid table between entries 2^9 units apart, output in units of 2^-15 (zero point 0). The int8
// logistic is the shared table lookup (kernels/table_lookup.h). Called through the kernel
// registry. Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (no table, negative count, a rescaling TFLM never produces).
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/param_types.h"

namespace arenastore::kernels::ref {

// output may equal input (in place).
Status LogisticInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                     std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
