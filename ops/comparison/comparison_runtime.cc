// comparison's runtime lowering: a verified artifact's operator -> kernels::ComparisonParams,
// each field checked on the way: int8 inputs broadcasting to a bool output, a known kind, the
// left shift and the input multipliers (below one) valid, offsets from the zero points.
#include "runtime/broadcast_lowering.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::ComparisonParams* p = &params->comparison;
  ARENASTORE_RETURN_IF_FAILED(LowerBroadcast(c, &p->shapes));
  const schema::ComparisonOptions& options = c.Options<schema::ComparisonOptions>();
  const int32_t kind = options.kind();
  if (kind < 0 || kind >= kernels::kComparisonKindCount) {
    return c.Fail("operators.options.kind", "kind %d outside [0, %d)", kind,
                  kernels::kComparisonKindCount);
  }
  p->kind = static_cast<kernels::ComparisonKind>(kind);
  p->left_shift = options.left_shift();
  if (p->left_shift < 0 || p->left_shift > 8) {
    return c.Fail("operators.options.left_shift", "left_shift %d outside [0, 8]", p->left_shift);
  }
  ARENASTORE_RETURN_IF_FAILED(LowerInputRescales(c, options, p));
  p->input1_offset = -ZeroPoint(*c.Input(0));
  p->input2_offset = -ZeroPoint(*c.Input(1));
  return StatusRef::Ok();
}

constexpr int8_t kRank = kernels::kMaxBroadcastRank;

}  // namespace

extern const RuntimeOp kComparisonRuntime =
    RuntimeUnit<schema::ComparisonOptions>({kernels::kComparisonArity,
                                            {Int8("input1", 0, kRank), Int8("input2", 0, kRank)},
                                            Typed("output", schema::DataType::BOOL, 0, kRank)},
                                           &Lower);

}  // namespace arenastore::runtime
