// batch_matmul's runtime lowering: a verified artifact's operator -> kernels::BatchMatmulParams,
// each field checked on the way (runtime/op_params_builder.h): the operands form a batch matmul
// with broadcast batches.
#include "runtime/conv_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::BatchMatmulParams* p = &params->batch_matmul;
  const schema::Tensor* lhs = c.Input(0);
  const schema::Tensor* rhs = c.Input(1);
  const schema::Tensor* output = &c.Output();
  const schema::BatchMatmulOptions& options = c.Options<schema::BatchMatmulOptions>();
  const int32_t lr = Rank(*lhs);
  const int32_t rr = Rank(*rhs);
  p->adj_x = options.adj_x();
  p->adj_y = options.adj_y();
  p->rows = Dim(*lhs, p->adj_x ? lr - 1 : lr - 2);
  p->accum_depth = Dim(*lhs, p->adj_x ? lr - 2 : lr - 1);
  p->cols = Dim(*rhs, p->adj_y ? rr - 2 : rr - 1);
  const int32_t rhs_depth = Dim(*rhs, p->adj_y ? rr - 1 : rr - 2);
  // Every factor is an int32 dimension and the product stops growing once it passes the int32
  // element cap an output can have, so the 64-bit products below cannot overflow.
  int64_t elements = int64_t{p->rows} * p->cols;
  bool fits = p->accum_depth == rhs_depth;
  for (int i = 0; i < 3; ++i) {  // leading batch dims, right-aligned to 3, 1 where absent
    p->lhs_batch[i] = Dim(*lhs, lr - 5 + i);
    p->rhs_batch[i] = Dim(*rhs, rr - 5 + i);
    const int32_t a = p->lhs_batch[i];
    const int32_t b = p->rhs_batch[i];
    fits = fits && (a == b || a == 1 || b == 1) && elements <= kMaxElementCount;
    if (fits) elements *= a > b ? a : b;
  }
  if (!fits || ElementCount(*output) != elements) {
    return c.Fail("tensors.shape", "lhs %s, rhs %s and output %s do not form a batch matmul",
                  FormatShape(*lhs).text, FormatShape(*rhs).text, FormatShape(*output).text);
  }
  p->activation_min = options.activation_min();
  p->activation_max = options.activation_max();
  // 16x8: int16 operands (zero points 0) and an int16 clamp; no bias.
  ARENASTORE_RETURN_IF_FAILED(Expect16x8Operands(c, nullptr, schema::DataType::INT64));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectActivationRange(p->activation_min, p->activation_max));
  ARENASTORE_RETURN_IF_FAILED(c.ExpectRequant(options.requant(), 1, true));
  p->lhs_zero_point = ZeroPoint(*lhs);
  p->rhs_zero_point = ZeroPoint(*rhs);
  p->output_zero_point = ZeroPoint(*output);
  p->output_multiplier = options.requant()->multiplier()->Get(0);
  p->output_shift = options.requant()->shift()->Get(0);
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kBatchMatmulRuntime = RuntimeUnit<schema::BatchMatmulOptions>(
    {kernels::kBatchMatmulArity,
     {Activation16x8("lhs", 2, 5), Activation16x8("rhs", 2, 5)},
     Activation16x8("output")},
    &Lower);

}  // namespace arenastore::runtime
