// The MLPerf Tiny image-classification ResNet-8 on 32x32 CIFAR images: a stem convolution,
// three residual stacks (16, 32, 64 channels; the last two downsample with a 1x1 shortcut),
// global average pooling and a 10-way classifier.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

namespace {

int32_t ResidualStack(GraphBuilder& b, int32_t x, int32_t channels, int32_t stride) {
  int32_t y = b.Conv2d(x, channels, 3, 3, stride, Padding::SAME, Activation::RELU);
  y = b.Conv2d(y, channels, 3, 3, 1, Padding::SAME, Activation::NONE);
  const int32_t shortcut =
      stride == 1 ? x : b.Conv2d(x, channels, 1, 1, stride, Padding::SAME, Activation::NONE);
  return b.Add(shortcut, y, Activation::RELU);
}

}  // namespace

Graph BuildResNet8() {
  GraphBuilder b("resnet8", 3);
  int32_t x = b.Input("image", {1, 32, 32, 3}, 1.0f, -128);
  x = b.Conv2d(x, 16, 3, 3, 1, Padding::SAME, Activation::RELU);
  x = ResidualStack(b, x, 16, 1);
  x = ResidualStack(b, x, 32, 2);
  x = ResidualStack(b, x, 64, 2);
  x = b.AveragePool2d(x, 8, 8, 1, Padding::VALID);
  x = b.Reshape(x, {1, 64});
  x = b.FullyConnected(x, 10, Activation::NONE);
  b.Output(b.Softmax(x));
  return b.Build();
}

}  // namespace arenastore::planner
