// The rescale an int16 (16x8) unary op applies per element where its int8 form looks a table
// up (ABS, RSQRT): a 65,536-entry table would cost 128 KiB of artifact, so the op's
// TableLookupOptions table holds instead this record of kInt16RescaleBytes bytes, the Q31
// multiplier and then the shift of TensorFlow Lite's QuantizeMultiplier, each little-endian
// int32. Written by the planner (planner/table_lookup_planning.h), size-checked by the runtime
// (runtime/table_lookup_lowering.cc), read by those ops' int16 kernels. Freestanding, header-only.
#pragma once

#include <cstdint>

#include "kernels/param_types.h"

namespace arenastore::kernels {

inline constexpr int32_t kInt16RescaleBytes = 8;

struct Int16Rescale {
  int32_t multiplier;
  int32_t shift;
};

// The record params.table points at (kInt16RescaleBytes bytes, any alignment).
inline Int16Rescale ReadInt16Rescale(const TableLookupParams& params) {
  const auto* bytes = reinterpret_cast<const uint8_t*>(params.table);
  auto word = [&](int offset) {
    return static_cast<int32_t>(static_cast<uint32_t>(bytes[offset]) |
                                static_cast<uint32_t>(bytes[offset + 1]) << 8 |
                                static_cast<uint32_t>(bytes[offset + 2]) << 16 |
                                static_cast<uint32_t>(bytes[offset + 3]) << 24);
  };
  return {word(0), word(4)};
}

}  // namespace arenastore::kernels
