#include "ops/cumsum/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/rescaled_operands.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "cumsum/ref";

}  // namespace

size_t CumsumScratchBytes(const CumsumParams&) { return 0; }

Status Cumsum(const CumsumParams& params, const int8_t* input, int8_t* output,
              std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), CumsumScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckCumsumParams(params, kName));
  // TFLM seeds every line's sum with the input offset taken as a value; kept, or outputs differ
  // whenever the zero point is not 0.
  const int32_t seed = RescaleOperand(params, params.input_offset);
  const ptrdiff_t inner = params.inner_size;
  const ptrdiff_t axis = params.axis_size;
  for (ptrdiff_t outer = 0; outer < params.outer_size; ++outer) {
    for (ptrdiff_t i = 0; i < inner; ++i) {
      const ptrdiff_t line = outer * axis * inner + i;
      int32_t sum = seed;
      for (ptrdiff_t step = 0; step < axis; ++step) {
        const ptrdiff_t k = params.reverse != 0 ? axis - 1 - step : step;
        const ptrdiff_t index = line + k * inner;
        const int32_t term = RescaleOperand(params, params.input_offset + input[index]);
        if (params.exclusive != 0) {
          output[index] = RequantizeSum(params, sum);
          sum = WrappingAdd(sum, term);
        } else {
          sum = WrappingAdd(sum, term);
          output[index] = RequantizeSum(params, sum);
        }
      }
    }
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
