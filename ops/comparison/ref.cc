#include "ops/comparison/ref.h"

#include "kernels/broadcast.h"
#include "kernels/rescaled_operands.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "comparison/ref";

template <typename Compare>
void CompareScaled(const ComparisonParams& p, const int8_t* input1, const int8_t* input2,
                   bool* output, Compare compare) {
  ForEachBroadcastElement(p.shapes, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    const RescaledOperands scaled = RescaleOperands(p, input1[in1], input2[in2]);
    output[out] = compare(scaled.first, scaled.second);
  });
}

}  // namespace

size_t ComparisonScratchBytes(const ComparisonParams&) { return 0; }

Status Comparison(const ComparisonParams& params, const int8_t* input1, const int8_t* input2,
                  bool* output, std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), ComparisonScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckComparisonParams(params, kName));
  switch (params.kind) {
    case ComparisonKind::kEqual:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a == b; });
      return Status::Ok();
    case ComparisonKind::kNotEqual:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a != b; });
      return Status::Ok();
    case ComparisonKind::kGreater:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a > b; });
      return Status::Ok();
    case ComparisonKind::kGreaterEqual:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a >= b; });
      return Status::Ok();
    case ComparisonKind::kLess:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a < b; });
      return Status::Ok();
    case ComparisonKind::kLessEqual:
      CompareScaled(params, input1, input2, output, [](int32_t a, int32_t b) { return a <= b; });
      return Status::Ok();
  }
  return Status::Error(ErrorCode::kKernelInvalidParams, "%s: unknown kind %d", kName,
                       static_cast<int>(params.kind));
}

}  // namespace arenastore::kernels::ref
