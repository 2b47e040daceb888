// gather's runtime lowering: a verified artifact's operator -> kernels::GatherParams, checked on
// the way by kernels::MakeGatherParams (axis and batch_dims inside the ranks, the indices as many
// as their shape says and each inside the gathered axis, the output shape the gather's). The
// params point at the indices inside the artifact, which outlives them.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

constexpr int32_t kRank = kernels::kMaxGatherRank;

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::GatherOptions& options = c.Options<schema::GatherOptions>();
  const schema::Tensor& input = *c.Input(0);
  const schema::Tensor& output = c.Output();
  const auto* indices_shape = options.indices_shape();
  const auto* indices = options.indices();
  const int32_t indices_rank = indices_shape == nullptr ? 0 : indices_shape->size();
  if (indices_rank > kRank) {
    return c.Fail("operators.options.indices_shape", "indices rank %d above %d", indices_rank,
                  kRank);
  }
  int32_t in[kRank] = {}, idx[kRank] = {}, out[kRank] = {};
  for (int32_t d = 0; d < Rank(input); ++d) in[d] = Dim(input, d);
  for (int32_t d = 0; d < Rank(output); ++d) out[d] = Dim(output, d);
  for (int32_t d = 0; d < indices_rank; ++d) {
    idx[d] = indices_shape->Get(static_cast<flatbuffers::uoffset_t>(d));
  }
  const int32_t axis = options.axis(), batch_dims = options.batch_dims();
  if (axis < 0 || batch_dims < 0) {
    return c.Fail("operators.options.axis", "axis %d and batch_dims %d must be non-negative", axis,
                  batch_dims);
  }
  const kernels::GatherShapes shapes = {Rank(input), in, indices_rank, idx, Rank(output), out};
  // FlatBuffers stores int vectors little-endian and 4-byte aligned, as the kernel reads them.
  const int32_t count = indices == nullptr ? 0 : static_cast<int32_t>(indices->size());
  const Status status = kernels::MakeGatherParams(shapes, axis, options.axis_dims(), batch_dims,
                                                  indices == nullptr ? nullptr : indices->data(),
                                                  count, &params->gather);
  if (!status.ok()) return c.Fail("operators.options", "%s", status.message());
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kGatherRuntime = RuntimeUnit<schema::GatherOptions>(
    {kernels::kGatherArity, {Int8("input", 1, kRank)}, Int8("output", 0, kRank)}, &Lower);

}  // namespace arenastore::runtime
