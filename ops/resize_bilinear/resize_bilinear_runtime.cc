// resize_bilinear's runtime lowering: a verified artifact's operator ->
// kernels::ResizeBilinearParams, through the lowering the two resizes share
// (runtime/resize_lowering.h).
#include "runtime/resize_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  return LowerResize(c, &params->resize_bilinear);
}

}  // namespace

extern const RuntimeOp kResizeBilinearRuntime = {
    schema::OpOptions::ResizeOptions,
    false,
    {kernels::kResizeBilinearArity, {Int8("input", 4, 4)}, Int8("output", 4, 4)},
    &Lower};

}  // namespace arenastore::runtime
