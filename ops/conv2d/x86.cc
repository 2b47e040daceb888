#include "ops/conv2d/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_avx512vnni/split_convolution.h"
#include "kernels/x86_common/variant.h"

namespace arenastore::kernels::x86 {
namespace {

constexpr size_t kAlign = 64;
// Reads of a run's last element pair (x86_avx2) or 4-byte group (x86_avx512vnni) may pass the end
// of the ring by up to 3 bytes.
constexpr size_t kRingSlackBytes = 64;

size_t AlignUp(size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }

// conv2d on kIsa: the entry's checks, layout and job, which the x86_avx512vnni split form
// (split_convolution.h) shares.
template <Isa kIsa>
struct Conv2dPieces {
  static constexpr X86Variant kVariant =
      VariantOf<kIsa>("conv2d/x86_avx2", "conv2d/x86_avx512vnni");
  static constexpr const char* kName = kVariant.name;
  static constexpr Conv2dKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunConv2d),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunConv2d));
  static constexpr int32_t kLanes = IsaTraits<kIsa>::kLanes;
  // A padded row's elements: int16 x - input_zp (x86_avx2) or uint8 x + 128 (x86_avx512vnni),
  // taken 4 bytes at a time.
  static constexpr int32_t kElementBytes = Pick<kIsa>(2, 1);
  static constexpr int32_t kGroupElements = 4 / kElementBytes;

  static bool HasWork(const Conv2dParams& p) {
    return p.batches > 0 && p.output_h > 0 && p.output_w > 0 && p.output_c > 0 && p.input_c > 0 &&
           p.filter_h > 0 && p.filter_w > 0 && p.groups > 0 && p.input_c % p.groups == 0 &&
           p.output_c % p.groups == 0;
  }

  static Conv2dLayout LayoutOf(const Conv2dParams& p) {
    Conv2dLayout layout{};
    if (!HasWork(p)) return layout;
    layout.window = ConvWindowOf(p);
    const int32_t filters_per_group = p.output_c / p.groups;
    layout.blocks_per_group = (filters_per_group + kLanes - 1) / kLanes;
    layout.kgroups = layout.window.segments *
                     ((layout.window.segment_elems + kGroupElements - 1) / kGroupElements);
    layout.row_bytes = layout.window.padded_w * p.input_c * kElementBytes;
    layout.pair_form = kIsa == Isa::kX86Avx512Vnni && p.groups == 1 && p.output_c <= kLanes / 2;
    const auto slots = static_cast<int32_t>(p.groups * layout.blocks_per_group * kLanes);
    layout.table_offset = 0;
    layout.weights_offset = AlignUp(RequantTableBytes(slots));
    const size_t weight_bytes = static_cast<size_t>(p.groups) * layout.blocks_per_group *
                                static_cast<size_t>(layout.kgroups) * kLanes * 4;
    layout.offsets_offset = layout.weights_offset + weight_bytes;
    layout.ring_offset =
        AlignUp(layout.offsets_offset + sizeof(int64_t) * static_cast<size_t>(layout.kgroups));
    layout.total_bytes = layout.ring_offset +
                         static_cast<size_t>(layout.window.ring_rows) * layout.row_bytes +
                         kRingSlackBytes;
    return layout;
  }

  static Status CheckCall(const Conv2dParams& params, std::span<uint8_t> scratch) {
    ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), LayoutOf(params).total_bytes);
    return CheckConv2dParams(params, kName);
  }

  // kKernelUnsupported unless this CPU has kIsa and its kernel file is built in.
  static Status CheckRunnable() { return x86::CheckRunnable(kVariant, kKernel != nullptr); }

  // A job over `scratch` with its requantization table filled.
  static Conv2dJob JobOf(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                         const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
    Conv2dJob job{
        {&params, input, filter, bias, output}, scratch.data(), LayoutOf(params), {}, nullptr};
    const int32_t filters_per_group = params.output_c / params.groups;
    // The pair form's lanes serve channel lane % 8 (a pattern repeating every 8 slots).
    const SlotMap map = job.layout.pair_form ? SlotMap{kLanes / 2, filters_per_group, 0}
                                             : SlotMap{job.layout.blocks_per_group * kLanes,
                                                       filters_per_group, filters_per_group};
    job.table = FillRequantTable(
        params.requant, params.output_zero_point, params.activation_min, params.activation_max,
        params.groups * job.layout.blocks_per_group * kLanes, kLanes, map,
        scratch.data() + job.layout.table_offset, IsaTraits<kIsa>::kRequantForms);
    return job;
  }
};

}  // namespace

template <Isa kIsa>
size_t Conv2d<kIsa>::ScratchBytes(const Conv2dParams& params) {
  return Conv2dPieces<kIsa>::LayoutOf(params).total_bytes;
}

template <Isa kIsa>
Status Conv2d<kIsa>::Eval(const Conv2dParams& params, const int8_t* input, const int8_t* filter,
                          const int32_t* bias, int8_t* output, std::span<uint8_t> scratch) {
  using Pieces = Conv2dPieces<kIsa>;
  ARENASTORE_RETURN_IF_ERROR(Pieces::CheckCall(params, scratch));
  if (!Pieces::HasWork(params)) return Status::Ok();
  ARENASTORE_RETURN_IF_ERROR(Pieces::CheckRunnable());
  Pieces::kKernel(Pieces::JobOf(params, input, filter, bias, output, scratch));
  return Status::Ok();
}

template struct Conv2d<Isa::kX86Avx2>;
template struct Conv2d<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86

namespace arenastore::kernels::x86_avx512vnni {
namespace {

// What the shared split form (split_convolution.h) needs beyond the entry's pieces: its
// preparation and the k-group offsets of every group and ring slot.
struct Conv2dOp : x86::Conv2dPieces<Isa::kX86Avx512Vnni> {
  static size_t SlotOffsetsBytes(const Conv2dParams& p, const x86::Conv2dLayout& layout) {
    return sizeof(int64_t) * static_cast<size_t>(p.groups) *
           static_cast<size_t>(layout.window.ring_rows) * static_cast<size_t>(layout.kgroups);
  }

#if defined(__x86_64__)
  static bool Prepare(const x86::Conv2dJob& job) { return internal::PrepareConv2d(job); }
  static void FillSlotOffsets(const x86::Conv2dJob& job, int64_t* offsets) {
    internal::FillSlotOffsets(job, offsets);
  }
  static void Convolve(const x86::Conv2dJob& job, bool bounded) {
    internal::ConvolveConv2d(job, bounded);
  }
#endif
};

}  // namespace

size_t Conv2dSplitScratchBytes(const Conv2dParams& params) {
  return internal::SplitConvolutionScratchBytes<Conv2dOp>(params);
}

Status Conv2dPrepare(const Conv2dParams& params, const int8_t* filter, const int32_t* bias,
                     std::span<uint8_t> scratch, KernelState* state) {
  return internal::PrepareConvolution<Conv2dOp>(params, filter, bias, scratch, state);
}

Status Conv2dRunPrepared(const Conv2dParams& params, const int8_t* input, int8_t* output,
                         std::span<uint8_t> scratch, const KernelState& state) {
  return internal::RunPreparedConvolution<Conv2dOp>(params, input, output, scratch, state);
}

}  // namespace arenastore::kernels::x86_avx512vnni
