#include "planner/uniform_rescale_lowering.h"

#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kInt8LeftShift = 20;  // TFLM's left shift for int8 ADD_N and CUMSUM

}  // namespace

Result<UniformRescale> UniformRescaleOf(const Lowering& l, const Tensor& summand,
                                        const Tensor& output) {
  const double twice_input_scale = 2 * static_cast<double>(summand.scale());
  const FixedPointMultiplier mi =
      QuantizeMultiplier(static_cast<double>(summand.scale()) / twice_input_scale);
  const FixedPointMultiplier mo = QuantizeMultiplier(
      twice_input_scale / ((1 << kInt8LeftShift) * static_cast<double>(output.scale())));
  if (mi.shift > 0 || mo.shift > 0) {
    return l.Fail("scales give a multiplier above 1 (input scale {}, output {})", summand.scale(),
                  output.scale());
  }
  const ActivationRange range =
      QuantizedActivationRange(Activation::NONE, output.scale(), output.zero_point());
  return UniformRescale{kInt8LeftShift, mi.multiplier, mi.shift, mo.multiplier,
                        mo.shift,       range.min,     range.max};
}

}  // namespace arenastore::planner
