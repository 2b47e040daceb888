// pack's TensorFlow Lite mapping: PACK -> a graph op with PackAttributes (the inputs in order),
// or a reason it cannot run here (more inputs than an operator may have).
#include <vector>

#include "kernels/param_types.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace pack_mapping {

constexpr int32_t kPackBuiltin = 83;  // TensorFlow Lite's PACK

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, m.inputs().size() > 0 ? m.inputs().size() : 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::PackOptions* o, m.OptionsOf<tfl::PackOptions>(true));
  if (o->values_count() != static_cast<int32_t>(m.inputs().size())) {
    return m.Fail(
        fmt::format("values_count {} but {} inputs", o->values_count(), m.inputs().size()));
  }
  const int32_t rank = static_cast<int32_t>(m.reader().ShapeOf(m.outputs()[0]).size());
  if (o->axis() < -rank || o->axis() >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for output rank {}", o->axis(), rank));
  }
  if (m.inputs().size() > static_cast<size_t>(kernels::kMaxOpInputs)) {
    m.Refuse(fmt::format("{} inputs, at most {}", m.inputs().size(), kernels::kMaxOpInputs));
  }
  std::vector<int32_t> activations = m.inputs();
  activations.push_back(m.outputs()[0]);
  m.AcceptInt8OrInt16Activations(activations);
  m.result().op.kind = kernels::OpKind::kPack;
  m.result().op.inputs = m.inputs();
  m.result().op.attributes = PackAttributes{o->axis()};
  return Status::Ok();
}

}  // namespace pack_mapping

extern const TfliteOpMapping kPackTflite = {{pack_mapping::kPackBuiltin}, 1, &pack_mapping::Map};

}  // namespace arenastore::planner
