// The one check planner lowerings keep on an op's quantized operands: the float scales and zero
// points they turn into fixed point, which the runtime's lowering never sees (it reads only the
// results). Types and shapes are the runtime's (its operand rules, planner/one_op_artifact.h).
// Called by the elementwise, table-lookup, rescale and byte-moving units' planner lowerings, whose
// whole lowering the templates below are when the host derives nothing else. Host-only.
#pragma once

#include <initializer_list>

#include "planner/lower_op.h"
#include "planner/lowering.h"

namespace arenastore::planner {

struct QuantizedOperand {
  const Tensor& tensor;
  const char* role;
};

// Each int8 or int16 operand has positive finite scales and a zero point its type holds. An
// operand of another type is left to the runtime's operand rules, which refuse it by its type.
inline Status ExpectQuantizedOperands(const Lowering& l,
                                      std::initializer_list<QuantizedOperand> operands) {
  for (const QuantizedOperand& operand : operands) {
    const DataType type = operand.tensor.type;
    if (type != DataType::kInt8 && type != DataType::kInt16) continue;
    ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(operand.tensor, operand.role));
  }
  return Status::Ok();
}

// A binary op whose params (the broadcast shapes) all come from the runtime's lowering (maximum,
// minimum: TFLM compares raw values): the planner still refuses operands without a valid
// quantization, as TFLite's converter never writes them.
template <typename Attributes>
Status LowerQuantizedBinary(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  return ExpectQuantizedOperands(
      l, {{l.Input(0), "input1"}, {l.Input(1), "input2"}, {l.Output(), "output"}});
}

// An op whose kernel only moves bytes (broadcast_to, mirror_pad, transpose): input and output
// quantized, and alike; the runtime's lowering checks the shapes and derives the walk.
template <typename Attributes>
Status LowerQuantizedMove(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<Attributes>().status());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  return l.ExpectSameQuantization(input, output);
}

}  // namespace arenastore::planner
