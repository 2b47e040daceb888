#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

Status MapInt8Unary(TfliteOpMapper& m, kernels::OpKind kind) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  if (in != tfl::TensorType::INT8 || out != tfl::TensorType::INT8) {
    const char* in_name = TfliteTensorTypeName(static_cast<int32_t>(in));
    const char* out_name = TfliteTensorTypeName(static_cast<int32_t>(out));
    m.Refuse(fmt::format("{} -> {} (int8 only)", in_name != nullptr ? in_name : "unknown",
                         out_name != nullptr ? out_name : "unknown"));
  }
  m.result().op.kind = kind;
  m.result().op.inputs = {m.inputs()[0]};
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
