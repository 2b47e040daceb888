// dynamic_update_slice's runtime lowering: a verified artifact's operator ->
// kernels::DynamicUpdateSliceParams, checked on the way: operand, update and output of one rank,
// the output the operand's shape, and the (already clamped) start placing the update inside.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

constexpr int32_t kRank = kernels::kMaxDynamicUpdateSliceRank;

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor& operand = *c.Input(0);
  const schema::Tensor& update = *c.Input(1);
  const schema::Tensor& output = c.Output();
  const auto* start = c.Options<schema::DynamicUpdateSliceOptions>().start();
  const int32_t rank = Rank(operand);
  if (Rank(update) != rank || !SameShape(operand, output)) {
    return c.Fail("tensors.shape", "update %s and output %s must have operand %s's rank and shape",
                  FormatShape(update).text, FormatShape(output).text, FormatShape(operand).text);
  }
  ARENASTORE_RETURN_IF_FAILED(ExpectOneWidth(c));  // one type throughout, int8 or int16
  const int32_t start_count = start == nullptr ? 0 : static_cast<int32_t>(start->size());
  if (start_count != rank) {
    return c.Fail("operators.options.start", "%d start indices for an operand of rank %d",
                  start_count, rank);
  }
  int32_t operand_shape[kRank] = {}, update_shape[kRank] = {};
  int64_t at[kRank] = {};
  for (int32_t d = 0; d < rank; ++d) {
    operand_shape[d] = Dim(operand, d);
    update_shape[d] = Dim(update, d);
    at[d] = start->Get(static_cast<flatbuffers::uoffset_t>(d));
  }
  const Status status = kernels::MakeDynamicUpdateSliceParams(rank, operand_shape, update_shape, at,
                                                              &params->dynamic_update_slice);
  if (!status.ok()) return c.Fail("tensors.shape", "%s", status.message());
  // The artifact holds the clamped start: a value clamping would move was not written by us.
  for (int32_t d = 0; d < rank; ++d) {
    if (params->dynamic_update_slice.start[d] != at[d]) {
      return c.Fail("operators.options.start", "start[%d] = %lld does not place update %s in %s", d,
                    static_cast<long long>(at[d]), FormatShape(update).text,
                    FormatShape(operand).text);
    }
  }
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kDynamicUpdateSliceRuntime = RuntimeUnit<schema::DynamicUpdateSliceOptions>(
    {kernels::kDynamicUpdateSliceArity,
     {Int8OrInt16("operand", 0, kRank), Int8OrInt16("update", 0, kRank)},
     Int8OrInt16("output", 0, kRank)},
    &Lower);

}  // namespace arenastore::runtime
