// prelu's runtime lowering: a verified artifact's operator -> kernels::PreluParams, each field
// checked on the way (runtime/op_params_builder.h): alpha is a constant, input and alpha
// broadcast to the output, and both fixed-point multipliers are valid.
#include "runtime/broadcast_lowering.h"
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::PreluParams* p = &params->prelu;
  if (!IsConstant(*c.Input(1))) {
    return c.Fail("operators.inputs", "alpha (input 1) must be a constant tensor");
  }
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &p->shapes));
  const schema::PreluOptions& options = c.Options<schema::PreluOptions>();
  ARENASTORE_RETURN_IF_FAILED(
      c.ReadFixedPoint("operators.options.positive_multiplier", options.positive_multiplier(),
                       options.positive_shift(), &p->positive_multiplier, &p->positive_shift));
  ARENASTORE_RETURN_IF_FAILED(
      c.ReadFixedPoint("operators.options.negative_multiplier", options.negative_multiplier(),
                       options.negative_shift(), &p->negative_multiplier, &p->negative_shift));
  FillBroadcastOffsets(c, p);
  return ExpectOneWidth(c);  // the input's type throughout (alpha is int8)
}

constexpr int8_t kRank = kernels::kMaxBroadcastRank;

}  // namespace

extern const RuntimeOp kPreluRuntime =
    RuntimeUnit<schema::PreluOptions>({kernels::kPreluArity,
                                       {Int8OrInt16("input", 0, kRank), Int8("alpha", 0, kRank)},
                                       Int8OrInt16("output", 0, kRank)},
                                      &Lower);

}  // namespace arenastore::runtime
