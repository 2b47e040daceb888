// transpose's runtime lowering: a verified artifact's operator -> kernels::TransposeParams,
// checked on the way: perm permutes the input's dimensions into the output's shape.
#include "runtime/moved_elements.h"
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

// Out of line, as the failures below: their Status and shape text would otherwise sit in
// Lower's frame for the whole lowering, part of a device's stack peak.
[[gnu::noinline]] StatusRef MakeParams(const OpChecker& c, int32_t rank, const int32_t* shape,
                                       const int32_t* order, kernels::TransposeParams* params) {
  const Status status = kernels::MakeTransposeParams(rank, shape, order, params);
  return status.ok() ? StatusRef::Ok() : c.Fail("operators.options.perm", "%s", status.message());
}

[[gnu::noinline]] StatusRef FailPerm(const OpChecker& c, const schema::Tensor& input) {
  return c.Fail("operators.options.perm",
                "perm needs one entry per dimension of input %s and an output of its rank",
                FormatShape(input).text);
}

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const auto* perm = c.Options<schema::TransposeOptions>().perm();
  const int32_t rank = Rank(*input);
  if (perm == nullptr || perm->size() != static_cast<uint32_t>(rank) || Rank(output) != rank) {
    return FailPerm(c, *input);
  }
  int32_t shape[kernels::kMaxStridedCopyRank] = {}, order[kernels::kMaxStridedCopyRank] = {};
  for (int32_t d = 0; d < rank; ++d) {
    shape[d] = Dim(*input, d);
    order[d] = perm->Get(static_cast<flatbuffers::uoffset_t>(d));
  }
  ARENASTORE_RETURN_IF_FAILED(MakeParams(c, rank, shape, order, &params->transpose));
  for (int32_t d = 0; d < rank; ++d) {
    if (params->transpose.count[d] != Dim(output, d)) {
      return c.FailShapes("tensors.shape", "output %s is not input %s permuted by perm", output,
                          *input);
    }
  }
  return WidenWalk(c, &params->transpose);
}

}  // namespace

extern const RuntimeOp kTransposeRuntime =
    RuntimeUnit<schema::TransposeOptions>({kernels::kTransposeArity,
                                           {Int8OrInt16("input", 1, kernels::kMaxStridedCopyRank)},
                                           Int8OrInt16("output", 1, kernels::kMaxStridedCopyRank)},
                                          &Lower);

}  // namespace arenastore::runtime
