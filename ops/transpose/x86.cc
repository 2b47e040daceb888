#include "ops/transpose/x86.h"

#include "kernels/scratch_check.h"
#include "kernels/x86_common/variant.h"
#include "ops/transpose/transpose.h"

namespace arenastore::kernels::x86 {
namespace {

// ref's walk, checked and non-empty, as a TransposeJob (see x86.h).
TransposeJob MakeJob(const TransposeParams& p, const int8_t* input, int8_t* output) {
  TransposeJob job{};
  for (int32_t d = 0; d < p.rank; ++d) {
    if (p.count[d] == 1) continue;
    const int32_t last = job.rank - 1;
    // Merging is exact whatever the signs: i * (s * n) + j * s = (i * n + j) * s, j < n. The
    // merged count stays within the output's 2^31 - 1 elements.
    if (job.rank > 0 && int64_t{job.step[last]} == int64_t{p.input_step[d]} * p.count[d]) {
      job.count[last] *= p.count[d];
      job.step[last] = p.input_step[d];
      continue;
    }
    job.count[job.rank] = p.count[d];
    job.step[job.rank] = p.input_step[d];
    ++job.rank;
  }
  if (job.rank == 0) {  // a single element
    job.rank = 1;
    job.count[0] = 1;
    job.step[0] = 1;
  }
  job.in = input + p.input_start;
  job.out = output;
  return job;
}

}  // namespace

template <Isa kIsa>
size_t Transpose<kIsa>::ScratchBytes(const TransposeParams&) {
  return 0;
}

template <Isa kIsa>
Status Transpose<kIsa>::Eval(const TransposeParams& params, const int8_t* input, int8_t* output,
                             std::span<uint8_t> scratch) {
  constexpr X86Variant kVariant = VariantOf<kIsa>("transpose/x86_avx2", "transpose/x86_avx512vnni");
  constexpr TransposeKernel kKernel =
      Pick<kIsa>(ARENASTORE_X86_KERNEL(x86_avx2::internal::RunTranspose),
                 ARENASTORE_X86_KERNEL(x86_avx512vnni::internal::RunTranspose));
  ARENASTORE_CHECK_SCRATCH(kVariant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeParams(params, kVariant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(kVariant, kKernel != nullptr));
  if (StridedCopyOutputElements(params) == 0) return Status::Ok();
  kKernel(MakeJob(params, input, output));
  return Status::Ok();
}

template struct Transpose<Isa::kX86Avx2>;
template struct Transpose<Isa::kX86Avx512Vnni>;

}  // namespace arenastore::kernels::x86
