#include "ops/maximum/ref.h"

#include "kernels/broadcast.h"

namespace arenastore::kernels::ref {
namespace {

constexpr const char* kName = "maximum/ref";

// The raw elements (int8 or int16) compared unrequantized.
template <typename T>
T Larger(const MaximumParams&, T a, T b) {
  return a > b ? a : b;
}

}  // namespace

size_t MaximumScratchBytes(const MaximumParams&) { return 0; }

Status Maximum(const MaximumParams& params, const int8_t* input1, const int8_t* input2,
               int8_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<Larger<int8_t>>(kName, params, CheckBroadcastShapes, input1,
                                                     input2, output, scratch);
}

Status MaximumInt16(const MaximumParams& params, const int16_t* input1, const int16_t* input2,
                    int16_t* output, std::span<uint8_t> scratch) {
  return CheckedBroadcastElementwise<Larger<int16_t>>(kName, params, CheckBroadcastShapes, input1,
                                                      input2, output, scratch);
}

}  // namespace arenastore::kernels::ref
