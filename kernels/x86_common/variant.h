// What an x86 variant is and how each op's one x86 entry (ops/<op>/x86.h, a template over the ISA
// instantiated for x86_avx2 and x86_avx512vnni) learns its ISA: X86Variant (ISA, lanes, name for
// messages, CPU feature), IsaTraits, Pick and VariantOf. CheckRunnable refuses a CPU without the
// ISA, or a kernel ARENASTORE_X86_KERNEL left null (off x86-64), with kKernelUnsupported.
// Freestanding, never allocates.
#pragma once

#include <cstdint>

#include "base/status.h"
#include "kernels/op_kind.h"
#include "kernels/x86_common/requant_table.h"

namespace arenastore::kernels::x86 {

struct X86Variant {
  Isa isa;
  int32_t lanes;        // int32 lanes of one vector: 8 (ymm) or 16 (zmm)
  const char* name;     // e.g. "max_pool2d/x86_avx2"
  const char* feature;  // what a CPU without the variant lacks, e.g. "AVX2"
};

// kKernelUnsupported unless this CPU supports the variant and its kernel file is `built` in.
Status CheckRunnable(const X86Variant& variant, bool built);

// The two x86 ISAs an entry is instantiated for; no other Isa has traits, so instantiating an
// entry for one does not compile.
template <Isa kIsa>
struct IsaTraits;

template <>
struct IsaTraits<Isa::kX86Avx2> {
  static constexpr int32_t kLanes = 8;  // int32 lanes of a ymm
  static constexpr const char* kFeature = "AVX2";
  static constexpr RequantForms kRequantForms = RequantForms::kNarrow;  // what its kernels read
};

template <>
struct IsaTraits<Isa::kX86Avx512Vnni> {
  static constexpr int32_t kLanes = 16;  // int32 lanes of a zmm
  static constexpr const char* kFeature = "AVX-512 VNNI";
  static constexpr RequantForms kRequantForms = RequantForms::kWide;
};

// kIsa's one of a pair given in ISA order, e.g. an op's two kernel-file functions.
template <Isa kIsa, typename T>
constexpr T Pick(T avx2, T avx512vnni) {
  static_assert(kIsa == Isa::kX86Avx2 || kIsa == Isa::kX86Avx512Vnni, "not an x86 ISA");
  return kIsa == Isa::kX86Avx2 ? avx2 : avx512vnni;
}

// The variant named `name` on kIsa: a piece only one ISA has (x86_avx512vnni's split forms).
template <Isa kIsa>
constexpr X86Variant VariantOf(const char* name) {
  return {kIsa, IsaTraits<kIsa>::kLanes, name, IsaTraits<kIsa>::kFeature};
}

// The variant an entry instantiated for kIsa reports, given both variants' names (spelt out, as
// the registry rows spell them, so a message's name is found by grep).
template <Isa kIsa>
constexpr X86Variant VariantOf(const char* avx2_name, const char* avx512vnni_name) {
  return VariantOf<kIsa>(Pick<kIsa>(avx2_name, avx512vnni_name));
}

}  // namespace arenastore::kernels::x86

#if defined(__x86_64__)
#define ARENASTORE_X86_KERNEL(fn) (&(fn))
#else
#define ARENASTORE_X86_KERNEL(fn) nullptr
#endif
