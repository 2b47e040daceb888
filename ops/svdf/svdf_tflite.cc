// svdf's TensorFlow Lite mapping: SVDF -> a graph op with SvdfAttributes, its operands reordered
// to (input, weights_feature, weights_time, state, bias) so the optional bias comes last, or a
// reason it cannot run here (float or hybrid SVDF). Its fused activation is read and dropped:
// TensorFlow Lite Micro's integer kernel ignores it too.
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace svdf_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(5, 5));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::SVDFOptions* o, m.OptionsOf<tfl::SVDFOptions>(true));
  const auto& in = m.inputs();
  const tfl::TensorType input = m.reader().TensorTypeOf(in[0]);
  const tfl::TensorType state = m.reader().TensorTypeOf(in[4]);
  const tfl::TensorType time = m.reader().TensorTypeOf(in[2]);
  if (input != tfl::TensorType::INT8 || m.reader().TensorTypeOf(in[1]) != tfl::TensorType::INT8 ||
      (state != tfl::TensorType::INT8 && state != tfl::TensorType::INT16) || time != state) {
    m.Refuse(
        "only int8 input and weights_feature with int8 or int16 state and weights_time run "
        "here");
  }
  m.result().checks_operand_types = true;
  SvdfAttributes a;
  a.rank = o->rank();
  return m.Emit(kernels::OpKind::kSvdf, {in[0], in[1], in[2], in[4], in[3]}, std::move(a));
}

}  // namespace svdf_mapping

// TensorFlow Lite's SVDF (builtin 27).
extern const TfliteOpMapping kSvdfTflite = {{27}, 1, &svdf_mapping::Map};

}  // namespace arenastore::planner
