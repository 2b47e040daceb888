// reshape's TensorFlow Lite mapping: RESHAPE -> a graph op with ReshapeAttributes (operands in our
// order, constant operands folded into attributes), or a reason it cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace {

constexpr int32_t kReshapeBuiltin = 22;  // TensorFlow Lite's RESHAPE

// The shape operand (or new_shape option) only restates the output tensor's static shape.
Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 2, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ReshapeOptions* o,
                              m.OptionsOf<tfl::ReshapeOptions>(false));
  (void)o;
  m.result().op.kind = kernels::OpKind::kReshape;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().op.attributes = ReshapeAttributes{};
  return Status::Ok();
}

}  // namespace

extern const TfliteOpMapping kReshapeTflite = {{kReshapeBuiltin}, 1, &Map};

}  // namespace arenastore::planner
