#include "ops/arg_min_max/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "arg_min_max/ref";

template <typename Better>
void IndexOfBest(const ArgMinMaxParams& p, const int8_t* input, int32_t* output, Better better) {
  for (int32_t outer = 0; outer < p.outer_size; ++outer) {
    const int8_t* slab = input + static_cast<ptrdiff_t>(outer) * p.axis_size * p.inner_size;
    int32_t* out = output + static_cast<ptrdiff_t>(outer) * p.inner_size;
    for (int32_t inner = 0; inner < p.inner_size; ++inner) {
      int8_t best_value = slab[inner];
      int32_t best_index = 0;
      for (int32_t i = 1; i < p.axis_size; ++i) {
        const int8_t value = slab[static_cast<ptrdiff_t>(i) * p.inner_size + inner];
        if (better(value, best_value)) {
          best_value = value;
          best_index = i;
        }
      }
      out[inner] = best_index;
    }
  }
}

}  // namespace

size_t ArgMinMaxScratchBytes(const ArgMinMaxParams&) { return 0; }

Status ArgMinMax(const ArgMinMaxParams& params, const int8_t* input, int32_t* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ArgMinMaxScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckArgMinMaxParams(params, kName));
  switch (params.kind) {
    case ArgMinMaxKind::kArgMax:
      IndexOfBest(params, input, output, [](int8_t a, int8_t b) { return a > b; });
      return Status::Ok();
    case ArgMinMaxKind::kArgMin:
      IndexOfBest(params, input, output, [](int8_t a, int8_t b) { return a < b; });
      return Status::Ok();
  }
  return Status::Error(ErrorCode::kKernelInvalidParams, "%s: unknown kind %d", kName,
                       static_cast<int>(params.kind));
}

}  // namespace arenastore::kernels::ref
