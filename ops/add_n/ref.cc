#include "ops/add_n/ref.h"

#include "kernels/fixed_point.h"
#include "kernels/rescaled_operands.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "add_n/ref";

}  // namespace

size_t AddNScratchBytes(const AddNParams&) { return 0; }

Status AddN(const AddNParams& params, const int8_t* const* inputs, int8_t* output,
            std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), AddNScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckAddNCall(params, inputs, kName));
  // TFLM seeds every sum with the input offset taken as a value (its "x = 0" comment notwith-
  // standing); kept, or outputs differ whenever the zero point is not 0.
  const int32_t seed = RescaleOperand(params, params.input_offset);
  for (ptrdiff_t i = 0; i < params.element_count; ++i) {
    int32_t sum = seed;
    for (int32_t k = 0; k < params.num_inputs; ++k) {
      sum = WrappingAdd(sum, RescaleOperand(params, params.input_offset + inputs[k][i]));
    }
    output[i] = RequantizeSum(params, sum);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
