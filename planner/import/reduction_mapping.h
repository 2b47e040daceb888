// The TensorFlow Lite mapping the four reductions share (ops/<op>/<op>_planner.cc of mean, sum,
// reduce_max, reduce_min): operands (input, axis) and ReducerOptions -> the ReduceOptions struct,
// the constant int32 axis operand folded in; an axis computed at run time is refused. Host-only,
// header-only; MapReduceOf is each unit's whole mapping.
#pragma once

#include "planner/import/tflite_op_mapper.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::planner {

inline Status MapReduce(TfliteOpMapper& m, schema::ReduceOptionsT* a) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::ReducerOptions* o,
                              m.OptionsOf<tfl::ReducerOptions>(false));
  a->keep_dims = o != nullptr && o->keep_dims();
  if (!m.Constant({1}, "axes")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> axes, m.IntegerOperand(1, "axis"));
  const int64_t rank = m.RankOf(m.input(0));
  for (int64_t axis : axes) {
    if (axis < -rank || axis >= rank) {
      return m.Fail(fmt::format("axis {} is out of range for rank {}", axis, rank));
    }
    a->axes.push_back(static_cast<int32_t>(axis));
  }
  return Status::Ok();
}

// A reduction unit's whole mapping; kInt8OrInt16: its kernels take int16 (16x8) activations too.
template <kernels::OpKind kKind, typename Attributes, bool kInt8OrInt16>
Status MapReduceOf(TfliteOpMapper& m) {
  Attributes a;
  ARENASTORE_RETURN_IF_ERROR(MapReduce(m, &a));
  if (kInt8OrInt16) m.AcceptInt8OrInt16Activations({m.input(0), m.output()});
  return m.Emit(kKind, {m.input(0)}, a);
}

}  // namespace arenastore::planner
