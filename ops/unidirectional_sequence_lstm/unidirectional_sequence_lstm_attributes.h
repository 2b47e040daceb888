// unidirectional_sequence_lstm's attributes on a graph operator: its LstmOptions' native struct
// (the .fbs lists the fields once) and the model's float cell clip, which only an import has. Set
// by its TFLite mapping and by the artifact reader, completed by its planner lowering
// (ops/unidirectional_sequence_lstm/unidirectional_sequence_lstm_planner.cc). Host-only.
#pragma once

#include <optional>

#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

struct UnidirectionalSequenceLstmAttributes : schema::LstmOptionsT {
  // TensorFlow Lite's float cell clip (0: none), which the lowering quantizes into clip_cell and
  // cell_clip by the cell state's scale, as TensorFlow Lite Micro's Prepare does. Absent when read
  // back from an artifact, which keeps only the quantized clip: then that is used as is.
  std::optional<float> real_cell_clip;
};

}  // namespace arenastore::planner
