// What every x86_avx2 *_kernel.cc file (intrinsics, compiled with -mavx2 -mfma, x86-64 only)
// shares: its lanes. Each op's job and kernel-file functions are declared in ops/<op>/x86.h. Only
// constants live here, so no inline function is ever compiled with AVX2 flags in one file and
// picked by the linker for another. Never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_kind.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86_avx2::internal {

inline constexpr int32_t kLanes = x86::IsaTraits<Isa::kX86Avx2>::kLanes;  // of a ymm register

}  // namespace arenastore::kernels::x86_avx2::internal
