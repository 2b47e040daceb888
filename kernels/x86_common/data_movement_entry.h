// The portable half of the x86 pad and concatenation variants, shared by x86_avx2 and
// x86_avx512vnni: the parameter checks (exactly ref's), the geometry, and the checked entries
// that call an ISA's kernel file. Both ops are byte moves, bit-exact with ref by construction;
// the variants gain by moving whole runs with vector loads and stores instead of a byte at a
// time. Neither needs scratch. Never allocates; kKernelUnsupported when the CPU lacks the ISA
// or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

// ref's padding right-aligned to kMaxPadRank dimensions, then with every unpadded innermost
// dimension merged into the one above it (a row of a 1x8x8x8 tensor padded in H and W is one
// 64-byte run between two 8-byte fills, not eight 8-byte runs).
struct PadJob {
  int32_t input[kMaxPadRank];
  int32_t before[kMaxPadRank];
  int32_t after[kMaxPadRank];
  int32_t output[kMaxPadRank];
  int8_t value;
  const int8_t* in;
  int8_t* out;
};

using PadKernel = void (*)(const PadJob& job);

Status PadEntry(const X86Variant& variant, PadKernel kernel, const PadParams& params,
                const int8_t* input, int8_t* output, std::span<uint8_t> scratch);

struct ConcatenationJob {
  const ConcatenationParams* params;
  const int8_t* const* inputs;
  int8_t* output;
};

using ConcatenationKernel = void (*)(const ConcatenationJob& job);

Status ConcatenationEntry(const X86Variant& variant, ConcatenationKernel kernel,
                          const ConcatenationParams& params, const int8_t* const* inputs,
                          int8_t* output, std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86
