// batch_matmul's TensorFlow Lite mapping: BATCH_MATMUL -> a graph op with BatchMatmulAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace batch_matmul_mapping {

constexpr int32_t kBatchMatmulBuiltin = 126;  // TensorFlow Lite's BATCH_MATMUL

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::BatchMatMulOptions* o,
                              m.OptionsOf<tfl::BatchMatMulOptions>(false));
  BatchMatmulAttributes a;
  if (o != nullptr) {
    a.adj_x = o->adj_x();
    a.adj_y = o->adj_y();
  }
  // Both operands are activations here: int8, or int16 (TFLM's 16x8 BatchMatMul).
  // Only an int16 (16x8) operator vouches for its operand types: an int8 or float one keeps the
  // importer's own tensor check, and its advice for float models.
  if (m.reader().TensorTypeOf(m.inputs()[0]) == tfl::TensorType::INT16) {
    m.AcceptInt8OrInt16Activations({m.inputs()[0], m.inputs()[1], m.outputs()[0]});
  }
  m.result().op.kind = kernels::OpKind::kBatchMatmul;
  m.result().op.inputs = {m.inputs()[0], m.inputs()[1]};
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace batch_matmul_mapping

extern const TfliteOpMapping kBatchMatmulTflite = {
    {batch_matmul_mapping::kBatchMatmulBuiltin}, 1, &batch_matmul_mapping::Map};

}  // namespace arenastore::planner
