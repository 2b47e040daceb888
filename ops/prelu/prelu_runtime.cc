// prelu's runtime lowering: a verified artifact's operator -> kernels::PreluParams, each field
// checked on the way (runtime/op_params_builder.h): alpha is a constant, input and alpha
// broadcast to the output, and both fixed-point multipliers are valid.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

bool Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::PreluParams* p = &params->prelu;
  if (!IsConstant(*c.Input(1))) {
    return c.Fail("operators.inputs", "alpha (input 1) must be a constant tensor");
  }
  if (!LowerBroadcast(c, &p->shapes)) return false;
  const schema::PreluOptions& options = c.Options<schema::PreluOptions>();
  if (!c.ReadFixedPoint("operators.options.positive_multiplier", options.positive_multiplier(),
                        options.positive_shift(), &p->positive_multiplier, &p->positive_shift) ||
      !c.ReadFixedPoint("operators.options.negative_multiplier", options.negative_multiplier(),
                        options.negative_shift(), &p->negative_multiplier, &p->negative_shift)) {
    return false;
  }
  FillBroadcastOffsets(c, p);
  return MovedElementBytes(c) != 0;  // the input's type throughout (alpha is int8)
}

constexpr int8_t kRank = kernels::kMaxBroadcastRank;

}  // namespace

extern const RuntimeOp kPreluRuntime =
    RuntimeUnit<schema::PreluOptions>({kernels::kPreluArity,
                                       {Int8OrInt16("input", 0, kRank), Int8("alpha", 0, kRank)},
                                       Int8OrInt16("output", 0, kRank)},
                                      &Lower);

}  // namespace arenastore::runtime
