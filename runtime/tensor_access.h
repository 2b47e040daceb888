// Small inline readers of verified artifact tensors (shape, element count, zero point, size).
// Used by validation, the op-params builder, the gate and the executor so every layer reads a
// tensor the same way. Callers pass tensors of an artifact that passed the FlatBuffers
// Verifier; the functions tolerate absent optional fields. Freestanding, allocation-free.
#pragma once

#include <climits>
#include <cstddef>
#include <cstdint>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::runtime {

inline int32_t Rank(const schema::Tensor& tensor) {
  return tensor.shape() == nullptr ? 0 : static_cast<int32_t>(tensor.shape()->size());
}

// Dimension `i` of the shape; 1 for a missing shape or an index past the rank.
inline int32_t Dim(const schema::Tensor& tensor, int32_t i) {
  if (tensor.shape() == nullptr || i < 0 || i >= Rank(tensor)) return 1;
  return tensor.shape()->Get(static_cast<flatbuffers::uoffset_t>(i));
}

inline int32_t LastDim(const schema::Tensor& tensor) { return Dim(tensor, Rank(tensor) - 1); }

// The most elements a tensor may have, wherever one is checked (the importer, artifact
// validation, op checks): kernels index in int32, so a count of INT32_MAX still fits.
inline constexpr int64_t kMaxTensorElements = INT32_MAX;

// Product of all dims in 64 bits; validation bounds it by kMaxTensorElements, so callers may
// narrow.
inline int64_t ElementCount(const schema::Tensor& tensor) {
  int64_t count = 1;
  for (int32_t i = 0; i < Rank(tensor); ++i) count *= Dim(tensor, i);
  return count;
}

// Bytes of one element; 0 for a type this runtime does not know (validation refuses those).
// Tables, not switches: on a microcontroller a lookup costs the fewest bytes of code.
inline constexpr uint8_t kElementBytes[] = {1, 4, 2, 8, 1, 4};  // INT8 INT32 INT16 INT64 BOOL F32
static_assert(sizeof(kElementBytes) == static_cast<size_t>(schema::DataType::MAX) + 1);
inline size_t ElementBytes(schema::DataType type) {
  const auto index = static_cast<size_t>(type);
  return index < sizeof(kElementBytes) ? kElementBytes[index] : 0;
}

// "int8", "int32", ...: the element type as messages spell it; "unknown" for an unknown value.
inline constexpr const char* kDataTypeNames[] = {"int8",  "int32", "int16",
                                                 "int64", "bool",  "float32"};
static_assert(sizeof(kDataTypeNames) / sizeof(kDataTypeNames[0]) ==
              static_cast<size_t>(schema::DataType::MAX) + 1);
inline const char* DataTypeName(schema::DataType type) {
  const auto index = static_cast<size_t>(type);
  return index <= static_cast<size_t>(schema::DataType::MAX) ? kDataTypeNames[index] : "unknown";
}

// Entry i of an int64 vector. The Verifier aligns vectors only to 4 bytes, so 8-byte elements
// are copied out rather than loaded in place (a misaligned load is undefined behaviour).
inline int64_t Int64At(const flatbuffers::Vector<int64_t>& vector, flatbuffers::uoffset_t i) {
  int64_t value;
  __builtin_memcpy(&value, vector.Data() + i * sizeof(int64_t), sizeof(value));
  return value;  // little-endian, as artifacts are (asserted in artifact_view.cc)
}

// The per-tensor zero point (the first entry), 0 when the tensor has none.
inline int32_t ZeroPoint(const schema::Tensor& tensor) {
  const schema::Quantization* quantization = tensor.quantization();
  if (quantization == nullptr || quantization->zero_point() == nullptr ||
      quantization->zero_point()->size() == 0) {
    return 0;
  }
  return static_cast<int32_t>(Int64At(*quantization->zero_point(), 0));
}

inline bool IsConstant(const schema::Tensor& tensor) { return tensor.pool() < 0; }

inline bool SameShape(const schema::Tensor& a, const schema::Tensor& b) {
  if (Rank(a) != Rank(b)) return false;
  for (int32_t i = 0; i < Rank(a); ++i) {
    if (Dim(a, i) != Dim(b, i)) return false;
  }
  return true;
}

}  // namespace arenastore::runtime
