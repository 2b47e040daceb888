// batch_matmul's TensorFlow Lite mapping: BATCH_MATMUL -> a graph op with BatchMatmulAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace batch_matmul_mapping {

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
  m.AcceptIfInt16({m.input(0), m.input(1), m.output()});
  return m.Emit(kernels::OpKind::kBatchMatmul, {m.input(0), m.input(1)}, a);
}

}  // namespace batch_matmul_mapping

// TensorFlow Lite's BATCH_MATMUL (builtin 126).
extern const TfliteOpMapping kBatchMatmulTflite = {{126}, 1, &batch_matmul_mapping::Map};

}  // namespace arenastore::planner
