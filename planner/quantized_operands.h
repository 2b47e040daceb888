// The one check planner lowerings keep on an op's quantized operands: the float scales and zero
// points they turn into fixed point, which the runtime's lowering never sees (it reads only the
// results). Types and shapes are the runtime's (its operand rules, planner/one_op_artifact.h).
// Called by the elementwise, table-lookup and rescale units' planner lowerings. Host-only.
#pragma once

#include <initializer_list>

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

}  // namespace arenastore::planner
