// l2_normalization's planner unit: its lowering from graph tensors to
// kernels::L2NormalizationParams (as TensorFlow Lite Micro prepares the op, with the output scale
// 1/128 and zero point 0 its arithmetic assumes), the empty L2NormalizationOptions it writes and
// reads back, and their equivalence.
#include "planner/empty_options_planning.h"

namespace arenastore::planner {
namespace l2_normalization_lowering {

Status Lower(const Lowering& l, LoweredOp*) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<L2NormalizationAttributes>().status());
  // Nothing to derive: the runtime fills every field from the tensors. The host checks the
  // quantization the artifact's tensors carry and the output scale the kernel assumes.
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(0), "input"));
  if (output.zero_point() != 0 || output.scale() != 1.0f / 128.0f) {
    return l.Fail("int8 l2_normalization needs output scale 1/128 and zero point 0, got {} and {}",
                  output.scale(), output.zero_point());
  }
  return Status::Ok();
}

}  // namespace l2_normalization_lowering

extern const PlannerOp kL2NormalizationPlanner =
    EmptyOptionsPlanner<L2NormalizationAttributes>(&l2_normalization_lowering::Lower);

}  // namespace arenastore::planner
