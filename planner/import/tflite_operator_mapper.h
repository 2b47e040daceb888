// Maps one TensorFlow Lite builtin operator to a graph Op (operand order, typed attributes);
// constant operands that become attributes (paddings, reshape shape, output_shape) are dropped.
// Called by the TFLite importer for each operator. Heap OK.
// Errors: kImportMalformed naming the operator when options or operands break the format; a
// valid operator we cannot run is not an error but a reason in the result.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "planner/graph.h"
#include "planner/import/tflite_model_reader.h"

namespace arenastore::planner {

struct TfliteOperatorMapping {
  bool mapped = false;
  Op op;                    // when mapped; tensor indices are still the TFLite subgraph's
  std::string unsupported;  // when not mapped, why: "fused activation TANH"; may be empty
  std::string note;         // a mapping decision worth telling the user; usually empty
  // The mapping refused every operand type its op cannot take, so the importer lets int16 and
  // float32 tensors through to it (the conversions); other ops' operands stay int8, int32, bool.
  bool checks_operand_types = false;
};

// True for the builtins MapTfliteOperator knows (it may still refuse some of their options).
bool IsMappableTfliteBuiltin(int32_t builtin);

// The TensorFlow Lite builtin codes `kind`'s unit maps (for the operator table); empty for a
// value outside the operator list.
std::vector<int32_t> TfliteBuiltinsOf(kernels::OpKind kind);

Result<TfliteOperatorMapping> MapTfliteOperator(const TfliteModelReader& reader, int32_t op_index,
                                                const TfliteOperatorCode& code);

}  // namespace arenastore::planner
