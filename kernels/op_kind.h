// OpKind and Isa: the operator kinds (generated from ops/op_list.h) and the instruction-set
// variants the kernel library knows. Used by every layer; the numeric values are persisted in
// artifacts and in the store, so they never change: new kinds and ISAs are appended.
// Freestanding, allocation-free.
#pragma once

#include <cstdint>

#include "ops/op_list.h"

namespace arenastore::kernels {

// One value per line of ops/op_list.h, its persisted id.
enum class OpKind : uint8_t {
#define ARENASTORE_OP_KIND(id, name, Name, Options, options_id) k##Name = id,
  ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_KIND)
#undef ARENASTORE_OP_KIND
};
#define ARENASTORE_COUNT_OP(id, name, Name, Options, options_id) +1
inline constexpr int kOpKindCount = 0 ARENASTORE_FOR_EACH_OP(ARENASTORE_COUNT_OP);
#undef ARENASTORE_COUNT_OP

enum class Isa : uint8_t {
  kRef = 0,     // portable C++, the oracle every other variant must equal
  kArmDsp = 1,  // Cortex-M4/M7/M33 DSP extension
  kArmMve = 2,  // Cortex-M55/M85 Helium
  kX86Avx2 = 3,
  kX86Avx512Vnni = 4,
};
inline constexpr int kIsaCount = 5;

// The dtype signature of a kernel: the element type of its activations (weights stay int8 and
// biases int32, or int64 for int16 activations as TensorFlow Lite's 16x8 scheme has them).
// Persisted in the store's index; new signatures are appended.
enum class KernelDtype : uint8_t {
  kInt8 = 0,
  kInt16 = 1,
};
inline constexpr int kKernelDtypeCount = 2;

namespace internal {

inline constexpr const char* kIsaNames[kIsaCount] = {"ref", "arm_dsp", "arm_mve", "x86_avx2",
                                                     "x86_avx512vnni"};

constexpr bool SameName(const char* a, const char* b) {
  while (*a != '\0' && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

}  // namespace internal

// "conv2d", "depthwise_conv2d", ...; nullptr for an out-of-range value.
const char* OpKindName(OpKind kind);
// "ref", "arm_dsp", "arm_mve", "x86_avx2", "x86_avx512vnni"; nullptr for an out-of-range value.
const char* IsaName(Isa isa);
// "int8", "int16"; nullptr for an out-of-range value.
const char* KernelDtypeName(KernelDtype dtype);
// Inverse of the above; false when `name` is unknown.
bool ParseOpKind(const char* name, OpKind* kind);
// The name of a known ISA, at compile time.
constexpr const char* IsaNameOf(Isa isa) { return internal::kIsaNames[static_cast<int>(isa)]; }

// constexpr, so firmware that names its ISA at build time parses nothing at boot.
constexpr bool ParseIsa(const char* name, Isa* isa) {
  for (int i = 0; i < kIsaCount; ++i) {
    if (internal::SameName(name, internal::kIsaNames[i])) {
      *isa = static_cast<Isa>(i);
      return true;
    }
  }
  return false;
}
bool ParseKernelDtype(const char* name, KernelDtype* dtype);

}  // namespace arenastore::kernels
