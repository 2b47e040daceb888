// Reference int8 split: for each outer index, the input's next sizes[k] * inner_size bytes go to
// output k in turn (TensorFlow Lite Micro's split, split_v and unpack copy the same bytes).
// Called through the kernel registry. Scratch: none. Never allocates. Errors:
// kKernelScratchTooSmall (checked builds), kKernelInvalidParams (output count out of range,
// negative sizes, a missing output).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SplitScratchBytes(const SplitParams& params);

// outputs[0 .. params.num_outputs) are the parts in order.
Status Split(const SplitParams& params, const int8_t* input, int8_t* const* outputs,
             std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
