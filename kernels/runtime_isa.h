// The ISA a build's runtime identifies as: ARENASTORE_RUNTIME_ISA when the build names it (a
// firmware build for one core: tools/device, a firmware install), else ref. Read by the registry,
// which then keeps only that variant's rows and ref's (VariantKeptHere), and by the C API as its
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

// Whether this build keeps a variant's rows at all: a firmware's gate and executor only ever
// resolve its own ISA's rows or ref's, so the other variants' size functions and kernels stay
// out of its image.
constexpr bool VariantKeptHere([[maybe_unused]] Isa isa) {
#if defined(ARENASTORE_RUNTIME_ISA)
  return isa == Isa::kRef || isa == kRuntimeIsa;
#else
  return true;
#endif
}

}  // namespace arenastore::kernels
