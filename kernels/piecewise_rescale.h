// PiecewiseRescale: the arithmetic TensorFlow Lite Micro's quantized relu, relu6 and leaky_relu
// share: centre on the input zero point, rescale with one multiplier for values >= 0 and another
// below, add the output zero point, clamp. The planner builds their int8 tables with it
// (ops/<op>/<op>_table.cc); for int16 a 65,536-entry table would not fit a device, so the
// TableLookupOptions table carries the rescale itself (EncodePiecewiseRescale, 32 bytes) and the
// int16 rows run ref::PiecewiseRescaleInt16 per element. Header-only, freestanding, never
// allocates. Errors: kKernelInvalidParams (record size or fields), kKernelScratchTooSmall.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "kernels/fixed_point.h"
#include "kernels/param_types.h"
#include "kernels/params_check.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels {

struct PiecewiseRescale {
  int32_t input_zero_point, output_zero_point;
  // real = multiplier * 2^(shift - 31); the alpha side may be negative (leaky_relu, alpha < 0).
  int32_t non_negative_multiplier, non_negative_shift;  // for input - input_zero_point >= 0
  int32_t negative_multiplier, negative_shift;          // below
  int32_t output_min, output_max;
};

inline constexpr int kPiecewiseRescaleWords = 8;
inline constexpr size_t kPiecewiseRescaleBytes = kPiecewiseRescaleWords * sizeof(int32_t);

// TensorFlow Lite Micro's Eval for one value (ReluQuantized, Relu6Quantized with the identity
// multiplier, QuantizeLeakyRelu). The sum wraps rather than overflow on hostile params.
inline int32_t ApplyPiecewiseRescale(const PiecewiseRescale& r, int32_t value) {
  const int32_t centred = value - r.input_zero_point;
  const bool non_negative = centred >= 0;
  const int32_t rescaled = MultiplyByQuantizedMultiplier(
      centred, non_negative ? r.non_negative_multiplier : r.negative_multiplier,
      non_negative ? r.non_negative_shift : r.negative_shift);
  return Clamp(WrappingAdd(r.output_zero_point, rescaled), r.output_min, r.output_max);
}

// The record as the artifact stores it: the eight fields in order, little-endian int32.
inline void EncodePiecewiseRescale(const PiecewiseRescale& r, uint8_t* bytes) {
  const int32_t words[kPiecewiseRescaleWords] = {
      r.input_zero_point,   r.output_zero_point,   r.non_negative_multiplier,
      r.non_negative_shift, r.negative_multiplier, r.negative_shift,
      r.output_min,         r.output_max};
  for (int w = 0; w < kPiecewiseRescaleWords; ++w) {
    const uint32_t word = static_cast<uint32_t>(words[w]);
    for (int b = 0; b < 4; ++b) bytes[w * 4 + b] = static_cast<uint8_t>(word >> (8 * b));
  }
}

inline PiecewiseRescale DecodePiecewiseRescale(const int8_t* bytes) {
  int32_t words[kPiecewiseRescaleWords];
  for (int w = 0; w < kPiecewiseRescaleWords; ++w) {
    uint32_t word = 0;
    for (int b = 0; b < 4; ++b) {
      word |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[w * 4 + b])) << (8 * b);
    }
    words[w] = static_cast<int32_t>(word);
  }
  return {words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7]};
}

// kKernelInvalidParams naming `kernel` unless the record fits int16 values: zero points and the
// output range inside int16 (min <= max), shifts in [-31, 30] as MultiplyByQuantizedMultiplier
// needs.
inline Status CheckInt16PiecewiseRescale(const PiecewiseRescale& r, const char* kernel) {
  const auto in_int16 = [](int32_t v) { return v >= INT16_MIN && v <= INT16_MAX; };
  const auto valid_shift = [](int32_t s) { return s >= -31 && s <= 30; };
  ARENASTORE_CHECK_PARAMS(
      kernel,
      in_int16(r.input_zero_point) && in_int16(r.output_zero_point) && in_int16(r.output_min) &&
          in_int16(r.output_max) && r.output_min <= r.output_max,
      "zero points %d, %d and output range [%d, %d] must be ordered int16 values",
      r.input_zero_point, r.output_zero_point, r.output_min, r.output_max);
  ARENASTORE_CHECK_PARAMS(kernel,
                          valid_shift(r.non_negative_shift) && valid_shift(r.negative_shift),
                          "shifts %d, %d not in [-31, 30]", r.non_negative_shift, r.negative_shift);
  return Status::Ok();
}

namespace ref {

// The int16 row of relu, relu6 and leaky_relu: params.table holds kPiecewiseRescaleBytes of
// record, params.elements the count. `kName` is the row's name ("relu/ref"). No scratch; output
// may equal input (in place).
template <const char* kName>
Status PiecewiseRescaleInt16(const TableLookupParams& params, const int16_t* input, int16_t* output,
                             std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), size_t{0});
  ARENASTORE_CHECK_OR_RETURN(params.table != nullptr && params.elements >= 0,
                             ErrorCode::kKernelInvalidParams, "%s: %s", kName,
                             params.table == nullptr ? "no rescale record" : "negative count");
  const PiecewiseRescale r = DecodePiecewiseRescale(params.table);
  ARENASTORE_RETURN_IF_ERROR(CheckInt16PiecewiseRescale(r, kName));
  for (int32_t i = 0; i < params.elements; ++i) {
    output[i] = static_cast<int16_t>(ApplyPiecewiseRescale(r, input[i]));
  }
  return Status::Ok();
}

}  // namespace ref
}  // namespace arenastore::kernels
