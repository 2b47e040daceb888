#include "ops/maximum/ref.h"

#include "kernels/broadcast.h"
#include "kernels/scratch_check.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "maximum/ref";

// One loop for both widths: T is the raw element (int8 or int16), compared unrequantized.
template <typename T>
Status MaximumOf(const MaximumParams& params, const T* input1, const T* input2, T* output,
                 std::span<uint8_t> scratch) {
  ARENASTORE_CHECK_SCRATCH(kName, scratch.size(), MaximumScratchBytes(params));
  ARENASTORE_RETURN_IF_ERROR(CheckBroadcastShapes(params, kName));
  ForEachBroadcastElement(params, [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
    const T a = input1[in1];
    const T b = input2[in2];
    output[out] = a > b ? a : b;
  });
  return Status::Ok();
}

}  // namespace

size_t MaximumScratchBytes(const MaximumParams&) { return 0; }

Status Maximum(const MaximumParams& params, const int8_t* input1, const int8_t* input2,
               int8_t* output, std::span<uint8_t> scratch) {
  return MaximumOf(params, input1, input2, output, scratch);
}

Status MaximumInt16(const MaximumParams& params, const int16_t* input1, const int16_t* input2,
                    int16_t* output, std::span<uint8_t> scratch) {
  return MaximumOf(params, input1, input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
