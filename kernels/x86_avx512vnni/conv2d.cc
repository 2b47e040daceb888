#include "kernels/x86_avx512vnni/conv2d.h"

#include "kernels/cpu_features.h"
#include "kernels/scratch_check.h"
#include "kernels/x86_common/param_checks.h"

namespace arenastore::kernels::x86_avx512vnni {
namespace {

constexpr const char* kName = "conv2d/x86_avx512vnni";
constexpr size_t kAlign = 64;
// Reads of a run's last 4-byte group may pass the end of the ring by up to 3 bytes.
constexpr size_t kRingSlackBytes = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

// The split form's table of k-group offsets per group and ring slot (after the eval scratch),
// when it is small enough to be worth keeping (else each row fills its own, as eval does).
constexpr size_t kMaxSlotOffsetsBytes = 64 * 1024;

size_t SlotOffsetsBytes(const Conv2dParams& p, const internal::Conv2dLayout& layout) {
  const size_t bytes = sizeof(int64_t) * static_cast<size_t>(p.groups) *
                       static_cast<size_t>(layout.window.ring_rows) *
                       static_cast<size_t>(layout.kgroups);
  return bytes <= kMaxSlotOffsetsBytes ? bytes : 0;
}

bool HasWork(const Conv2dParams& p) {
  return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0 && p.input_c > 0 &&
         p.filter_h > 0 && p.filter_w > 0 && p.groups > 0 && p.input_c % p.groups == 0 &&
         p.output_c % p.groups == 0;
}

}  // namespace

internal::Conv2dLayout Conv2dLayoutOf(const Conv2dParams& p) {
  internal::Conv2dLayout layout{};
  if (!HasWork(p)) return layout;
  layout.window = x86::ConvWindowOf(p);
  const int32_t filters_per_group = p.output_c / p.groups;
  layout.blocks_per_group = (filters_per_group + internal::kLanes - 1) / internal::kLanes;
  layout.kgroups = layout.window.segments * ((layout.window.segment_elems + 3) / 4);
  layout.row_bytes = layout.window.padded_w * p.input_c;
  layout.pair_form = p.groups == 1 && p.output_c <= internal::kLanes / 2;
  const auto slots = static_cast<int32_t>(p.groups * layout.blocks_per_group * internal::kLanes);
  layout.table_offset = 0;
  layout.weights_offset = AlignUp(x86::RequantTableBytes(slots));
  const size_t weight_bytes = static_cast<size_t>(p.groups) * layout.blocks_per_group *
                              static_cast<size_t>(layout.kgroups) * 64;
  layout.offsets_offset = layout.weights_offset + weight_bytes;
  layout.ring_offset =
      AlignUp(layout.offsets_offset + sizeof(int64_t) * static_cast<size_t>(layout.kgroups));
  layout.total_bytes = layout.ring_offset +
                       static_cast<size_t>(layout.window.ring_rows) * layout.row_bytes +
                       kRingSlackBytes;
  return layout;
}

size_t Conv2dScratchBytes(const Conv2dParams& params) { return Conv2dLayoutOf(params).total_bytes; }

size_t Conv2dSplitScratchBytes(const Conv2dParams& params) {
  const internal::Conv2dLayout layout = Conv2dLayoutOf(params);
  if (layout.total_bytes == 0) return 0;
  return AlignUp(layout.total_bytes) + SlotOffsetsBytes(params, layout);
}

namespace {

// Scratch and params, then (for a call with work) that this CPU and build can run it.
Status CheckCall(const Conv2dParams& params, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), Conv2dScratchBytes(params));
  return x86::CheckConv2dParams(params, kName);
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
internal::Conv2dJob JobOf(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                          const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  internal::Conv2dJob job{
      &params, input, filter, bias, output, scratch.data(), Conv2dLayoutOf(params), {}, nullptr};
  const int32_t filters_per_group = params.output_c / params.groups;
  // The pair form's lanes serve channel lane % 8 (a pattern repeating every 8 slots).
  const x86::SlotMap map = job.layout.pair_form
                               ? x86::SlotMap{internal::kLanes / 2, filters_per_group, 0}
                               : x86::SlotMap{job.layout.blocks_per_group * internal::kLanes,
                                              filters_per_group, filters_per_group};
  job.table = x86::FillRequantTable(
      params.requant, params.output_zero_point, params.activation_min, params.activation_max,
      params.groups * job.layout.blocks_per_group * internal::kLanes, internal::kLanes, map,
      scratch.data() + job.layout.table_offset, x86::RequantForms::kWide);
  return job;
}
#endif

// What Conv2dPrepare keeps for Conv2dRunPrepared.
struct PreparedConv2d {
  internal::Conv2dJob job;  // params, input and output are set per call
  bool has_work;
  bool bounded;
};
static_assert(sizeof(PreparedConv2d) <= sizeof(KernelState));

}  // namespace

Status Conv2d(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
              const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  ARENASTORE_RETURN_IF_ERROR(CheckCall(params, scratch));
  if (!HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable());
#if defined(__x86_64__)
  internal::RunConv2d(JobOf(params, input, filter, bias, output, scratch));
#else
  static_cast<void>(input);
  static_cast<void>(filter);
  static_cast<void>(bias);
  static_cast<void>(output);
#endif
  return Status::Ok();
}

Status Conv2dPrepare(const Conv2dParams& params, const int8_t* filter, const int32_t* bias,
                     std::span<uint8_t> scratch, KernelState* state) {
  ARENASTORE_RETURN_IF_ERROR(CheckCall(params, scratch));
  PreparedConv2d prepared{{}, HasWork(params), false};
  prepared.job.scratch = scratch.data();
  if (prepared.has_work) {
    ARENASTORE_RETURN_IF_ERROR(CheckRunnable());
#if defined(__x86_64__)
    prepared.job = JobOf(params, nullptr, filter, bias, nullptr, scratch);
    prepared.bounded = internal::PrepareConv2d(prepared.job);
    // With room for it (Conv2dSplitScratchBytes), the offsets of every ring slot once.
    const size_t offsets_at = AlignUp(prepared.job.layout.total_bytes);
    const size_t offsets_bytes = SlotOffsetsBytes(params, prepared.job.layout);
    if (offsets_bytes > 0 && scratch.size() >= offsets_at + offsets_bytes) {
      auto* slot_offsets = reinterpret_cast<int64_t*>(scratch.data() + offsets_at);
      internal::FillSlotOffsets(prepared.job, slot_offsets);
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

Status Conv2dRunPrepared(const Conv2dParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch, const KernelState& state) {
  PreparedConv2d prepared;
  __builtin_memcpy(&prepared, state.bytes, sizeof(prepared));
  ARENASTORE_CHECK_OR_RETURN(prepared.job.scratch == scratch.data(), ErrorCode::kInvalidArgument,
                             "%s: run on another scratch than it was prepared with", kName);
  if (!prepared.has_work) return Status::Ok();
#if defined(__x86_64__)
  prepared.job.params = &params;
  prepared.job.input = input;
  prepared.job.output = output;
  internal::ConvolveImage(prepared.job, prepared.bounded);
#else
  static_cast<void>(params);
  static_cast<void>(input);
  static_cast<void>(output);
#endif
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86_avx512vnni
