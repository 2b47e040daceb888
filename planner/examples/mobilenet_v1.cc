// MobileNet-v1 with width multiplier 0.25 on 96x96 RGB (the MLPerf Tiny visual wake words
// topology): 14 convolutions, 13 depthwise convolutions, average pooling, 2-way classifier.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildMobileNetV1() {
  GraphBuilder b("mobilenet-v1", 2);
  int32_t x = b.Input("image", {1, 96, 96, 3}, 1.0f / 255.0f, -128);
  x = b.Conv2d(x, 8, 3, 3, 2, Padding::SAME, Activation::RELU6);
  struct Block {
    int32_t stride;
    int32_t channels;
  };
  const Block blocks[] = {{1, 16},  {2, 32},  {1, 32},  {2, 64},  {1, 64},  {2, 128}, {1, 128},
                          {1, 128}, {1, 128}, {1, 128}, {1, 128}, {2, 256}, {1, 256}};
  for (const Block& block : blocks) {
    x = b.DepthwiseConv2d(x, 3, 3, block.stride, Padding::SAME, Activation::RELU6);
    x = b.Conv2d(x, block.channels, 1, 1, 1, Padding::SAME, Activation::RELU6);
  }
  x = b.AveragePool2d(x, 3, 3, 1, Padding::VALID);
  x = b.Reshape(x, {1, 256});
  x = b.FullyConnected(x, 2, Activation::NONE);
  b.Output(b.Softmax(x));
  return b.Build();
}

}  // namespace arenastore::planner
