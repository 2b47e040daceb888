#include "planner/import/tflite_shared_mappings.h"

namespace arenastore::planner {

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
