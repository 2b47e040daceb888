// A streaming gesture recognizer in the shape of TensorFlow Lite Micro's LSTM examples, quantized
// 16x8 as recurrent models often are for accuracy (int16 activations, int8 weights, int64
// biases): each invoke takes one time step of 6 motion features (accelerometer and gyroscope),
// the LSTM keeps its hidden and cell state between invokes, and a classifier reads the hidden
// state. Its variables live in the artifact's state pool. The benchmark times it per frame and
// the device job runs it over several frames on a board against the host.
#include "planner/examples/examples.h"
#include "planner/graph_builder.h"

namespace arenastore::planner {

Graph BuildLstmGesture() {
  constexpr int32_t kFeatures = 6, kUnits = 20, kGestures = 5;
  GraphBuilder b("lstm-gesture", 22);
  const int32_t step = b.Input("motion", {1, 1, kFeatures}, DataType::kInt16, 1.0f / 4096, 0);
  const int32_t hidden = b.UnidirectionalSequenceLstm(step, kUnits, /*time_major=*/false,
                                                      /*cell_clip=*/0.0f);
  const int32_t features = b.Reshape(hidden, {1, kUnits});
  b.Output(b.Softmax(b.FullyConnected(features, kGestures, Activation::NONE)));
  return b.Build();
}

}  // namespace arenastore::planner
