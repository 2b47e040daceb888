// mean's test cases: small graphs whose last operator is a mean, covering its options
// (axes positive, negative and repeated, keep_dims, every axis) (tests/ops/op_case.h). Test
// support, host-only.
#include "tests/ops/reduction_case.h"

namespace arenastore::planner {
namespace {

// The input has scale 0.1 and zero point 5 (tests/ops/reduction_case.h).
constexpr auto Add = &AddReductionCase<kernels::OpKind::kMean, MeanAttributes>;

}  // namespace

std::vector<OpCase> MeanCases() {
  std::vector<OpCase> cases;
  Add(&cases, "mean axes 1,2 keep_dims", {2, 5, 4, 3}, {1, 2}, true, {2, 1, 1, 3}, 0.07f, -4);
  Add(&cases, "mean negative and repeated axes", {3, 4, 5}, {-1, 0, 2}, false, {4}, 0.3f, 9);
  Add(&cases, "mean every axis to a scalar", {2, 3, 4}, {0, 1, 2}, false, {}, 0.9f, -20);
  // Equal quantization still rescales (rounding), as TensorFlow Lite Micro's int8 MEAN does.
  Add(&cases, "mean equal quantization", {4, 6, 2}, {1}, true, {4, 1, 2}, 0.1f, 5);
  // The x86 variants' forms and tails: global average pools over H,W of NHWC (channels past a
  // 32- or 64-wide vector, past the 256-column block, over more than 256 rows so int16 partial
  // sums are flushed), last-axis runs, leading axes, and an axis set they walk per output.
  Add(&cases, "mean global pool 1x7x7x40 keep_dims", {1, 7, 7, 40}, {1, 2}, true, {1, 1, 1, 40},
      0.05f, 3);
  Add(&cases, "mean global pool 2x3x5x67", {2, 3, 5, 67}, {1, 2}, false, {2, 67}, 0.08f, -7);
  Add(&cases, "mean global pool 1x4x4x300", {1, 4, 4, 300}, {2, 1}, false, {1, 300}, 0.04f, 0);
  Add(&cases, "mean global pool 1x18x16x33 over 288 rows", {1, 18, 16, 33}, {1, 2}, false, {1, 33},
      0.02f, 11);
  Add(&cases, "mean global pool 1x17x20x16 over 340 rows", {1, 17, 20, 16}, {-3, -2}, true,
      {1, 1, 1, 16}, 0.02f, -2);
  Add(&cases, "mean middle axis 3x300x5", {3, 300, 5}, {1}, false, {3, 5}, 0.03f, 1);
  Add(&cases, "mean last axis 3x4x75", {3, 4, 75}, {-1}, false, {3, 4}, 0.06f, 4);
  Add(&cases, "mean last axis 2x130 keep_dims", {2, 130}, {1}, true, {2, 1}, 0.05f, -1);
  Add(&cases, "mean last axis 5x17", {5, 17}, {1}, false, {5}, 0.07f, 2);
  Add(&cases, "mean leading axes 6x2x37", {6, 2, 37}, {0, 1}, false, {37}, 0.05f, 6);
  Add(&cases, "mean leading axes through size 1", {1, 5, 1, 19}, {0, 1}, true, {1, 1, 1, 19}, 0.09f,
      -3);
  Add(&cases, "mean only size-1 axes", {2, 1, 6}, {1}, false, {2, 6}, 0.1f, 5);
  Add(&cases, "mean axes on both sides of a kept one", {2, 3, 4, 5}, {0, 2}, false, {3, 5}, 0.06f,
      -5);
  Add(&cases, "mean axes 1,3 of rank 5", {2, 3, 2, 4, 3}, {1, 3}, true, {2, 1, 2, 1, 3}, 0.05f, 8);
  {
    // int16 (16x8 models): the same arithmetic clamped to int16.
    GraphBuilder b("mean int16 axes 0,2", 214);
    const int32_t x = b.Input("x", {3, 4, 5, 2}, DataType::kInt16, 0.0005f, 0);
    MeanAttributes a;
    a.axes = {0, 2};
    b.Output(b.Operator(kernels::OpKind::kMean, {x}, a, {4, 2}, DataType::kInt16, 0.0004f, 0));
    cases.push_back({"mean int16 axes 0,2", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
