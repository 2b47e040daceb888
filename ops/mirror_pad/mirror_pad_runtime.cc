// mirror_pad's runtime lowering: a verified artifact's operator -> kernels::MirrorPadParams,
// checked on the way: one (before, after) pair per dimension, each at most the dimension's size
// (less one for REFLECT), takes the input shape to the output shape.
#include "runtime/op_unit.h"

namespace arenastore::runtime {
namespace {

StatusRef Lower(const OpChecker& c, kernels::OpParams* params) {
  kernels::MirrorPadParams* p = &params->mirror_pad;
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const schema::MirrorPadOptions& o = c.Options<schema::MirrorPadOptions>();
  *p = kernels::MirrorPadParams{};
  p->rank = Rank(*input);
  if (o.before() == nullptr || o.after() == nullptr ||
      o.before()->size() != static_cast<uint32_t>(p->rank) ||
      o.after()->size() != static_cast<uint32_t>(p->rank) || Rank(output) != p->rank) {
    return c.Fail("operators.options.before",
                  "padding needs one (before, after) pair per dimension of input %s and output "
                  "of the same rank",
                  FormatShape(*input).text);
  }
  p->edge_excluded = o.symmetric() ? 0 : 1;
  for (int32_t i = 0; i < p->rank; ++i) {
    const auto k = static_cast<flatbuffers::uoffset_t>(i);
    p->input_shape[i] = Dim(*input, i);
    p->before[i] = o.before()->Get(k);
    p->after[i] = o.after()->Get(k);
  }
  const Status status = kernels::CheckMirrorPadParams(*p, "mirror_pad");
  if (!status.ok()) return c.Fail("operators.options.before", "%s", status.message());
  for (int32_t i = 0; i < p->rank; ++i) {
    if (int64_t{p->input_shape[i]} + p->before[i] + p->after[i] != Dim(output, i)) {
      return c.Fail("tensors.shape", "dimension %d: input %d + %d + %d is not output %d", i,
                    p->input_shape[i], p->before[i], p->after[i], Dim(output, i));
    }
  }
  return StatusRef::Ok();
}

}  // namespace

extern const RuntimeOp kMirrorPadRuntime =
    RuntimeUnit<schema::MirrorPadOptions>({kernels::kMirrorPadArity,
                                           {Int8("input", 1, kernels::kMaxMirrorPadRank)},
                                           Int8("output", 1, kernels::kMaxMirrorPadRank)},
                                          &Lower);

}  // namespace arenastore::runtime
