#include "planner/slice_walk_lowering.h"

#include <fmt/ranges.h>

#include "planner/moved_elements.h"

namespace arenastore::planner {

Status LowerSliceWalk(const Lowering& l, const SliceWalkAttributes& a, const char* op,
                      kernels::StridedCopyParams* walk) {
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(input, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectInt8OrInt16Activation(output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, output));
  const size_t rank = input.shape.size();
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxStridedCopyRank) ||
      a.begin.size() != rank || a.stride.size() != rank || a.count.size() != rank ||
      output.shape.size() > rank) {
    return l.Fail("begin, stride and count need one entry per input dimension, rank in [1, {}]",
                  kernels::kMaxStridedCopyRank);
  }
  const Status status =
      kernels::MakeSliceWalk(static_cast<int32_t>(rank), input.shape.data(), a.begin.data(),
                             a.stride.data(), a.count.data(), op, walk);
  if (!status.ok()) return l.Fail("{}", status.message());
  if (kernels::StridedCopyOutputElements(*walk) != output.element_count()) {
    return l.Fail("the {} holds {} elements, output '{}' [{}] {}", op,
                  kernels::StridedCopyOutputElements(*walk), output.name,
                  fmt::join(output.shape, ","), output.element_count());
  }
  return WidenWalk(l, input, walk);
}

WrittenOptions WriteSliceWalk(OptionsWriter& w, const SliceWalkAttributes& a) {
  return {schema::OpOptions::SliceOptions,
          schema::CreateSliceOptionsDirect(w.builder(), &a.begin, &a.stride, &a.count).Union()};
}

SliceWalkAttributes ReadSliceWalk(const schema::Operator& op) {
  const auto& o = *op.options_as_SliceOptions();
  SliceWalkAttributes a;
  a.begin = CopyVector(o.begin());
  a.stride = CopyVector(o.stride());
  a.count = CopyVector(o.count());
  return a;
}

}  // namespace arenastore::planner
