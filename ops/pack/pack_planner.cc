// pack's planner unit: the check of its axis only the host can make (the runtime's lowering derives
// kernels::PackParams and checks the shapes), the PackOptions it writes to an artifact and reads
// back for re-planning, and where each input lies in the output.
// Its TensorFlow Lite mapping: PACK -> a graph op with PackAttributes (the inputs in order), or a
// reason it cannot run here (more inputs than an operator may have).
#include <vector>

#include "kernels/param_types.h"
#include "ops/pack/pack.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace pack_planning {

// The axis, resolved against the output's rank; the runtime's lowering derives the sizes and
// checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<PackAttributes>().status());
  return l.ResolveAxis(&lowered->mutable_options<PackAttributes>().axis, l.Output().shape.size());
}

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

}  // namespace pack_planning

extern const PlannerOp kPackPlanner = OptionsStructPlanner<PackAttributes>(&pack_planning::Lower);

// TensorFlow Lite's PACK (builtin 83).
extern const TfliteOpMapping kPackTflite = {{83}, 1, &pack_planning::Map};

}  // namespace arenastore::planner
