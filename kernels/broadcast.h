// Numpy-style broadcasting over BroadcastShapes for the ref elementwise kernels (add, mul, sub,
// squared_difference, maximum, minimum, prelu): visits every output element in row-major order
// with the flat indices of the two input elements it combines, and (CheckedBroadcastElementwise)
// runs a whole kernel from its element function. Header-only, freestanding, allocation-free.
// CheckBroadcastShapes returns kKernelInvalidParams when an input dimension is neither the
// output's nor 1.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "base/status.h"
#include "kernels/checked_entry.h"
#include "kernels/op_params.h"

namespace arenastore::kernels::ref {

inline Status CheckBroadcastShapes(const BroadcastShapes& shapes, const char* op_name) {
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    const int32_t out = shapes.output[d];
    const bool ok = out >= 0 && (shapes.input1[d] == out || shapes.input1[d] == 1) &&
                    (shapes.input2[d] == out || shapes.input2[d] == 1);
    ARENASTORE_CHECK_OR_RETURN(ok, ErrorCode::kKernelInvalidParams,
                               "%s: dimension %d: inputs %d and %d do not broadcast to %d", op_name,
                               d, shapes.input1[d], shapes.input2[d], out);
  }
  return Status::Ok();
}

// Calls fn(output_index, input1_index, input2_index) for every output element.
// Precondition: CheckBroadcastShapes(shapes) is ok.
template <typename Fn>
void ForEachBroadcastElement(const BroadcastShapes& shapes, Fn&& fn) {
  // Step of each input's flat index per output step along d: 0 along a broadcast dimension.
  ptrdiff_t step1[kMaxBroadcastRank];
  ptrdiff_t step2[kMaxBroadcastRank];
  ptrdiff_t size1 = 1;
  ptrdiff_t size2 = 1;
  ptrdiff_t total = 1;
  for (int d = kMaxBroadcastRank - 1; d >= 0; --d) {
    step1[d] = shapes.input1[d] == 1 ? 0 : size1;
    step2[d] = shapes.input2[d] == 1 ? 0 : size2;
    size1 *= shapes.input1[d];
    size2 *= shapes.input2[d];
    total *= shapes.output[d];
  }
  int32_t position[kMaxBroadcastRank] = {};
  ptrdiff_t index1 = 0;
  ptrdiff_t index2 = 0;
  for (ptrdiff_t out = 0; out < total; ++out) {
    fn(out, index1, index2);
    // Advance the odometer: the innermost dimension moves, carried dimensions rewind.
    for (int d = kMaxBroadcastRank - 1; d >= 0; --d) {
      if (++position[d] < shapes.output[d]) {
        index1 += step1[d];
        index2 += step2[d];
        break;
      }
      position[d] = 0;
      index1 -= step1[d] * (shapes.output[d] - 1);
      index2 -= step2[d] * (shapes.output[d] - 1);
    }
  }
}

// The shapes a kernel's params broadcast over: the params themselves (maximum, minimum) or
// their `shapes` member (the rescaled ops).
inline const BroadcastShapes& ShapesOf(const BroadcastShapes& shapes) { return shapes; }
template <typename Params>
const BroadcastShapes& ShapesOf(const Params& params) {
  return params.shapes;
}

// The over-input form (kernels/exec_form.h) of an elementwise ref kernel: with the first input
// not broadcast, output element i is written right after input element i is read, the only time it
// is read, so the whole kernel writes over that input as it is (the same size, the same start).
template <typename Params>
bool FirstInputNotBroadcast(const Params& params) {
  const BroadcastShapes& shapes = ShapesOf(params);
  for (int d = 0; d < kMaxBroadcastRank; ++d) {
    if (shapes.input1[d] != shapes.output[d]) return false;
  }
  return true;
}

// A whole elementwise ref kernel without scratch: `check` (the op's params check for this
// width), then output[i] = kElement(params, input1[i1], input2[i2]) over the broadcast. The
// element is a template argument so the loop calls it directly (inlined, as the op's own loop).
template <auto kElement, typename Params, typename In1, typename In2, typename Out>
Status CheckedBroadcastElementwise(const char* kernel, const Params& params,
                                   Status (*check)(const Params&, const char*), const In1* input1,
                                   const In2* input2, Out* output, std::span<uint8_t> scratch) {
  return CheckedEntry(kernel, scratch, 0, params, check, [&] {
    ForEachBroadcastElement(ShapesOf(params), [&](ptrdiff_t out, ptrdiff_t in1, ptrdiff_t in2) {
      output[out] = kElement(params, input1[in1], input2[in2]);
    });
  });
}

}  // namespace arenastore::kernels::ref
