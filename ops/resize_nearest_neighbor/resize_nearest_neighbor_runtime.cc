// resize_nearest_neighbor's runtime lowering: a verified artifact's operator ->
// kernels::ResizeNearestNeighborParams, through the lowering the two resizes share
// (runtime/resize_lowering.h).
#include "runtime/moved_elements.h"
#include "runtime/resize_lowering.h"
#include "runtime/runtime_op.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  // Either width, one type throughout: the kernel copies whole pixels.
  return LowerResize(c, &params->resize_nearest_neighbor) && MovedElementBytes(c) != 0;
}

}  // namespace

extern const RuntimeOp kResizeNearestNeighborRuntime = {schema::OpOptions::ResizeOptions,
                                                        false,
                                                        {kernels::kResizeNearestNeighborArity,
                                                         {Int8OrInt16("input", 4, 4)},
                                                         Int8OrInt16("output", 4, 4)},
                                                        &Lower};

}  // namespace arenastore::runtime
