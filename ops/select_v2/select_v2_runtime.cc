// select_v2's runtime lowering: a verified artifact's operator -> kernels::SelectV2Params: a
// bool condition and int8 x and y whose shapes, right-aligned, broadcast to the int8 output's.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

constexpr int8_t kRank = kernels::kMaxBroadcastRank;

void RightAlign(const schema::Tensor& tensor, int32_t (&aligned)[kRank]) {
  const int32_t pad = kRank - Rank(tensor);
  for (int32_t d = 0; d < kRank; ++d) aligned[d] = d < pad ? 1 : Dim(tensor, d - pad);
}

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::SelectV2Params* p = &params->select_v2;
  RightAlign(*c.Input(0), p->condition);
  RightAlign(*c.Input(1), p->x);
  RightAlign(*c.Input(2), p->y);
  RightAlign(c.Output(), p->output);
  for (int32_t d = 0; d < kRank; ++d) {
    int32_t expected = p->condition[d];
    if (p->x[d] > expected) expected = p->x[d];
    if (p->y[d] > expected) expected = p->y[d];
    auto fits = [expected](int32_t dim) { return dim == expected || dim == 1; };
    if (p->output[d] != expected || !fits(p->condition[d]) || !fits(p->x[d]) || !fits(p->y[d])) {
      return c.Fail("tensors.shape", "condition %s, x %s and y %s do not broadcast to output %s",
                    FormatShape(*c.Input(0)).text, FormatShape(*c.Input(1)).text,
                    FormatShape(*c.Input(2)).text, FormatShape(c.Output()).text);
    }
  }
  // x, y and the output share one type (either width); the condition is bool.
  const schema::DataType type = c.Input(1)->type();
  if (c.Input(2)->type() != type || c.Output().type() != type) {
    return c.Fail("tensors.type", "x is %s, y %s and output %s: one type throughout",
                  schema::EnumNameDataType(type), schema::EnumNameDataType(c.Input(2)->type()),
                  schema::EnumNameDataType(c.Output().type()));
  }
  // The kernel is picked by the values' width, not the condition's (bool) type.
  params->dtype =
      type == schema::DataType::INT16 ? kernels::KernelDtype::kInt16 : kernels::KernelDtype::kInt8;
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kSelectV2Runtime = {
    schema::OpOptions::SelectV2Options,
    true,
    {kernels::kSelectV2Arity,
     {Typed("condition", schema::DataType::BOOL, 0, kRank), Int8OrInt16("x", 0, kRank),
      Int8OrInt16("y", 0, kRank)},
     Int8OrInt16("output", 0, kRank)},
    &Lower};

}  // namespace arenastore::runtime
