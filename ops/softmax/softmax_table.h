// The two lookup tables of TensorFlow Lite Micro's int16 SOFTMAX, as its Prepare builds them with
// float math (LUTPopulate<int16_t>, 512 interpolation steps plus a last entry): exp(x) on
// [-10, 0] and 1 / (1 + x) on [0, 1], both in units of 2^-15. They depend on no tensor, so the
// int16 kernel carries them as constants (ops/softmax/ref.h); the planner's lowering rebuilds them
// here and refuses an int16 softmax when this host's float math disagrees with those constants.
// Host-only.
#pragma once

#include <array>
#include <cstdint>

namespace arenastore::planner {

using SoftmaxInt16Table = std::array<int16_t, 513>;

// exp on [-10, 0]: entry i for x = -10 + i * 10 / 512 (as TFLM: input scale 10 / 65535, zero
// point 32767, output scale 2 / 65535).
SoftmaxInt16Table SoftmaxInt16ExpTable();

// 1 / (1 + x) on [0, 1] (input scale 1 / 65535, zero point -32768, output scale 2 / 65535).
SoftmaxInt16Table SoftmaxInt16OneOverOnePlusXTable();

}  // namespace arenastore::planner
