#include "ops/softmax/softmax_table.h"

#include <algorithm>
#include <cmath>

namespace arenastore::planner {
namespace softmax_table {

// TFLM's LUTPopulateInt16<float>: the function sampled at 512 steps over the int16 input range,
// each sample moved by half the error linear interpolation would make at the step's midpoint, and
// a last sample at the range's end; all in float (single precision, as TFLM's Prepare), rounded
// half away from zero, clamped to int16.
template <typename Function>
SoftmaxInt16Table Populate(float input_scale, int32_t input_zero_point, float output_scale,
                           int32_t output_zero_point, Function function) {
  const float input_min = input_scale * static_cast<float>(-32768 - input_zero_point);
  const float input_max = input_scale * static_cast<float>(32767 - input_zero_point);
  const float output_min = output_scale * static_cast<float>(-32768 - output_zero_point);
  const float output_max = output_scale * static_cast<float>(32767 - output_zero_point);
  constexpr int kSteps = 512;
  const float step = (input_max - input_min) / kSteps;
  const float half_step = step / 2;
  const float output_scaling_inv = 65536.0f / (output_max - output_min);
  const auto clamp = [](float value) {
    return static_cast<int16_t>(std::min(std::max(value, -32768.0f), 32767.0f));
  };
  SoftmaxInt16Table table{};
  for (int i = 0; i < kSteps; ++i) {
    const float value = function(input_min + static_cast<float>(i) * step);
    const float midpoint = function(input_min + static_cast<float>(i) * step + half_step);
    const float next = function(input_min + static_cast<float>(i + 1) * step);
    const float sample = std::round(value * output_scaling_inv);
    const float midpoint_interpolated = std::round((next * output_scaling_inv + sample) / 2);
    const float midpoint_sample = std::round(midpoint * output_scaling_inv);
    const float bias = std::round((midpoint_interpolated - midpoint_sample) / 2);
    table[i] = clamp(sample - bias);
  }
  table[kSteps] = clamp(std::round(function(input_max) * output_scaling_inv));
  return table;
}

constexpr int32_t kInt16Range = 65535;  // int16 max - int16 min, TFLM's `range`

}  // namespace softmax_table

SoftmaxInt16Table SoftmaxInt16ExpTable() {
  return softmax_table::Populate(10.0f / softmax_table::kInt16Range, 32767,
                                 2.0f / softmax_table::kInt16Range, 0,
                                 [](float x) { return std::exp(x); });
}

SoftmaxInt16Table SoftmaxInt16OneOverOnePlusXTable() {
  return softmax_table::Populate(1.0f / softmax_table::kInt16Range, -32768,
                                 2.0f / softmax_table::kInt16Range, 0,
                                 [](float x) { return 1.0f / (1.0f + x); });
}

}  // namespace arenastore::planner
