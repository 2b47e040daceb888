// add_n's TensorFlow Lite mapping: ADD_N -> a graph op with AddNAttributes (the inputs in
// order), or a reason it cannot run here (more inputs than an operator may have).
#include "planner/import/tflite_op_mapper.h"

namespace arenastore::planner {
namespace add_n_mapping {

constexpr int32_t kAddNBuiltin = 106;  // TensorFlow Lite's ADD_N

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, m.inputs().size() > 2 ? m.inputs().size() : 2));
  if (m.inputs().size() > static_cast<size_t>(kernels::kMaxOpInputs)) {
    m.Refuse(fmt::format("{} inputs, at most {}", m.inputs().size(), kernels::kMaxOpInputs));
  }
  m.result().op.kind = kernels::OpKind::kAddN;
  m.result().op.inputs = m.inputs();
  m.result().op.attributes = AddNAttributes{};
  return Status::Ok();
}

}  // namespace add_n_mapping

extern const TfliteOpMapping kAddNTflite = {{add_n_mapping::kAddNBuiltin}, 1, &add_n_mapping::Map};

}  // namespace arenastore::planner
