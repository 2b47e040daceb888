// A streaming keyword spotter in the shape of TensorFlow Lite Micro's SVDF keyword model: each
// invoke takes one frame of 40 features, and SVDF layers keep the last frames of every filter
// as state (int16 in the first, int8 in the second), so the answer depends on the frames
// before. Its variables live in the artifact's state pool. The device job runs it over several
// frames on a board against the host.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildSvdfKws() {
  GraphBuilder b("svdf-kws", 21);
  const int32_t frame = b.Input("features", {1, 40}, 0.05f, 0);
  const int32_t first = b.Svdf(frame, 32, 1, 8, DataType::kInt16);
  const int32_t hidden = b.FullyConnected(first, 24, Activation::RELU);
  const int32_t second = b.Svdf(hidden, 16, 2, 4, DataType::kInt8);
  b.Output(b.Softmax(b.FullyConnected(second, 4, Activation::NONE)));
  return b.Build();
}

}  // namespace arenastore::planner
