// batch_matmul's planner unit: its lowering from graph attributes and float scales to
// kernels::BatchMatmulParams (as TensorFlow Lite prepares the op), the BatchMatmulOptions it writes
// to an artifact and reads back for re-planning, and which of those fields two artifacts must share
// to compute the same thing.
// Its TensorFlow Lite mapping: BATCH_MATMUL -> a graph op with BatchMatmulAttributes (operands in
// our order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace batch_matmul_planning {

// What Write records and only the host derives: the adjoint flags, the clamp of the output's
// type, and the multiplier from the scales. Types, ranks and the shapes' agreement are the
// runtime's lowering's.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<BatchMatmulAttributes>().status());
  const Tensor& lhs = l.Input(0);
  const Tensor& rhs = l.Input(1);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(lhs, "lhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(rhs, "rhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(output, "output"));
  auto& b = lowered->mutable_options<BatchMatmulAttributes>();
  const bool int16 = lhs.type == DataType::kInt16;
  b.activation_min = int16 ? INT16_MIN : INT8_MIN;
  b.activation_max = int16 ? INT16_MAX : INT8_MAX;
  const FixedPointMultiplier fixed =
      QuantizeMultiplier(static_cast<double>(lhs.scale()) * static_cast<double>(rhs.scale()) /
                         static_cast<double>(output.scale()));
  // One per-tensor multiplier, kept in the params themselves (and in the options' table).
  lowered->mutable_multipliers()->assign(1, fixed.multiplier);
  lowered->mutable_shifts()->assign(1, fixed.shift);
  return Status::Ok();
}

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

}  // namespace batch_matmul_planning

extern const PlannerOp kBatchMatmulPlanner =
    OptionsStructPlanner<BatchMatmulAttributes>(&batch_matmul_planning::Lower);

// TensorFlow Lite's BATCH_MATMUL (builtin 126).
extern const TfliteOpMapping kBatchMatmulTflite = {{126}, 1, &batch_matmul_planning::Map};

}  // namespace arenastore::planner
