#include "ops/svdf/ref.h"

#include <cstring>

#include "kernels/fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "svdf/ref";

struct Sizes {
  ptrdiff_t batches, input_size, filters, memory, units, rank;
};

Sizes SizesOf(const SvdfParams& p) {
  return {p.batches, p.input_size, p.filters, p.memory, SvdfUnits(p), p.rank};
}

// Drops each filter's oldest step and writes the newest: input x weights_feature, rescaled.
template <typename State>
void PushFeatures(const SvdfParams& p, const Sizes& n, const int8_t* input,
                  const int8_t* weights_feature, State* state) {
  // The whole state moves back one element; each filter's last slot is then overwritten.
  const ptrdiff_t state_elements = n.batches * n.filters * n.memory;
  std::memmove(state, state + 1, static_cast<size_t>(state_elements - 1) * sizeof(State));
  const int32_t lowest = MinOf(p.state_type), highest = MaxOf(p.state_type);
  for (ptrdiff_t b = 0; b < n.batches; ++b) {
    const int8_t* row = input + b * n.input_size;
    for (ptrdiff_t f = 0; f < n.filters; ++f) {
      const int8_t* weights = weights_feature + f * n.input_size;
      int32_t dot = 0;
      for (ptrdiff_t i = 0; i < n.input_size; ++i) {
        dot = WrappingAdd(dot, weights[i] * (row[i] - p.input_zero_point));
      }
      // TFLM clamps to the state's type first and adds the zero point after, narrowing the sum
      // to the state's type (an int8 state with a zero point can wrap); kept, or the state
      // drifts from TFLM's.
      const int32_t rescaled =
          Clamp(MultiplyByQuantizedMultiplier(dot, p.feature_multiplier, p.feature_shift), lowest,
                highest);
      state[(b * n.filters + f) * n.memory + n.memory - 1] =
          static_cast<State>(WrappingAdd(rescaled, p.state_zero_point));
    }
  }
}

// Each filter's memory dotted with its time weights, into filter_sums[batch][filter].
template <typename State>
void DotTime(const SvdfParams& p, const Sizes& n, const State* weights_time, const State* state,
             int32_t* filter_sums) {
  for (ptrdiff_t b = 0; b < n.batches; ++b) {
    for (ptrdiff_t f = 0; f < n.filters; ++f) {
      const State* memory = state + (b * n.filters + f) * n.memory;
      const State* weights = weights_time + f * n.memory;
      int32_t sum = 0;
      for (ptrdiff_t m = 0; m < n.memory; ++m) {
        sum = WrappingAdd(sum, weights[m] * (memory[m] - p.state_zero_point));
      }
      filter_sums[b * n.filters + f] = sum;
    }
  }
}

template <typename State>
void Run(const SvdfParams& p, const int8_t* input, const int8_t* weights_feature,
         const State* weights_time, State* state, const int32_t* bias, int8_t* output,
         int32_t* filter_sums, int32_t* unit_sums) {
  const Sizes n = SizesOf(p);
  PushFeatures(p, n, input, weights_feature, state);
  DotTime(p, n, weights_time, state, filter_sums);
  for (ptrdiff_t b = 0; b < n.batches; ++b) {
    for (ptrdiff_t u = 0; u < n.units; ++u) {
      int32_t sum = bias != nullptr ? bias[u] : 0;
      for (ptrdiff_t r = 0; r < n.rank; ++r) {
        sum = WrappingAdd(sum, filter_sums[b * n.filters + u * n.rank + r]);
      }
      unit_sums[b * n.units + u] = sum;
    }
  }
  for (ptrdiff_t i = 0; i < n.batches * n.units; ++i) {
    const int32_t value =
        WrappingAdd(MultiplyByQuantizedMultiplier(unit_sums[i], p.time_multiplier, p.time_shift),
                    p.output_zero_point);
    output[i] = static_cast<int8_t>(Clamp(value, -128, 127));
  }
}

}  // namespace

size_t SvdfScratchBytes(const SvdfParams& params) {
  return (static_cast<size_t>(params.batches) * static_cast<size_t>(params.filters) +
          static_cast<size_t>(params.batches) * static_cast<size_t>(SvdfUnits(params))) *
         sizeof(int32_t);
}

Status Svdf(const SvdfParams& params, const int8_t* input, const int8_t* weights_feature,
            const void* weights_time, void* state, const int32_t* bias, int8_t* output,
            std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckSvdfParams(params, kName));
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SvdfScratchBytes(params));
  ARENASTORE_CHECK_OR_RETURN(state != nullptr && weights_time != nullptr,
                             ErrorCode::kKernelInvalidParams, "%s: state or weights_time missing",
                             kName);
  auto* filter_sums = reinterpret_cast<int32_t*>(scratch.data());
  int32_t* unit_sums = filter_sums + ptrdiff_t{params.batches} * params.filters;
  if (params.state_type == ElementType::kInt16) {
    Run(params, input, weights_feature, static_cast<const int16_t*>(weights_time),
        static_cast<int16_t*>(state), bias, output, filter_sums, unit_sums);
  } else {
    Run(params, input, weights_feature, static_cast<const int8_t*>(weights_time),
        static_cast<int8_t*>(state), bias, output, filter_sums, unit_sums);
  }
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
