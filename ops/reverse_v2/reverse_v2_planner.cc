// reverse_v2's planner unit: its lowering from graph attributes to kernels::ReverseV2Params
// (reversed axes walked from their last index with stride -1), the SliceOptions it writes to an
// artifact and reads back for re-planning, and which of those fields two artifacts must share to
// compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_equivalence.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace {

using Attributes = ReverseV2Attributes;
constexpr const char* kOp = "reverse_v2";

Status LowerParams(const Lowering& l, kernels::StridedCopyParams* p) {
  ARENASTORE_ASSIGN_OR_RETURN(const Attributes a, l.AttributesAs<Attributes>());
  const Tensor& input = l.Input(0);
  const Tensor& output = l.Output();
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(input, "input"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectActivation(output, "output"));
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
                             a.stride.data(), a.count.data(), kOp, p);
  if (!status.ok()) return l.Fail("{}", status.message());
  if (kernels::StridedCopyOutputElements(*p) != output.element_count()) {
    return l.Fail("the slice holds {} elements, output '{}' [{}] {}",
                  kernels::StridedCopyOutputElements(*p), output.name, fmt::join(output.shape, ","),
                  output.element_count());
  }
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  return LowerParams(l, &lowered->params().reverse_v2);
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<Attributes>();
  return {schema::OpOptions::SliceOptions,
          schema::CreateSliceOptionsDirect(w.builder(), &a.begin, &a.stride, &a.count).Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_SliceOptions();
  Attributes a;
  a.begin = CopyVector(o.begin());
  a.stride = CopyVector(o.stride());
  a.count = CopyVector(o.count());
  return OpAttributes(a);
}

bool SameOptions(const schema::Operator& a, const schema::Operator& b) {
  const auto *x = a.options_as_SliceOptions(), *y = b.options_as_SliceOptions();
  return x != nullptr && y != nullptr && SameVector(x->begin(), y->begin()) &&
         SameVector(x->stride(), y->stride()) && SameVector(x->count(), y->count());
}

}  // namespace

extern const PlannerOp kReverseV2Planner = {&Lower, &Write, &Read, &SameOptions, nullptr, nullptr};

}  // namespace arenastore::planner
