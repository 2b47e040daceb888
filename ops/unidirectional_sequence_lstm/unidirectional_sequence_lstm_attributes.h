// unidirectional_sequence_lstm's attributes on a graph operator: the input's layout and the cell
// clip. Set by its TFLite mapping and by the artifact reader, read by its planner lowering
// (ops/unidirectional_sequence_lstm/unidirectional_sequence_lstm_planner.cc). Host-only.
#pragma once

#include <cstdint>

namespace arenastore::planner {

struct UnidirectionalSequenceLstmAttributes {
  bool time_major = false;
  // TensorFlow Lite's float cell clip; 0 means none. The lowering quantizes it by the cell
  // state's scale, as TensorFlow Lite Micro's Prepare does.
  float cell_clip = 0.0f;
  // Set when read back from an artifact, which keeps only the quantized clip: then it is used
  // as is and cell_clip is ignored.
  bool quantized = false;
  bool clip_cell = false;
  int32_t quantized_cell_clip = 0;
};

}  // namespace arenastore::planner
