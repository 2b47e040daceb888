#include "ops/div/ref.h"

#include "kernels/broadcast.h"
#include "kernels/fixed_point.h"
#include "kernels/gemmlowp_fixed_point.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "div/ref";

// Redundant sign bits of x: how far it can shift left without overflow (31 for 0).
int CountLeadingSignBits(int32_t x) {
  const uint32_t magnitude =
      x >= 0 ? static_cast<uint32_t>(x) : ~static_cast<uint32_t>(x);  // same leading bits
  return fixed_point::CountLeadingZeros(magnitude) - 1;
}

// x / 2^exponent rounded as RoundingDivideByPOT, for the exponents DIV's folded shift reaches.
// TFLM calls gemmlowp's RoundingDivideByPOT with exponents above 31 when the quotient is far
// below one output step; its x86 build (the oracle) then shifts by exponent mod 32 with an
// all-ones mask. Reproduced here with defined arithmetic so that every target agrees.
int32_t DivideByPowerOfTwo(int32_t x, int exponent) {
  if (exponent <= 31) return RoundingDivideByPOT(x, exponent);
  const int32_t round_up = x >= 0 ? 1 : 0;  // the remainder x beats the threshold -1 + (x < 0)
  return (x >> (exponent & 31)) + round_up;
}

int8_t DivElement(const DivParams& p, int8_t a, int8_t b) {
  int32_t dividend = p.input1_offset + a;
  int32_t divisor = p.input2_offset + b;
  // The reciprocal must be positive to serve as a multiplier: the sign moves to the dividend.
  if (divisor < 0) {
    dividend = -dividend;
    divisor = -divisor;
  }
  // A zero divisor (real 0) is undefined in TFLM; GetReciprocal(0) is defined here, so the
  // element gets some value instead of undefined behaviour.
  int reciprocal_shift = 0;
  const int32_t reciprocal = fixed_point::GetReciprocal(divisor, 31, &reciprocal_shift);
  const int headroom = CountLeadingSignBits(dividend);
  const int32_t unscaled_quotient = SaturatingRoundingDoublingHighMul(
      static_cast<int32_t>(static_cast<uint32_t>(dividend) << headroom), reciprocal);
  const int total_shift = p.output_shift - reciprocal_shift - headroom;
  const int32_t product = SaturatingRoundingDoublingHighMul(unscaled_quotient, p.output_multiplier);
  const int32_t quotient = p.output_offset + DivideByPowerOfTwo(product, -total_shift);
  return static_cast<int8_t>(Clamp(quotient, p.activation_min, p.activation_max));
}

}  // namespace

size_t DivScratchBytes(const DivParams&) { return 0; }

Status Div(const DivParams& params, const int8_t* input1, const int8_t* input2, int8_t* output,
           std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DivScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckDivParams(params, kName));
  ForEachBroadcastElement(params.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    output[out] = DivElement(params, input1[in1], input2[in2]);
  });
  return Status::Ok();
}

}  // namespace arenastore::kernels::ref
