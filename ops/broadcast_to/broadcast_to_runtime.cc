// broadcast_to's runtime lowering: a verified artifact's operator -> kernels::BroadcastToParams,
// checked on the way: every right-aligned input dimension equals the output's or is 1.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const int32_t in_rank = Rank(*input), out_rank = Rank(output);
  int32_t in[kernels::kMaxStridedCopyRank] = {}, out[kernels::kMaxStridedCopyRank] = {};
  for (int32_t d = 0; d < in_rank && d < kernels::kMaxStridedCopyRank; ++d) in[d] = Dim(*input, d);
  for (int32_t d = 0; d < out_rank && d < kernels::kMaxStridedCopyRank; ++d) {
    out[d] = Dim(output, d);
  }
  const Status status =
      kernels::MakeBroadcastToParams(in_rank, in, out_rank, out, &params->broadcast_to);
  if (!status.ok()) return c.Fail("tensors.shape", "%s", status.message());
  return WidenWalk(c, &params->broadcast_to);
}

}  // namespace

extern const RuntimeOp kBroadcastToRuntime = RuntimeUnit<schema::BroadcastToOptions>(
    {kernels::kBroadcastToArity,
     {Int8OrInt16("input", 0, kernels::kMaxStridedCopyRank)},
     Int8OrInt16("output", 1, kernels::kMaxStridedCopyRank)},
    &Lower);

}  // namespace arenastore::runtime
