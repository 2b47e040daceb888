// unidirectional_sequence_lstm's test cases: small graphs whose last operator is an LSTM,
// covering batch-major and time-major inputs, one and several batches, with and without a cell
// clip, int8 and int16 activations (tests/ops/op_case.h). Test support, host-only.
#include "planner/graph_builder.h"
#include "tests/ops/op_case.h"

namespace arenastore::planner {

std::vector<OpCase> UnidirectionalSequenceLstmCases() {
  std::vector<OpCase> cases;
  {
    GraphBuilder b("lstm batch-major 2 batches 3 steps", 21);
    const int32_t input = b.Input("input", {2, 3, 5}, 0.05f, 2);
    b.Output(b.UnidirectionalSequenceLstm(input, 6, false, 0.0f));
    cases.push_back({"lstm batch-major 2 batches 3 steps", b.Build()});
  }
  {
    GraphBuilder b("lstm time-major 4 steps 2 batches clipped", 22);
    const int32_t input = b.Input("input", {4, 2, 3}, 0.04f, -3);
    b.Output(b.UnidirectionalSequenceLstm(input, 5, true, 3.0f));
    cases.push_back({"lstm time-major 4 steps 2 batches clipped", b.Build()});
  }
  {
    GraphBuilder b("lstm 16x8 batch-major 2 batches 2 steps", 23);
    const int32_t input = b.Input("input", {2, 2, 4}, DataType::kInt16, 1.0f / 4096, 0);
    b.Output(b.UnidirectionalSequenceLstm(input, 3, false, 0.0f));
    cases.push_back({"lstm 16x8 batch-major 2 batches 2 steps", b.Build()});
  }
  return cases;
}

}  // namespace arenastore::planner
