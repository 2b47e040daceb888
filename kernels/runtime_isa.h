// The ISA a build's runtime identifies as: ARENASTORE_RUNTIME_ISA when the build names it (a
// firmware build for one core: tools/device, a firmware install), else ref. Read by the registry,
// which then keeps only the rows that CPU runs (VariantKeptHere), and by the C API as its
// identity. A host build names none: it plans and judges for every ISA. Freestanding constants.
#pragma once

#include "kernels/op_kind.h"

namespace arenastore::kernels {

inline constexpr Isa kRuntimeIsa = [] {
  Isa isa = Isa::kRef;
#if defined(ARENASTORE_RUNTIME_ISA)
  ParseIsa(ARENASTORE_RUNTIME_ISA, &isa);
#endif
  return isa;
}();
#if defined(ARENASTORE_RUNTIME_ISA)
static_assert(internal::SameName(IsaNameOf(kRuntimeIsa), ARENASTORE_RUNTIME_ISA),
              "ARENASTORE_RUNTIME_ISA names an ISA the kernel library knows");
#endif

// Whether a CPU that runs `runtime` also runs `candidate`: AVX-512 VNNI parts have AVX2, Helium
// (MVE) cores have the DSP extension, and every core runs the portable code. The gate's
// fallback policy walks these.
constexpr bool CpuRuns(Isa runtime, Isa candidate) {
  return candidate == Isa::kRef || candidate == runtime ||
         (runtime == Isa::kX86Avx512Vnni && candidate == Isa::kX86Avx2) ||
         (runtime == Isa::kArmMve && candidate == Isa::kArmDsp);
}

// Whether this build keeps a variant's rows at all: a firmware's gate and executor only ever
// resolve variants its CPU runs (its own ISA's, the ones its fallback may pick, ref's), so the
// others' size functions and kernels stay out of its image.
constexpr bool VariantKeptHere([[maybe_unused]] Isa isa) {
#if defined(ARENASTORE_RUNTIME_ISA)
  return CpuRuns(kRuntimeIsa, isa);
#else
  return true;
#endif
}

}  // namespace arenastore::kernels
