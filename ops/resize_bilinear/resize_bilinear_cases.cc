// resize_bilinear's test cases: small graphs whose last operator is a resize_bilinear, covering its
// options (upscale, downscale, align_corners, half_pixel_centers) (tests/ops/op_case.h). Test
// support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {
namespace {

void Add(std::vector<OpCase>* cases, const std::string& name, std::vector<int32_t> input_shape,
         int32_t new_height, int32_t new_width, bool align_corners, bool half_pixel_centers) {
  GraphBuilder b(name, 23);
  const int32_t x = b.Input("x", input_shape, 0.1f, 5);
  ResizeBilinearAttributes a;
  a.new_height = new_height;
  a.new_width = new_width;
  a.align_corners = align_corners;
  a.half_pixel_centers = half_pixel_centers;
  b.Output(b.Operator(kernels::OpKind::kResizeBilinear, {x}, a,
                      {input_shape[0], new_height, new_width, input_shape[3]}, 0.1f, 5));
  cases->push_back({name, b.Build()});
}

}  // namespace

std::vector<OpCase> ResizeBilinearCases() {
  std::vector<OpCase> cases;
  Add(&cases, "resize_bilinear 3x5 -> 7x9", {2, 3, 5, 3}, 7, 9, false, false);
  Add(&cases, "resize_bilinear align_corners 5x4 -> 9x3", {1, 5, 4, 2}, 9, 3, true, false);
  Add(&cases, "resize_bilinear half_pixel_centers 6x7 -> 4x11", {1, 6, 7, 4}, 4, 11, false, true);
  Add(&cases, "resize_bilinear 1x1 -> 3x2", {1, 1, 1, 5}, 3, 2, false, false);
  // Channel counts around the x86 vector widths (8 and 16 int32 lanes) and their tails.
  Add(&cases, "resize_bilinear 24 channels 4x4 -> 8x8", {1, 4, 4, 24}, 8, 8, false, false);
  Add(&cases, "resize_bilinear half_pixel 37 channels 5x3 -> 10x7", {1, 5, 3, 37}, 10, 7, false,
      true);
  Add(&cases, "resize_bilinear align_corners 16 channels 3x6 -> 7x4", {2, 3, 6, 16}, 7, 4, true,
      false);
  return cases;
}

}  // namespace arenastore::planner
