#include "ops/minimum/ref.h"

#include "kernels/broadcast.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "minimum/ref";

// The raw elements (int8 or int16) compared unrequantized.
template <typename T>
T Smaller(const MinimumParams&, T a, T b) {
  return a < b ? a : b;
}

}  // namespace

size_t MinimumScratchBytes(const MinimumParams&) { return 0; }

Status Minimum(const MinimumParams& params, const int8_t* input1, const int8_t* input2,
               int8_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<Smaller<int8_t>>(kName, params, CheckBroadcastShapes, input1,
                                                      input2, output, scratch);
}

Status MinimumInt16(const MinimumParams& params, const int16_t* input1, const int16_t* input2,
                    int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<Smaller<int16_t>>(kName, params, CheckBroadcastShapes, input1,
                                                       input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
