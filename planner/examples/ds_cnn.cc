// The MLPerf Tiny keyword-spotting DS-CNN topology: a 10x4 stride-2 convolution to 64
// channels, four depthwise-separable blocks, global average pooling and a 12-way classifier.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildDsCnn() {
  GraphBuilder b("ds-cnn", 1);
  int32_t x = b.Input("mfcc", {1, 49, 10, 1}, 0.5847f, 83);
  x = b.Conv2d(x, 64, 10, 4, 2, Padding::SAME, Activation::RELU);
  for (int block = 0; block < 4; ++block) {
    x = b.DepthwiseConv2d(x, 3, 3, 1, Padding::SAME, Activation::RELU);
    x = b.Conv2d(x, 64, 1, 1, 1, Padding::SAME, Activation::RELU);
  }
  x = b.AveragePool2d(x, 25, 5, 1, Padding::VALID);
  x = b.Reshape(x, {1, 64});
  x = b.FullyConnected(x, 12, Activation::NONE);
  b.Output(b.Softmax(x));
  return b.Build();
}

}  // namespace arenastore::planner
