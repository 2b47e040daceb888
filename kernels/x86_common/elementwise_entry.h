// The portable half of the x86 add, sub and mul variants, shared by x86_avx2 and x86_avx512vnni:
// the parameter checks (ref's own), the walk of the broadcast (x86_common/broadcast_rows.h), the
// checked entries that call an ISA's kernel file, and the split form (kernels/kernel_state.h,
// add and mul) that does the checks, the walk and the output requantization table once. No op
// needs scratch; the split form keeps its table in its own. Never allocates; kKernelUnsupported
// when the CPU lacks the ISA or off x86-64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/op_params.h"
#include "kernels/x86_common/broadcast_rows.h"
#include "kernels/x86_common/requant_table.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {

// add, sub (add's params and job) and mul: rows of the broadcast, a vector at a time; params are
// checked and the output non-empty.
template <typename Params>
struct ElementwiseJob {
  const Params* params;
  const int8_t* input1;
  const int8_t* input2;
  int8_t* output;
  BroadcastRows rows;
  // The per-tensor output requantization (ElementwiseOutputTable), when a split form built it
  // once; null: the kernel builds its own.
  const RequantTable* output_table;
};

using AddJob = ElementwiseJob<AddParams>;
using MulJob = ElementwiseJob<MulParams>;
using AddKernel = void (*)(const AddJob& job);
using MulKernel = void (*)(const MulJob& job);

Status AddEntry(const X86Variant& variant, AddKernel kernel, const AddParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch);

// sub runs add's job: its kernel files subtract the second scaled operand (ops/sub/x86.h).
Status SubEntry(const X86Variant& variant, AddKernel kernel, const SubParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch);

Status MulEntry(const X86Variant& variant, MulKernel kernel, const MulParams& params,
                const int8_t* input1, const int8_t* input2, int8_t* output,
                std::span<uint8_t> scratch);

// The output scale of add or mul as a table of `lanes` slots (all one channel) at `storage`
// (RequantTableBytes(lanes) bytes): the one the AVX-512 kernels' fast paths read.
template <typename Params>
RequantTable ElementwiseOutputTable(const Params& params, int32_t lanes, uint8_t* storage);

// The split form for `variant`'s `kernel` (null where its file is not compiled in): the own
// scratch holds the output table; run binds the operands and calls the kernel.
size_t ElementwiseSplitScratchBytes(int32_t lanes);
template <typename Params>
Status ElementwisePrepare(const X86Variant& variant, void (*kernel)(const ElementwiseJob<Params>&),
                          const Params& params, std::span<uint8_t> scratch, KernelState* state);
template <typename Params>
Status ElementwiseRun(void (*kernel)(const ElementwiseJob<Params>&), const Params& params,
                      const int8_t* input1, const int8_t* input2, int8_t* output,
                      std::span<uint8_t> scratch, const KernelState& state);

// The split form of add's or mul's x86_avx512vnni entry `Entry` (x86_common/x86_entry.h), as the
// op's x86.h names it for its registry row.
template <typename Entry, typename Params>
struct ElementwiseSplit {
  static size_t ScratchBytes(const Params&) {
    return ElementwiseSplitScratchBytes(Entry::kVariant.lanes);
  }
  static Status Prepare(const Params& params, std::span<uint8_t> scratch, KernelState* state) {
    return ElementwisePrepare<Params>(Entry::kVariant, Entry::kKernel, params, scratch, state);
  }
  static Status Run(const Params& params, const int8_t* input1, const int8_t* input2,
                    int8_t* output, std::span<uint8_t> scratch, const KernelState& state) {
    return ElementwiseRun<Params>(Entry::kKernel, params, input1, input2, output, scratch, state);
  }
};

}  // namespace arenastore::kernels::x86

// x86_avx512vnni::OpSplitScratchBytes, OpPrepare and OpRunPrepared: the split form of
// x86::Op<kX86Avx512Vnni> (ElementwiseSplit), the checks, the broadcast walk and the output
// requantization table once, the table in the form's own scratch, named for the op's registry
// row. At global scope in the op's x86.h (add, mul), after its entry.
#define ARENASTORE_X86_ELEMENTWISE_SPLIT(Op, Params)                             \
  namespace arenastore::kernels::x86_avx512vnni {                                \
  using Op##Split = x86::ElementwiseSplit<x86::Op<Isa::kX86Avx512Vnni>, Params>; \
  inline constexpr auto& Op##SplitScratchBytes = Op##Split::ScratchBytes;        \
  inline constexpr auto& Op##Prepare = Op##Split::Prepare;                       \
  inline constexpr auto& Op##RunPrepared = Op##Split::Run;                       \
  }
