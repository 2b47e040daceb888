// svdf's runtime lowering: a verified artifact's operator -> kernels::SvdfParams, checked on
// the way: the operands' shapes form an SVDF, the state is a variable in a state pool of the
// time weights' type, and both rescales are valid fixed-point multipliers.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef ExpectTypes(const OpChecker& c, const schema::Tensor& time, const schema::Tensor& state) {
  const schema::Tensor* bias = c.Input(4);
  const bool state_ok =
      state.type() == schema::DataType::INT8 || state.type() == schema::DataType::INT16;
  if (!state_ok || time.type() != state.type() ||
      (bias != nullptr && bias->type() != schema::DataType::INT32)) {
    return c.Fail("tensors.type",
                  "state and weights_time must both be INT8 or INT16 and bias INT32 (state %s, "
                  "weights_time %s)",
                  DataTypeName(state.type()), DataTypeName(time.type()));
  }
  return c.ExpectStateTensor(state, "state");
}

// The message of ExpectShapes, out of line: its five shape texts (480 B) would otherwise sit in
// Lower's frame on every lowering, the deepest frame of a device's stack peak.
[[gnu::noinline]] StatusRef FailShapes(const OpChecker& c, const kernels::SvdfParams& p) {
  return c.Fail("tensors.shape",
                "input %s, weights %s, time weights %s, state %s and output %s do not form an "
                "SVDF of rank %d",
                FormatShape(*c.Input(0)).text, FormatShape(*c.Input(1)).text,
                FormatShape(*c.Input(2)).text, FormatShape(*c.Input(3)).text,
                FormatShape(c.Output()).text, p.rank);
}

StatusRef ExpectShapes(const OpChecker& c, const kernels::SvdfParams& p) {
  const schema::Tensor& time = *c.Input(2);
  const schema::Tensor& state = *c.Input(3);
  const schema::Tensor& output = c.Output();
  const int32_t units = kernels::SvdfUnits(p);
  const schema::Tensor* bias = c.Input(4);
  const bool fits = Rank(time) == 2 && Dim(time, 0) == p.filters && Rank(state) == 2 &&
                    Dim(state, 0) == p.batches &&
                    int64_t{Dim(state, 1)} == int64_t{p.filters} * p.memory && Rank(output) == 2 &&
                    Dim(output, 0) == p.batches && Dim(output, 1) == units &&
                    Dim(*c.Input(1), 1) == p.input_size;
  if (!fits) return FailShapes(c, p);
  return c.ExpectBias(bias, units);
}

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::SvdfParams* p = &params->svdf;
  const schema::SvdfOptions& options = c.Options<schema::SvdfOptions>();
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& time = *c.Input(2);
  const schema::Tensor& state = *c.Input(3);
  ARENASTORE_RETURN_IF_FAILED(ExpectTypes(c, time, state));
  p->batches = Dim(input, 0);
  p->input_size = Dim(input, 1);
  p->filters = Dim(*c.Input(1), 0);
  p->memory = Rank(time) == 2 ? Dim(time, 1) : 0;
  p->rank = options.rank();
  if (p->rank < 1 || p->filters % p->rank != 0) {
    return c.Fail("operators.options.rank", "rank %d does not divide the %d filters", p->rank,
                  p->filters);
  }
  ARENASTORE_RETURN_IF_FAILED(ExpectShapes(c, *p));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectRequant(options.requant(), 2, false));
  p->state_type = state.type() == schema::DataType::INT16 ? kernels::ElementType::kInt16
                                                          : kernels::ElementType::kInt8;
  p->input_zero_point = ZeroPoint(input);
  p->state_zero_point = ZeroPoint(state);
  p->output_zero_point = ZeroPoint(c.Output());
  p->feature_multiplier = options.requant()->multiplier()->Get(0);
  p->feature_shift = options.requant()->shift()->Get(0);
  p->time_multiplier = options.requant()->multiplier()->Get(1);
  p->time_shift = options.requant()->shift()->Get(1);
  const Status valid = kernels::CheckSvdfParams(*p, "svdf");
  return valid.ok() ? StatusRef::Ok() : c.Fail("operators.options", "%s", valid.message());
}

}  // namespace

extern const RuntimeOp kSvdfRuntime = RuntimeUnit<schema::SvdfOptions>(
    {kernels::kSvdfArity,
     {Int8("input", 2, 2), Int8("weights_feature", 2, 2), kUnchecked},
     Int8("output", 2, 2)},
    &Lower);

}  // namespace arenastore::runtime
