#include "ops/select_v2/ref.h"

#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "select_v2/ref";
constexpr int kRank = kMaxBroadcastRank;

// Step of an input's flat index per output step along each dimension: 0 where it broadcasts.
void Steps(const int32_t (&shape)[kRank], ptrdiff_t (&step)[kRank]) {
  ptrdiff_t size = 1;
  for (int d = kRank - 1; d >= 0; --d) {
    step[d] = shape[d] == 1 ? 0 : size;
    size *= shape[d];
  }
}

// One odometer for both widths: T is the element (int8 or int16) x and y hold.
template <typename T>
Status SelectV2Of(const SelectV2Params& params, const bool* condition, const T* x, const T* y,
                  T* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), SelectV2ScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckSelectV2Params(params, kName));
  ptrdiff_t step_c[kRank], step_x[kRank], step_y[kRank];
  Steps(params.condition, step_c);
  Steps(params.x, step_x);
  Steps(params.y, step_y);
  ptrdiff_t total = 1;
  for (int d = 0; d < kRank; ++d) total *= params.output[d];
  // The condition is read as bytes: a caller's input buffer may hold any byte in a bool
  // element, and loading one that is neither 0 nor 1 as bool is undefined. Nonzero is true.
  const auto* condition_bytes = reinterpret_cast<const uint8_t*>(condition);
  int32_t position[kRank] = {};
  ptrdiff_t ic = 0, ix = 0, iy = 0;
  for (ptrdiff_t out = 0; out < total; ++out) {
    output[out] = condition_bytes[ic] != 0 ? x[ix] : y[iy];
    // The odometer: the innermost dimension moves, carried dimensions rewind.
    for (int d = kRank - 1; d >= 0; --d) {
      if (++position[d] < params.output[d]) {
        ic += step_c[d];
        ix += step_x[d];
        iy += step_y[d];
        break;
      }
      position[d] = 0;
      const ptrdiff_t back = params.output[d] - 1;
      ic -= step_c[d] * back;
      ix -= step_x[d] * back;
      iy -= step_y[d] * back;
    }
  }
  return Status::Ok();
}

}  // namespace

size_t SelectV2ScratchBytes(const SelectV2Params&) { return 0; }

Status SelectV2(const SelectV2Params& params, const bool* condition, const int8_t* x,
                const int8_t* y, int8_t* output, std::span<uint8_t> scratch) {
  return SelectV2Of(params, condition, x, y, output, scratch);
}

Status SelectV2Int16(const SelectV2Params& params, const bool* condition, const int16_t* x,
                     const int16_t* y, int16_t* output, std::span<uint8_t> scratch) {
  return SelectV2Of(params, condition, x, y, output, scratch);
}

}  // namespace arenastore::kernels::ref
