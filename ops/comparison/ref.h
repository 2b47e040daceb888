// Reference int8 comparison with numpy broadcasting, bit-exact with TensorFlow Lite Micro's
// reference kernels (comparisons.cc, the *WithScaling forms): each input (x - zero_point) << 8
// times its scale as a fixed-point multiplier, then compared. Called through the kernel registry.
// Scratch: none. Never allocates. Errors: kKernelScratchTooSmall (checked builds),
// kKernelInvalidParams (bad kind, shifts, offsets, or shapes that do not broadcast).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

size_t ComparisonScratchBytes(const ComparisonParams& params);

Status Comparison(const ComparisonParams& params, const int8_t* input1, const int8_t* input2,
                  bool* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::ref
