// batch_matmul's planner unit: its lowering from graph attributes and float scales to
// kernels::BatchMatmulParams (as TensorFlow Lite prepares the op), the BatchMatmulOptions it writes
// to an artifact and reads back for re-planning, and which of those fields two artifacts must share
// to compute the same thing.
#include <algorithm>
#include <cmath>

#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"
#include "planner/quantization_math.h"

namespace arenastore::planner {
namespace batch_matmul_lowering {

Status LowerBatchMatmulParams(const Lowering& l, kernels::OpParams* p,
                              std::vector<int32_t>* multipliers, std::vector<int32_t>* shifts) {
  ARENASTORE_ASSIGN_OR_RETURN(const BatchMatmulAttributes a,
                              l.AttributesAs<BatchMatmulAttributes>());
  const Tensor& lhs = l.Input(0);
  const Tensor& rhs = l.Input(1);
  const Tensor& output = l.Output();
  // int8, or int16 with zero points 0 (TensorFlow Lite's 16x8 BatchMatMul), one type throughout.
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(lhs, "lhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(lhs, rhs, "rhs"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(rhs, "rhs"));
  ARENASTORE_RETURN_IF_ERROR(l.ExpectSameType(lhs, output, "output"));
  ARENASTORE_RETURN_IF_ERROR(l.Expect16x8Activation(output, "output"));
  if (lhs.shape.size() < 2 || lhs.shape.size() > 5 || rhs.shape.size() < 2 ||
      rhs.shape.size() > 5) {
    return l.Fail("lhs and rhs must have rank 2 to 5");
  }
  auto& b = p->batch_matmul;
  b.adj_x = a.adj_x;
  b.adj_y = a.adj_y;
  const size_t lr = lhs.shape.size();
  const size_t rr = rhs.shape.size();
  b.rows = a.adj_x ? lhs.shape[lr - 1] : lhs.shape[lr - 2];
  b.accum_depth = a.adj_x ? lhs.shape[lr - 2] : lhs.shape[lr - 1];
  const int32_t rhs_accum = a.adj_y ? rhs.shape[rr - 1] : rhs.shape[rr - 2];
  b.cols = a.adj_y ? rhs.shape[rr - 2] : rhs.shape[rr - 1];
  if (rhs_accum != b.accum_depth) {
    return l.Fail("lhs depth {} differs from rhs depth {}", b.accum_depth, rhs_accum);
  }
  for (int i = 0; i < 3; ++i) {  // leading batch dims, right-aligned to 3
    const int lhs_dim = static_cast<int>(lr) - 2 - 3 + i;
    const int rhs_dim = static_cast<int>(rr) - 2 - 3 + i;
    b.lhs_batch[i] = lhs_dim >= 0 ? lhs.shape[lhs_dim] : 1;
    b.rhs_batch[i] = rhs_dim >= 0 ? rhs.shape[rhs_dim] : 1;
    if (b.lhs_batch[i] != b.rhs_batch[i] && b.lhs_batch[i] != 1 && b.rhs_batch[i] != 1) {
      return l.Fail("batch dims {} and {} do not broadcast", b.lhs_batch[i], b.rhs_batch[i]);
    }
  }
  int64_t batches = 1;
  for (int i = 0; i < 3; ++i) batches *= std::max(b.lhs_batch[i], b.rhs_batch[i]);
  if (output.element_count() != batches * b.rows * b.cols) {
    return l.Fail("output '{}' has {} elements, expected {}", output.name, output.element_count(),
                  batches * b.rows * b.cols);
  }
  b.lhs_zero_point = lhs.zero_point();
  b.rhs_zero_point = rhs.zero_point();
  b.output_zero_point = output.zero_point();
  const bool int16 = lhs.type == DataType::kInt16;
  b.activation_min = int16 ? INT16_MIN : INT8_MIN;
  b.activation_max = int16 ? INT16_MAX : INT8_MAX;
  const FixedPointMultiplier fixed =
      QuantizeMultiplier(static_cast<double>(lhs.scale()) * static_cast<double>(rhs.scale()) /
                         static_cast<double>(output.scale()));
  b.output_multiplier = fixed.multiplier;
  b.output_shift = fixed.shift;
  multipliers->assign(1, fixed.multiplier);
  shifts->assign(1, fixed.shift);
  return Status::Ok();
}

Status Lower(const Lowering& l, LoweredOp* lowered) {
  // One per-tensor multiplier, kept in the params themselves (and in the options' table).
  return LowerBatchMatmulParams(l, &lowered->params(), lowered->mutable_multipliers(),
                                lowered->mutable_shifts());
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& k = w.params().batch_matmul;
  return {schema::OpOptions::BatchMatmulOptions,
          schema::CreateBatchMatmulOptions(w.builder(), k.adj_x, k.adj_y, k.activation_min,
                                           k.activation_max, w.Requant())
              .Union()};
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_BatchMatmulOptions();
  return OpAttributes(BatchMatmulAttributes{o.adj_x(), o.adj_y()});
}

}  // namespace batch_matmul_lowering

extern const PlannerOp kBatchMatmulPlanner = {
    &batch_matmul_lowering::Lower, &batch_matmul_lowering::Write, &batch_matmul_lowering::Read};

}  // namespace arenastore::planner
