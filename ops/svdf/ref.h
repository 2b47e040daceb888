// Reference SVDF, bit-exact with TensorFlow Lite Micro's integer reference kernel: per invoke,
// the state of every filter shifts one step back in time; the newest step gets input x
// weights_feature, rescaled to the state's scale and clamped to its type, plus its zero point;
// each filter's memory then dots with its time weights into int32, the rank filters of each
// unit sum (plus bias), and the sum is requantized to the int8 output. TFLM applies no fused
// activation on this path, and neither does this kernel.
// Called through the kernel registry. Scratch: int32 per (batch, filter) and per (batch, unit).
// Never allocates. Errors: kKernelScratchTooSmall (checked builds), kKernelInvalidParams.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t SvdfScratchBytes(const SvdfParams& params);

// `weights_time` and `state` hold params.state_type elements; `state` is rewritten in place.
Status Svdf(const SvdfParams& params, const int8_t* input, const int8_t* weights_feature,
            const void* weights_time, void* state, const int32_t* bias, int8_t* output,
            std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
