// The kernel ISA this board's runtime identifies as (ARENASTORE_DEVICE_ISA, set per board by
// tools/device/CMakeLists.txt), as a compile-time constant: firmware knows its ISA when it is
// built, so nothing is parsed at boot. Used by the runner and the gate-only image.
#pragma once

#include "kernels/op_kind.h"

namespace arenastore::device {

inline constexpr kernels::Isa kDeviceIsa = [] {
  kernels::Isa isa = kernels::Isa::kRef;
  kernels::ParseIsa(ARENASTORE_DEVICE_ISA, &isa);
  return isa;
}();
static_assert(kernels::internal::SameName(kernels::IsaNameOf(kDeviceIsa), ARENASTORE_DEVICE_ISA),
              "ARENASTORE_DEVICE_ISA names an ISA the kernel library knows");

}  // namespace arenastore::device
