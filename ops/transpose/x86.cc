#include "ops/transpose/x86.h"

#include "kernels/scratch_check.h"
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

Status TransposeEntry(const X86Variant& variant, TransposeKernel kernel,
                      const TransposeParams& params, const int8_t* input, int8_t* output,
                      std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(variant.name, scratch.size(), size_t{0});
  ARENASTORE_RETURN_IF_ERROR(CheckTransposeParams(params, variant.name));
  ARENASTORE_RETURN_IF_ERROR(CheckRunnable(variant, kernel != nullptr));
  if (StridedCopyOutputElements(params) == 0) return Status::Ok();
  kernel(MakeJob(params, input, output));
  return Status::Ok();
}

}  // namespace arenastore::kernels::x86
