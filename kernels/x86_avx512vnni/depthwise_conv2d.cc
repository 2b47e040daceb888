#include "kernels/x86_avx512vnni/depthwise_conv2d.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "depthwise_conv2d/x86_avx512vnni";
constexpr size_t kAlign = 64;
// A run's last vectors read (and then discard) up to 15 vectors of lanes past its end.
constexpr size_t kRingSlackBytes = 16 * 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

// The split form's tap offsets per ring slot (after the eval scratch), when small enough to be
// worth keeping (else each row fills its own, as eval does).
constexpr size_t kMaxSlotOffsetsBytes = 64 * 1024;

size_t SlotOffsetsBytes(const DepthwiseConv2dParams& p,
                        const internal::DepthwiseConv2dLayout& layout) {
  const size_t quad_taps =
      static_cast<size_t>(p.filter_h) * static_cast<size_t>((p.filter_w + 3) / 4);
  const size_t bytes = sizeof(int64_t) * static_cast<size_t>(layout.window.ring_rows) * quad_taps;
  return bytes <= kMaxSlotOffsetsBytes ? bytes : 0;
}

bool HasWork(const DepthwiseConv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0;
}

}  // namespace

internal::DepthwiseConv2dLayout DepthwiseConv2dLayoutOf(const DepthwiseConv2dParams& p) {
  internal::DepthwiseConv2dLayout layout{};
  if (!HasWork(p) || p.filter_h <= 0 || p.filter_w <= 0) return layout;
  layout.window = x86::DepthwiseWindowOf(p, internal::kLanes);
  layout.row_elems = layout.window.padded_w * p.output_c;
  const auto period = static_cast<size_t>(layout.window.period);
  const auto taps = static_cast<size_t>(layout.window.taps);
  layout.table_offset = 0;
  layout.weights_offset = AlignUp(x86::RequantTableBytes(layout.window.period));
  layout.offsets_offset = layout.weights_offset + taps * period * sizeof(int32_t);
  layout.ring_offset = AlignUp(layout.offsets_offset + taps * sizeof(int64_t));
  layout.total_bytes = layout.ring_offset +
                       static_cast<size_t>(layout.window.ring_rows) * layout.row_elems * 4 +
                       kRingSlackBytes;
  return layout;
}

size_t DepthwiseConv2dScratchBytes(const DepthwiseConv2dParams& params) {
  return DepthwiseConv2dLayoutOf(params).total_bytes;
}

size_t DepthwiseConv2dSplitScratchBytes(const DepthwiseConv2dParams& params) {
  const internal::DepthwiseConv2dLayout layout = DepthwiseConv2dLayoutOf(params);
  if (layout.total_bytes == 0) return 0;
  return AlignUp(layout.total_bytes) + SlotOffsetsBytes(params, layout);
}

namespace {

Status CheckCall(const DepthwiseConv2dParams& params, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), DepthwiseConv2dScratchBytes(params));
  return x86::CheckDepthwiseConv2dParams(params, kName);
}

Status CheckRunnable() {
  ARENASTORE_CHECK_OR_RETURN(CpuSupportsIsa(Isa::kX86Avx512Vnni), ErrorCode::kKernelUnsupported,
                             "%s: this CPU lacks AVX-512 VNNI", kName);
#if defined(__x86_64__)
  return Status::Ok();
#else
  return Status::Error(ErrorCode::kKernelUnsupported, "%s: built without x86-64 support", kName);
#endif
}

#if defined(__x86_64__)
// A job over `scratch` with its requantization table filled.
internal::DepthwiseConv2dJob JobOf(const DepthwiseConv2dParams& params, const int8_t* input,
                                   const int8_t* filter, const int32_t* bias, int8_t* output,
                                   std::span<uint8_t> scratch) {
  internal::DepthwiseConv2dJob job{
      &params, input,  filter, bias, output, scratch.data(), DepthwiseConv2dLayoutOf(params),
      {},      nullptr};
  const int32_t period = job.layout.window.period;
  const int32_t channels = params.output_c;
  // Slot s of a run serves channel s % C (flat runs) or s (< C, per-pixel runs).
  job.table = x86::FillRequantTable(
      params.requant, params.output_zero_point, params.activation_min, params.activation_max,
      period, internal::kLanes, {job.layout.window.flat ? channels : period, channels, 0},
      scratch.data() + job.layout.table_offset, x86::RequantForms::kWide);
  return job;
}
#endif

// What DepthwiseConv2dPrepare keeps for DepthwiseConv2dRunPrepared.
struct PreparedDepthwiseConv2d {
  internal::DepthwiseConv2dJob job;  // params, input and output are set per call
  bool has_work;
  bool bounded;
};
static_assert(sizeof(PreparedDepthwiseConv2d) <= sizeof(KernelState));

}  // namespace

Status DepthwiseConv2d(const DepthwiseConv2dParams& params, const int8_t* input,
                       const int8_t* filter, const int32_t* bias, int8_t* output,
                       std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckCall(params, scratch));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable());
#if defined(__x86_64__)
  internal::RunDepthwiseConv2d(JobOf(params, input, filter, bias, output, scratch));
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
#endif
  return Status::Ok();
}

Status DepthwiseConv2dPrepare(const DepthwiseConv2dParams& params, const int8_t* filter,
                              const int32_t* bias, std::span<uint8_t> scratch, KernelState* state) {
  ARENASTORE_RETURN_IF_ERROR(CheckCall(params, scratch));
  PreparedDepthwiseConv2d prepared{{}, HasWork(params), false};
  prepared.job.scratch = scratch.data();
  if (prepared.has_work) {
    ARENASTORE_RETURN_IF_ERROR(CheckRunnable());
#if defined(__x86_64__)
    prepared.job = JobOf(params, nullptr, filter, bias, nullptr, scratch);
    prepared.bounded = internal::PrepareDepthwiseConv2d(prepared.job);
    // With room for it (DepthwiseConv2dSplitScratchBytes), every ring slot's offsets once.
    const size_t offsets_at = AlignUp(prepared.job.layout.total_bytes);
    const size_t offsets_bytes = SlotOffsetsBytes(params, prepared.job.layout);
    if (offsets_bytes > 0 && scratch.size() >= offsets_at + offsets_bytes) {
      auto* slot_offsets = reinterpret_cast<int64_t*>(scratch.data() + offsets_at);
      internal::FillSlotTapOffsets(prepared.job, slot_offsets);
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

Status DepthwiseConv2dRunPrepared(const DepthwiseConv2dParams& params, const int8_t* input,
                                  int8_t* output, std::span<uint8_t> scratch,
                                  const KernelState& state) {
  PreparedDepthwiseConv2d prepared;
  __builtin_memcpy(&prepared, state.bytes, sizeof(prepared));
  ARENASTORE_CHECK_OR_RETURN(prepared.job.scratch == scratch.data(), ErrorCode::kInvalidArgument,
                             "%s: run on another scratch than it was prepared with", kName);
  if (!prepared.has_work) return Status::Ok();
#if defined(__x86_64__)
  prepared.job.params = &params;
  prepared.job.input = input;
  prepared.job.output = output;
  internal::ConvolveDepthwise(prepared.job, prepared.bounded);
#else
  static_cast<void>(params);
  static_cast<void>(input);
  static_cast<void>(output);
#endif
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86_avx512vnni
