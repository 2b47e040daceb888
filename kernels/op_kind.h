// OpKind and Isa: the operator kinds and instruction-set variants the kernel library knows.
// Used by every layer; the numeric values are persisted in artifacts and in the store, so they
// never change: new kinds and ISAs are appended. Freestanding, allocation-free.
#pragma once

#include <cstdint>

namespace arenastore::kernels {

enum class OpKind : uint8_t {
  kConv2d = 0,
  kDepthwiseConv2d = 1,
  kFullyConnected = 2,
  kBatchMatmul = 3,
  kTransposeConv2d = 4,
  kAveragePool2d = 5,
  kMaxPool2d = 6,
  kAdd = 7,
  kMul = 8,
  kSoftmax = 9,
  kReshape = 10,
  kPad = 11,
  kConcatenation = 12,
};
inline constexpr int kOpKindCount = 13;

enum class Isa : uint8_t {
  kRef = 0,     // portable C++, the oracle every other variant must equal
  kArmDsp = 1,  // Cortex-M4/M7/M33 DSP extension
  kArmMve = 2,  // Cortex-M55/M85 Helium
  kX86Avx2 = 3,
  kX86Avx512Vnni = 4,
};
inline constexpr int kIsaCount = 5;

// "conv2d", "depthwise_conv2d", ...; nullptr for an out-of-range value.
const char* OpKindName(OpKind kind);
// "ref", "arm_dsp", "arm_mve", "x86_avx2", "x86_avx512vnni"; nullptr for an out-of-range value.
const char* IsaName(Isa isa);
// Inverse of the above; false when `name` is unknown.
bool ParseOpKind(const char* name, OpKind* kind);
bool ParseIsa(const char* name, Isa* isa);

}  // namespace arenastore::kernels
