#include "runtime/slice_walk_lowering.h"

#include "runtime/moved_elements.h"
#include "runtime/tensor_access.h"
#include "runtime/validation_support.h"

namespace arenastore::runtime {
namespace {

// The messages naming shapes, out of line: their shape texts would otherwise sit in
// LowerSliceWalk's frame on every lowering, part of a device's stack peak.
[[gnu::noinline]] StatusRef FailShapes(const OpChecker& c, const char* op, bool entries) {
  if (entries) {
    return c.Fail("operators.options.begin",
                  "begin, stride and count need one entry per dimension of input %s",
                  FormatShape(*c.Input(0)).text);
  }
  return c.Fail("tensors.shape", "the %s of input %s does not fill output %s", op,
                FormatShape(*c.Input(0)).text, FormatShape(c.Output()).text);
}

}  // namespace

StatusRef LowerSliceWalk(const OpChecker& c, const char* op, kernels::StridedCopyParams* walk) {
  const schema::Tensor* input = c.Input(0);
  const schema::Tensor& output = c.Output();
  const schema::SliceOptions& o = c.Options<schema::SliceOptions>();
  const uint32_t rank = static_cast<uint32_t>(Rank(*input));
  if (o.begin() == nullptr || o.stride() == nullptr || o.count() == nullptr ||
      o.begin()->size() != rank || o.stride()->size() != rank || o.count()->size() != rank) {
    return FailShapes(c, op, /*entries=*/true);
  }
  int32_t shape[kernels::kMaxStridedCopyRank] = {}, begin[kernels::kMaxStridedCopyRank] = {},
          stride[kernels::kMaxStridedCopyRank] = {}, count[kernels::kMaxStridedCopyRank] = {};
  for (uint32_t d = 0; d < rank; ++d) {
    shape[d] = Dim(*input, static_cast<int32_t>(d));
    begin[d] = o.begin()->Get(d);
    stride[d] = o.stride()->Get(d);
    count[d] = o.count()->Get(d);
  }
  const Status status =
      kernels::MakeSliceWalk(static_cast<int32_t>(rank), shape, begin, stride, count, op, walk);
  if (!status.ok()) return c.Fail("operators.options.begin", "%s", status.message());
  if (kernels::StridedCopyOutputElements(*walk) != ElementCount(output)) {
    return FailShapes(c, op, /*entries=*/false);
  }
  return WidenWalk(c, walk);
}

}  // namespace arenastore::runtime
