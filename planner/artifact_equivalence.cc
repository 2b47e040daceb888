#include "planner/artifact_equivalence.h"

#include <cstring>

#include <fmt/format.h>

#include "kernels/op_kind.h"
#include "planner/options_equivalence.h"
#include "planner/planner_op.h"
#include "runtime/artifact_stages.h"

namespace arenastore::planner {
namespace {

using kernels::OpKind;

bool SameQuantization(const schema::Quantization* a, const schema::Quantization* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return SameVector(a->scale(), b->scale()) && SameVector(a->zero_point(), b->zero_point()) &&
         a->quantized_dimension() == b->quantized_dimension();
}

// A row stage's inner tensor holds one strip, not the whole tensor (runtime/artifact_stages.h):
// its bytes are a planning choice like its placement, so a re-plan that stages other ops (or
// none) may size it differently and still compute the same values.
bool StripSized(const runtime::ArtifactView& view, int32_t t) {
  return runtime::IsStageInnerTensor(view.artifact(), t);
}

bool SameTensor(const runtime::ArtifactView& va, const runtime::ArtifactView& vb, int32_t t) {
  const schema::Tensor& a = va.tensor(t);
  const schema::Tensor& b = vb.tensor(t);
  const bool same_bytes = a.bytes() == b.bytes() || StripSized(va, t) || StripSized(vb, t);
  if (a.type() != b.type() || !SameVector(a.shape(), b.shape()) ||
      !SameQuantization(a.quantization(), b.quantization()) || (a.pool() < 0) != (b.pool() < 0) ||
      !same_bytes) {
    return false;
  }
  if (a.pool() >= 0) return true;
  return std::memcmp(va.ConstantData(a), vb.ConstantData(b), static_cast<size_t>(a.bytes())) == 0;
}

Status Differs(const char* what) {
  return Status::Error(ErrorCode::kPlanInvalid,
                       "the re-planned artifact would not compute what the original does: %s; "
                       "nothing was stored",
                       what);
}

// The planner derives requantization, pads and activation ranges from scales and shapes; an
// artifact whose producer recorded other values cannot be re-planned without changing outputs.
Status OpDiffers(const schema::Operator& op, int32_t index, const char* aspect) {
  const char* kind = kernels::OpKindName(static_cast<OpKind>(op.kind()));
  return Status::Error(ErrorCode::kPlanInvalid,
                       "the re-planned artifact would not compute what the original does: op %d "
                       "(%s) %s differ from what this planner derives from the artifact's scales "
                       "and shapes; nothing was stored",
                       index, kind == nullptr ? "unknown" : kind, aspect)
      .WithOp(index);
}

}  // namespace

Status CheckSameComputation(const runtime::ArtifactView& original,
                            const runtime::ArtifactView& replanned) {
  const schema::Artifact& a = original.artifact();
  const schema::Artifact& b = replanned.artifact();
  if (original.tensor_count() != replanned.tensor_count() ||
      original.operator_count() != replanned.operator_count() ||
      !SameVector(a.inputs(), b.inputs()) || !SameVector(a.outputs(), b.outputs())) {
    return Differs("the graph's tensors, operators, inputs or outputs differ");
  }
  for (int32_t t = 0; t < original.tensor_count(); ++t) {
    if (!SameTensor(original, replanned, t)) {
      return Differs("the type, shape, quantization or constant bytes of a tensor differ")
          .WithTensor(t);
    }
  }
  for (int32_t i = 0; i < original.operator_count(); ++i) {
    const schema::Operator& x = original.op(i);
    const schema::Operator& y = replanned.op(i);
    if (x.kind() != y.kind() || !SameVector(x.inputs(), y.inputs()) ||
        !SameVector(x.outputs(), y.outputs()) || !original.IsKnownOpKind(i)) {
      return OpDiffers(x, i, "kind or operands");
    }
    const PlannerOp& unit = *PlannerOpOf(static_cast<kernels::OpKind>(x.kind()));
    const std::string_view field = DifferingOptionsField(x, y, unit.options_not_compared);
    if (!field.empty()) return OpDiffers(x, i, fmt::format("options ({})", field).c_str());
  }
  return Status::Ok();
}

}  // namespace arenastore::planner
