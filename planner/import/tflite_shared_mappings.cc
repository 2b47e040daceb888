#include "planner/import/tflite_shared_mappings.h"

#include <string>
#include <vector>

namespace arenastore::planner {

std::string TypesOf(tfl::TensorType in, tfl::TensorType out) {
  const char* in_name = TfliteTensorTypeName(static_cast<int32_t>(in));
  const char* out_name = TfliteTensorTypeName(static_cast<int32_t>(out));
  return fmt::format("{} -> {}", in_name != nullptr ? in_name : "unknown",
                     out_name != nullptr ? out_name : "unknown");
}

Status MapInt8Unary(TfliteOpMapper& m, kernels::OpKind kind) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  if (in != tfl::TensorType::INT8 || out != tfl::TensorType::INT8) {
    m.Refuse(TypesOf(in, out) + " (int8 only)");
  }
  m.result().op.kind = kind;
  m.result().op.inputs = {m.input(0)};
  return Status::Ok();
}

Status MapConversion(TfliteOpMapper& m, kernels::OpKind kind,
                     bool (*accepts)(tfl::TensorType input, tfl::TensorType output)) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  const tfl::TensorType in = m.reader().TensorTypeOf(m.inputs()[0]);
  const tfl::TensorType out = m.reader().TensorTypeOf(m.outputs()[0]);
  if (!accepts(in, out)) m.Refuse(TypesOf(in, out));
  m.result().op.kind = kind;
  m.result().op.inputs = {m.inputs()[0]};
  m.result().checks_operand_types = true;
  return Status::Ok();
}

Status MapPool2dWindow(TfliteOpMapper& m, schema::Pool2dOptionsT* a) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(1, 1));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::Pool2DOptions* o, m.OptionsOf<tfl::Pool2DOptions>(true));
  ARENASTORE_RETURN_IF_ERROR(m.ToPadding(o->padding(), &a->padding));
  a->stride_h = o->stride_h();
  a->stride_w = o->stride_w();
  a->filter_h = o->filter_height();
  a->filter_w = o->filter_width();
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_h, "stride_h"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->stride_w, "stride_w"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->filter_h, "filter_height"));
  ARENASTORE_RETURN_IF_ERROR(m.ExpectPositive(a->filter_w, "filter_width"));
  ARENASTORE_RETURN_IF_ERROR(m.ToActivation(o->fused_activation_function(), &a->activation));
  return Status::Ok();
}

Status FoldPaddingPair(TfliteOpMapper& m, const std::vector<int64_t>& pairs, size_t dim,
                       const char* what, std::vector<int32_t>* before,
                       std::vector<int32_t>* after) {
  for (int64_t value : {pairs[2 * dim], pairs[2 * dim + 1]}) {
    if (value < 0 || value > kMaxPadding) {
      return m.Fail(fmt::format("{} {} is not in [0, 2^24]", what, value));
    }
  }
  before->push_back(static_cast<int32_t>(pairs[2 * dim]));
  after->push_back(static_cast<int32_t>(pairs[2 * dim + 1]));
  return Status::Ok();
}

Result<bool> FoldBlockSpace(TfliteOpMapper& m, const char* pads, const char* pad,
                            schema::BlockSpaceOptionsT* a) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(3, 3));
  if (!m.Constant({1, 2}, fmt::format("block_shape and {}", pads).c_str())) return false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> block, m.IntegerOperand(1, "block_shape"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> pairs, m.IntegerOperand(2, pads));
  const size_t rank = static_cast<size_t>(m.RankOf(m.input(0)));
  if (rank != 3 && rank != 4) {
    m.Refuse(fmt::format("rank {} (TFLM takes 3 or 4)", rank));
    return false;
  }
  if (block.size() != rank - 2 || pairs.size() != 2 * (rank - 2)) {
    return m.Fail(fmt::format("block_shape has {} and {} {} values for rank {}", block.size(), pads,
                              pairs.size(), rank));
  }
  for (size_t s = 0; s < rank - 2; ++s) {
    if (block[s] < 1 || block[s] > kMaxWindow) {
      return m.Fail(fmt::format("block_shape {} is not in [1, 2^24]", block[s]));
    }
    ARENASTORE_RETURN_IF_ERROR(FoldPaddingPair(m, pairs, s, pad, &a->before, &a->after));
    a->block_shape.push_back(static_cast<int32_t>(block[s]));
  }
  return true;
}

}  // namespace arenastore::planner
