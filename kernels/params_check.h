// How an operator's params check reports a field it cannot trust, and the ranges most checks ask
// for. Every op declares `Status Check<Name>Params(const <Name>Params&, const char* kernel)`
// (ops/<op>/<op>.h), the one check every variant runs before trusting its params: Ok, or
// kKernelInvalidParams naming the kernel and the field ("conv2d/ref: stride 0x1 ..."). Used by
// those checks and the family checks in kernels/. Freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "base/status.h"

// Returns kKernelInvalidParams "<kernel>: <format...>" from the enclosing function unless `cond`.
#define ARENASTORE_CHECK_PARAMS(kernel, cond, format, ...)                                       \
  ARENASTORE_CHECK_OR_RETURN(cond, ::arenastore::ErrorCode::kKernelInvalidParams, "%s: " format, \
                             kernel __VA_OPT__(, ) __VA_ARGS__)

namespace arenastore::kernels {

// TensorFlow Lite's quantized multipliers keep their shift in [-31, 30]; outside it the shifts
// of MultiplyByQuantizedMultiplier are undefined.
inline constexpr bool IsValidShift(int32_t shift) { return shift >= -31 && shift <= 30; }

// The shift of a multiplier below one (an input's rescale): [-31, 0].
inline constexpr bool IsRightShift(int32_t shift) { return shift >= -31 && shift <= 0; }

inline constexpr bool IsInt8ZeroPoint(int32_t zero_point) {
  return zero_point >= -128 && zero_point <= 127;
}

// An offset added to int8 values: minus a zero point, so [-128, 128] covers either sign.
inline constexpr bool IsInt8Offset(int32_t offset) { return offset >= -128 && offset <= 128; }

// kKernelInvalidParams naming `kernel` unless a binary elementwise op's three offsets (input1,
// input2, output) each lie in [-max_offset, max_offset].
template <typename Params>
Status CheckBinaryOffsets(const Params& p, const char* kernel, int32_t max_offset) {
  auto within = [&](int32_t offset) { return offset >= -max_offset && offset <= max_offset; };
  ARENASTORE_CHECK_PARAMS(
      kernel, within(p.input1_offset) && within(p.input2_offset) && within(p.output_offset),
      "offsets %d, %d, %d not in [-%d, %d]", p.input1_offset, p.input2_offset, p.output_offset,
      max_offset, max_offset);
  return Status::Ok();
}

}  // namespace arenastore::kernels
