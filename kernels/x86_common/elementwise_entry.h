// The portable half of the x86 add and mul variants, shared by x86_avx2 and x86_avx512vnni: the
// parameter checks (as ref's), the walk of the broadcast (x86_common/broadcast_rows.h) and the
// checked entries that call an ISA's kernel file. Neither op needs scratch. Never allocates;
// kKernelUnsupported when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/broadcast_rows.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

// add: rows of the broadcast, a vector at a time; params are checked and the output non-empty.
struct AddJob {
  const AddParams* params;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
  BroadcastRows rows;
};

using AddKernel = void (*)(const AddJob& job);

Status AddEntry(const X86Variant& variant, AddKernel kernel, const AddParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch);

// mul: likewise.
struct MulJob {
  const MulParams* params;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
  BroadcastRows rows;
};

using MulKernel = void (*)(const MulJob& job);

Status MulEntry(const X86Variant& variant, MulKernel kernel, const MulParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch);

}  // namespace arenastore::kernels::x86
