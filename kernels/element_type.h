// ElementType: the element type of an operand a conversion reads or writes (cast, requantize,
// quantize_float, dequantize; softmax's int8 or int16 output), lowered from the artifact's
// DataType by the planner and the runtime and carried in those ops' params, with the typed
// loads and saturating stores their kernels share. Freestanding, allocation-free.
#pragma once

#include <cstdint>

namespace arenastore::kernels {

enum class ElementType : int32_t { kInt8 = 0, kInt16 = 1, kInt32 = 2, kFloat32 = 3 };

inline constexpr bool IsIntegerType(ElementType type) {
  return type == ElementType::kInt8 || type == ElementType::kInt16 || type == ElementType::kInt32;
}

inline constexpr int32_t MinOf(ElementType type) {
  return type == ElementType::kInt8 ? -128 : type == ElementType::kInt16 ? -32768 : INT32_MIN;
}

inline constexpr int32_t MaxOf(ElementType type) {
  return type == ElementType::kInt8 ? 127 : type == ElementType::kInt16 ? 32767 : INT32_MAX;
}

// Element i of an integer operand (int8, int16 or int32) widened to int32.
inline int32_t LoadInteger(const void* data, ElementType type, int32_t i) {
  if (type == ElementType::kInt8) return static_cast<const int8_t*>(data)[i];
  if (type == ElementType::kInt16) return static_cast<const int16_t*>(data)[i];
  return static_cast<const int32_t*>(data)[i];
}

// Stores `value` clamped to the integer type's range as element i.
inline void StoreSaturated(void* data, ElementType type, int32_t i, int64_t value) {
  const int64_t clamped = value < MinOf(type)   ? MinOf(type)
                          : value > MaxOf(type) ? MaxOf(type)
                                                : value;
  if (type == ElementType::kInt8) {
    static_cast<int8_t*>(data)[i] = static_cast<int8_t>(clamped);
  } else if (type == ElementType::kInt16) {
    static_cast<int16_t*>(data)[i] = static_cast<int16_t>(clamped);
  } else {
    static_cast<int32_t*>(data)[i] = static_cast<int32_t>(clamped);
  }
}

}  // namespace arenastore::kernels
