// add_n: the elementwise sum of N int8 tensors of one shape and one quantization, each rescaled
// as ADD rescales its inputs, the sum requantized to the output (TensorFlow Lite's int8 ADD_N).
// Its params (lowered by the planner and the runtime, read by ref.h) and the checks every
// variant runs before trusting them. Freestanding, allocation-free.
#pragma once

#include "kernels/param_types.h"
#include "kernels/params_check.h"

namespace arenastore::kernels {

struct AddNParams {
  int32_t num_inputs;                       // N >= 2, every input the output's shape
  int32_t element_count;                    // elements of each input and of the output
  int32_t input_offset;                     // minus the inputs' common zero point
  int32_t output_offset;                    // the output zero point
  int32_t left_shift;                       // headroom each offset input gets before its rescale
  int32_t input_multiplier, input_shift;    // every input's rescale (below one)
  int32_t output_multiplier, output_shift;  // the sum's requantization (below one)
  int32_t activation_min, activation_max;
};

inline constexpr OpArity kAddNArity = {2, kMaxOpInputs, false};
ARENASTORE_CORTEX_M_BYTES(AddNParams, 44);

Status CheckAddNParams(const AddNParams& params, const char* kernel);

// The params, and a non-null pointer for each of their inputs when they hold elements.
Status CheckAddNCall(const AddNParams& params, const int8_t* const* inputs, const char* kernel);

}  // namespace arenastore::kernels
