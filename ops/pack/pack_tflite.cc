// pack's TensorFlow Lite mapping: PACK -> a graph op with PackAttributes (the inputs in order),
// or a reason it cannot run here (more inputs than an operator may have).
#include <vector>

#include "kernels/param_types.h"
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace pack_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectVariadic(1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::PackOptions* o, m.OptionsOf<tfl::PackOptions>(true));
  if (o->values_count() != static_cast<int32_t>(m.inputs().size())) {
    return m.Fail(
        fmt::format("values_count {} but {} inputs", o->values_count(), m.inputs().size()));
  }
  const int32_t rank = static_cast<int32_t>(m.reader().ShapeOf(m.output()).size());
  if (o->axis() < -rank || o->axis() >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for output rank {}", o->axis(), rank));
  }
  m.RefuseOverMaxInputs();
  m.AcceptInt8OrInt16Activations(m.InputsAndOutput());
  return m.Emit(kernels::OpKind::kPack, m.inputs(), PackAttributes{{.axis = o->axis()}});
}

}  // namespace pack_mapping

// TensorFlow Lite's PACK (builtin 83).
extern const TfliteOpMapping kPackTflite = {{83}, 1, &pack_mapping::Map};

}  // namespace arenastore::planner
