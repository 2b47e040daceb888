// The kernel ISA this board's runtime identifies as, as a compile-time constant: firmware knows
// its ISA when it is built, so nothing is parsed at boot. tools/device/CMakeLists.txt names it per
// board (ARENASTORE_DEVICE_ISA) and passes it to the libraries as ARENASTORE_RUNTIME_ISA
// (kernels/runtime_isa.h), so one value serves the runner, the gate-only image and the registry.
#pragma once

#include "kernels/runtime_isa.h"

namespace arenastore::device {

inline constexpr kernels::Isa kDeviceIsa = kernels::kRuntimeIsa;
static_assert(kernels::internal::SameName(kernels::IsaNameOf(kDeviceIsa), ARENASTORE_DEVICE_ISA),
              "the board's ISA (ARENASTORE_DEVICE_ISA) is the runtime's (ARENASTORE_RUNTIME_ISA)");

}  // namespace arenastore::device
