// concatenation's TensorFlow Lite mapping: CONCATENATION -> a graph op with ConcatenationAttributes
// (operands in our order, constant operands folded into attributes), or a reason it cannot run
// here.
#include <vector>

#include "kernels/param_types.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace concatenation_mapping {

constexpr int32_t kConcatenationBuiltin = 2;  // TensorFlow Lite's CONCATENATION

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, m.inputs().size() > 0 ? m.inputs().size() : 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ConcatenationOptions* o,
                              m.OptionsOf<tfl::ConcatenationOptions>(false));
  ConcatenationAttributes a;
  if (o != nullptr) {
    a.axis = o->axis();
    ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a.activation));
  }
  const int32_t rank = static_cast<int32_t>(m.reader().ShapeOf(m.outputs()[0]).size());
  if (a.axis < -rank || a.axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for rank {}", a.axis, rank));
  }
  if (m.inputs().size() > static_cast<size_t>(kernels::kMaxOpInputs)) {
    m.Refuse(fmt::format("{} inputs, at most {}", m.inputs().size(), kernels::kMaxOpInputs));
  }
  std::vector<int32_t> activations = m.inputs();
  activations.push_back(m.outputs()[0]);
  m.AcceptInt8OrInt16Activations(activations);
  m.result().op.kind = kernels::OpKind::kConcatenation;
  m.result().op.inputs = m.inputs();
  m.result().op.attributes = a;
  return Status::Ok();
}

}  // namespace concatenation_mapping

extern const TfliteOpMapping kConcatenationTflite = {
    {concatenation_mapping::kConcatenationBuiltin}, 1, &concatenation_mapping::Map};

}  // namespace arenastore::planner
