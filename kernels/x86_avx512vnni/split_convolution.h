// The split form (kernels/kernel_state.h) that conv2d and depthwise_conv2d share: prepare checks
// the call, fills the requantization table, packs the weights and start values and, with room
// for them after the eval scratch, every ring slot's offsets; run convolves from all that. `Op`
// supplies each op's pieces (see ops/conv2d/x86.cc); ARENASTORE_X86_SPLIT_CONVOLUTION declares the
// op's functions over them, in its x86.h. Portable; never allocates.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/kernel_state.h"
#include "kernels/x86_common/x86_entry.h"

namespace arenastore::kernels::x86_avx512vnni::internal {

inline constexpr size_t kSplitAlign = 64;

inline size_t SplitAlignUp(size_t bytes) {
  return (bytes + kSplitAlign - 1) / kSplitAlign * kSplitAlign;
}

// The split form's ring-slot offsets are kept when at most this big (else each row fills its
// own, as eval does).
inline constexpr size_t kMaxSlotOffsetsBytes = 64 * 1024;

// What prepare keeps for run. `Job` holds the layout, the table and the slot offsets.
template <typename Job>
struct PreparedConvolution {
  Job job;  // params, input and output are set per call
  bool has_work;
  bool bounded;
};

// The split form's own scratch: the eval scratch, then the slot offsets.
template <typename Op, typename Params>
size_t SplitConvolutionScratchBytes(const Params& params) {
  const auto layout = Op::LayoutOf(params);
  if (layout.total_bytes == 0) return 0;
  const size_t offsets = Op::SlotOffsetsBytes(params, layout);
  return SplitAlignUp(layout.total_bytes) + (offsets <= kMaxSlotOffsetsBytes ? offsets : 0);
}

template <typename Op, typename Params>
Status PrepareConvolution(const Params& params, const int8_t* filter, const int32_t* bias,
                          std::span<uint8_t> scratch, KernelState* state) {
  using Job = decltype(Op::JobOf(params, nullptr, filter, bias, nullptr, scratch));
  static_assert(sizeof(PreparedConvolution<Job>) <= sizeof(KernelState));
  ARENASTORE_RETURN_IF_ERROR(Op::CheckCall(params, scratch));
  PreparedConvolution<Job> prepared{{}, Op::HasWork(params), false};
  prepared.job.scratch = scratch.data();
  if (prepared.has_work) {
    ARENASTORE_RETURN_IF_ERROR(Op::CheckRunnable());
#if defined(__x86_64__)
    prepared.job = Op::JobOf(params, nullptr, filter, bias, nullptr, scratch);
    prepared.bounded = Op::Prepare(prepared.job);
    const size_t offsets_at = SplitAlignUp(prepared.job.layout.total_bytes);
    const size_t offsets_bytes = Op::SlotOffsetsBytes(params, prepared.job.layout);
    if (offsets_bytes <= kMaxSlotOffsetsBytes && scratch.size() >= offsets_at + offsets_bytes) {
      auto* slot_offsets = reinterpret_cast<int64_t*>(scratch.data() + offsets_at);
      Op::FillSlotOffsets(prepared.job, slot_offsets);
      prepared.job.slot_offsets = slot_offsets;
    }
#else
    static_cast<void>(filter);
    static_cast<void>(bias);
#endif
  }
  __builtin_memcpy(state->bytes, &prepared, sizeof(prepared));
  return Status::Ok();
}

template <typename Op, typename Params>
Status RunPreparedConvolution(const Params& params, const int8_t* input, int8_t* output,
                              std::span<uint8_t> scratch, const KernelState& state) {
  using Job = decltype(Op::JobOf(params, nullptr, nullptr, nullptr, nullptr, scratch));
  PreparedConvolution<Job> prepared;
  __builtin_memcpy(&prepared, state.bytes, sizeof(prepared));
  ARENASTORE_CHECK_OR_RETURN(prepared.job.scratch == scratch.data(), ErrorCode::kInvalidArgument,
                             "%s: run on another scratch than it was prepared with", Op::kName);
  if (!prepared.has_work) return Status::Ok();
#if defined(__x86_64__)
  prepared.job.params = &params;
  prepared.job.input = input;
  prepared.job.output = output;
  Op::Convolve(prepared.job, prepared.bounded);
  return Status::Ok();
#else
  static_cast<void>(input);
  static_cast<void>(output);
  return Op::CheckRunnable();  // prepare refused already: no kernel file off x86-64
#endif
}

}  // namespace arenastore::kernels::x86_avx512vnni::internal

// x86_avx512vnni's split form of convolution Op (kernels/kernel_state.h), defined in the op's
// x86.cc over the templates above: OpPrepare fills the requantization table and packs the filter
// and start values into `scratch` once; OpRunPrepared convolves from them on every call, given the
// same params and scratch, untouched in between; same errors as Op. Its own scratch,
// OpSplitScratchBytes: Op's scratch, then every ring slot's offsets.
#define ARENASTORE_X86_SPLIT_CONVOLUTION(Op, Params)                                  \
  namespace arenastore::kernels::x86_avx512vnni {                                     \
  size_t Op##SplitScratchBytes(const Params& params);                                 \
  Status Op##Prepare(const Params& params, const int8_t* filter, const int32_t* bias, \
                     std::span<uint8_t> scratch, KernelState* state);                 \
  Status Op##RunPrepared(const Params& params, const int8_t* input, int8_t* output,   \
                         std::span<uint8_t> scratch, const KernelState& state);       \
  }

// A convolution's x86 variants (conv2d, depthwise_conv2d), at global scope in its x86.h after
// x86::OpJob: x86::OpKernel, each ISA's kernel-file function fn of that type
// (ARENASTORE_X86_KERNEL_FILES), the entry x86::Op<isa> over (input, filter, bias, output) with the
// scratch it plans and its names (ARENASTORE_X86_SCRATCH_ENTRY), x86_avx512vnni's split form, and
// fn in the two steps that form takes (ops/<op>/x86_avx512vnni_kernel.cc): PrepareOp packs the
// weights and start values into the job's scratch (its table already filled) and returns whether
// the bounded (short) requantization applies; FillSlotOffsets fills every ring slot's offsets;
// ConvolveOp then convolves from them, as often as wanted.
#define ARENASTORE_X86_CONVOLUTION(Op, Params, fn)                                    \
  namespace arenastore::kernels::x86 {                                                \
  using Op##Kernel = void (*)(const Op##Job& job);                                    \
  }                                                                                   \
  ARENASTORE_X86_KERNEL_FILES(Op##Kernel, fn)                                         \
  ARENASTORE_X86_SCRATCH_ENTRY(Op, Params, const int8_t* input, const int8_t* filter, \
                               const int32_t* bias, int8_t* output)                   \
  ARENASTORE_X86_SPLIT_CONVOLUTION(Op, Params)                                        \
  namespace arenastore::kernels::x86_avx512vnni::internal {                           \
  bool Prepare##Op(const x86::Op##Job& job);                                          \
  void FillSlotOffsets(const x86::Op##Job& job, int64_t* slot_offsets);               \
  void Convolve##Op(const x86::Op##Job& job, bool bounded);                           \
  }
