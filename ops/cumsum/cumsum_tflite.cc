// cumsum's TensorFlow Lite mapping: CUMSUM -> a graph op with CumsumAttributes (the constant
// axis operand folded into attributes, with the exclusive and reverse flags), or a reason it
// cannot run here.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace cumsum_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  if (!m.Constant({1}, "axis")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t axis, m.ScalarOperand(1, "axis"));
  const int64_t rank = m.RankOf(m.input(0));
  if (rank < 1 || axis < -rank || axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for input rank {}", axis, rank));
  }
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::CumsumOptions* o, m.OptionsOf<tfl::CumsumOptions>(false));
  CumsumAttributes a;
  a.axis = static_cast<int32_t>(axis);
  a.exclusive = o != nullptr && o->exclusive();
  a.reverse = o != nullptr && o->reverse();
  return m.Emit(kernels::OpKind::kCumsum, {m.input(0)}, a);
}

}  // namespace cumsum_mapping

// TensorFlow Lite's CUMSUM (builtin 128).
extern const TfliteOpMapping kCumsumTflite = {{128}, 1, &cumsum_mapping::Map};

}  // namespace arenastore::planner
