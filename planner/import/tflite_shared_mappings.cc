#include "planner/import/tflite_shared_mappings.h"

#include <string>

namespace arenastore::planner {

std::string TypesOf(tfl::TensorType in, tfl::TensorType out) {
  const char* in_name = TfliteTensorTypeName(static_cast<int32_t>(in));
  const char* out_name = TfliteTensorTypeName(static_cast<int32_t>(out));
  return fmt::format("{} -> {}", in_name != nullptr ? in_name : "unknown",
                     out_name != nullptr ? out_name : "unknown");
}

Status MapInt8Unary(TfliteOpMapper& m, kernels::OpKind kind) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  if (in != tfl::TensorType::INT8 || out != tfl::TensorType::INT8) {
    m.Refuse(TypesOf(in, out) + " (int8 only)");
  }
  m.result().op.kind = kind;
  m.result().op.inputs = {m.input(0)};
  return Status::Ok();
}

Status MapConversion(TfliteOpMapper& m, kernels::OpKind kind,
                     bool (*accepts)(tfl::TensorType input, tfl::TensorType output)) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  if (!accepts(in, out)) m.Refuse(TypesOf(in, out));
  m.result().op.kind = kind;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().checks_operand_types = true;
  return Status::Ok();
}

Status MapPool2dWindow(TfliteOpMapper& m, Pool2dAttributes* a) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::Pool2DOptions* o, m.OptionsOf<tfl::Pool2DOptions>(true));
  ARENASTORE_RETURN_IF_ERROR(m.ToPadding(o->padding(), &a->padding));
  a->stride_h = o->stride_h();
  a->stride_w = o->stride_w();
  a->filter_h = o->filter_height();
  a->filter_w = o->filter_width();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_h, "stride_h"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_w, "stride_w"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->filter_h, "filter_height"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->filter_w, "filter_width"));
  ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a->activation));
  return Status::Ok();
}

}  // namespace arenastore::planner
