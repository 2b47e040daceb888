// A small graph that exercises every operator the kernel library supports, with branches so
// placement has real choices: conv, depthwise, pad, max pool, transposed conv, concatenation,
// mul, add, average pool, reshape, batch matmul, fully connected and softmax.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildAllOps() {
  GraphBuilder b("all-ops", 4);
  const int32_t input = b.Input("input", {1, 8, 8, 4}, 0.05f, -3);
  const int32_t conv = b.Conv2d(input, 8, 3, 3, 1, Padding::SAME, Activation::RELU, 1);
  const int32_t depthwise = b.DepthwiseConv2d(conv, 3, 3, 1, Padding::SAME, Activation::RELU6, 1);
  const int32_t padded = b.Pad(depthwise, {0, 1, 1, 0}, {0, 1, 1, 0});
  const int32_t pooled = b.MaxPool2d(padded, 2, 2, 2, Padding::VALID);              // 1x5x5x8
  const int32_t upsampled = b.TransposeConv2d(pooled, 8, 3, 3, 2, Padding::VALID);  // 1x11x11x8
  const int32_t cropped = b.AveragePool2d(upsampled, 4, 4, 1, Padding::VALID);      // 1x8x8x8
  const int32_t pooled_branch = b.AveragePool2d(depthwise, 1, 1, 1, Padding::VALID);
  const int32_t joined = b.Concatenation({pooled_branch, pooled_branch}, 3);  // 1x8x8x16
  const int32_t widened = b.Conv2d(cropped, 16, 1, 1, 1, Padding::VALID, Activation::NONE);
  const int32_t product = b.Mul(joined, widened, Activation::NONE);
  const int32_t sum = b.Add(product, widened, Activation::RELU);
  const int32_t squeezed = b.AveragePool2d(sum, 2, 2, 2, Padding::VALID);  // 1x4x4x16
  const int32_t matrix = b.Reshape(squeezed, {1, 16, 16});
  const int32_t gram = b.BatchMatmul(matrix, matrix, true, false);  // 1x16x16
  const int32_t flat = b.Reshape(gram, {1, 256});
  const int32_t logits = b.FullyConnected(flat, 10, Activation::NONE);
  b.Output(b.Softmax(logits));
  return b.Build();
}

}  // namespace arenastore::planner
