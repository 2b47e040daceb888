// gather's planner unit: the indices it keeps for the runtime's kernels::GatherParams to point at
// (the LoweredOp holds them), the GatherOptions it writes (axis and batch_dims made non-negative)
// and reads back for re-planning, and which fields two artifacts must share to compute the same
// thing.
// Its TensorFlow Lite mapping: GATHER, GATHER_ND and EMBEDDING_LOOKUP -> a graph gather with
// GatherAttributes, their constant indices folded in (GATHER_ND's index tuples made flat positions
// over the first K input dims), or a reason it cannot run here (indices computed at run time, types
// other than int8 rows). Indices out of range fail the import: TFLM fails the invoke.
#include "ops/gather/gather.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace gather_planning {

// The indices, folded into the options, kept here so the params point at this object's copy
// (as a device's point at its artifact's); the runtime's lowering checks them against the
// shapes and derives kernels::GatherParams.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<GatherAttributes>().status());
  GatherAttributes& a = lowered->mutable_options<GatherAttributes>();
  if (a.indices.size() > static_cast<size_t>(INT32_MAX)) return l.Fail("too many indices");
  // TensorFlow Lite counts a negative axis from the end of the input, a negative batch_dims from
  // the end of the indices; the runtime's lowering checks both against the shapes.
  if (a.axis < 0) a.axis += static_cast<int32_t>(l.Input(0).shape.size());
  if (a.batch_dims < 0) a.batch_dims += static_cast<int32_t>(a.indices_shape.size());
  *lowered->mutable_constants() = a.indices;
  lowered->set_rebind([](const LoweredOp& from, kernels::OpParams& params) {
    params.gather.indices = from.constants().data();
  });
  return Status::Ok();
}

constexpr int32_t kEmbeddingLookupBuiltin = 7;  // TensorFlow Lite's EMBEDDING_LOOKUP
constexpr int32_t kGatherBuiltin = 36;          // TensorFlow Lite's GATHER
constexpr int32_t kGatherNdBuiltin = 107;       // TensorFlow Lite's GATHER_ND
constexpr int64_t kMaxIndexTuple = 5;           // TFLM's MAX_INDICES_ND

bool RefuseUnlessInt8Rows(TfliteOpMapper& m, int32_t rows) {
  if (m.reader().TensorTypeOf(rows) != tfl::TensorType::INT8 ||
      m.reader().TensorTypeOf(m.output()) != tfl::TensorType::INT8) {
    m.Refuse("only int8 rows and an int8 output run here");
    return true;
  }
  if (m.reader().ShapeOf(rows).size() > static_cast<size_t>(kernels::kMaxGatherRank) ||
      m.reader().ShapeOf(m.output()).size() > static_cast<size_t>(kernels::kMaxGatherRank)) {
    m.Refuse(fmt::format("rank above {}", kernels::kMaxGatherRank));
    return true;
  }
  return false;
}

// The constant indices, or a refusal when they are computed at run time.
Result<std::vector<int64_t>> ConstantIndices(TfliteOpMapper& m, size_t slot, bool int64_ok,
                                             bool* refused) {
  *refused = true;
  if (!m.Constant({slot}, "indices")) return std::vector<int64_t>{};
  const int32_t tensor = m.input(slot);
  const tfl::TensorType type = m.reader().TensorTypeOf(tensor);
  if (type != tfl::TensorType::INT32 && !(int64_ok && type == tfl::TensorType::INT64)) {
    m.Refuse("indices are neither int32 nor, where TFLM takes it, int64");
    return std::vector<int64_t>{};
  }
  if (m.reader().ShapeOf(tensor).size() > static_cast<size_t>(kernels::kMaxGatherRank)) {
    m.Refuse(fmt::format("indices rank above {}", kernels::kMaxGatherRank));
    return std::vector<int64_t>{};
  }
  *refused = false;
  return m.IntegerOperand(slot, "indices");
}

Status MapGather(TfliteOpMapper& m, GatherAttributes* a) {
  const int32_t input = m.input(0), indices = m.input(1);
  bool refused = false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                              ConstantIndices(m, 1, true, &refused));
  if (refused || RefuseUnlessInt8Rows(m, input)) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::GatherOptions* o, m.OptionsOf<tfl::GatherOptions>(false));
  const std::vector<int32_t> shape = m.reader().ShapeOf(input);
  const int32_t rank = static_cast<int32_t>(shape.size());
  a->indices_shape = m.reader().ShapeOf(indices);
  const int32_t indices_rank = static_cast<int32_t>(a->indices_shape.size());
  a->axis = o == nullptr ? 0 : o->axis();
  a->batch_dims = o == nullptr ? 0 : o->batch_dims();
  const int32_t axis = a->axis < 0 ? a->axis + rank : a->axis;
  const int32_t batch_dims = a->batch_dims < 0 ? a->batch_dims + indices_rank : a->batch_dims;
  if (axis < 0 || axis >= rank) {
    return m.Fail(fmt::format("axis {} out of range for rank {}", a->axis, rank));
  }
  if (batch_dims < 0 || batch_dims > axis || batch_dims > indices_rank) {
    return m.Fail(
        fmt::format("batch_dims {} must be in [0, axis {}] and within the indices' "
                    "rank {}",
                    a->batch_dims, axis, indices_rank));
  }
  for (int64_t value : values) {
    if (value < 0 || value >= shape[axis]) {
      return m.Fail(fmt::format("index {} out of range [0, {})", value, shape[axis]));
    }
    a->indices.push_back(static_cast<int32_t>(value));
  }
  return Status::Ok();
}

Status MapGatherNd(TfliteOpMapper& m, GatherAttributes* a) {
  const int32_t input = m.input(0), indices = m.input(1);
  bool refused = false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> values,
                              ConstantIndices(m, 1, false, &refused));
  if (refused || RefuseUnlessInt8Rows(m, input)) return Status::Ok();
  const std::vector<int32_t> shape = m.reader().ShapeOf(input);
  std::vector<int32_t> tuple_shape = m.reader().ShapeOf(indices);
  if (shape.empty() || tuple_shape.empty()) {
    return m.Fail("params and indices must both be at least vectors");
  }
  const int64_t tuple = tuple_shape.back();
  if (tuple > static_cast<int64_t>(shape.size()) || tuple > kMaxIndexTuple) {
    return m.Fail(fmt::format("index tuples of {} exceed the params' rank {} or {}", tuple,
                              shape.size(), kMaxIndexTuple));
  }
  tuple_shape.pop_back();
  // A tuple selects the flat row sum(index[j] * prod(shape[j+1:K])) of the first K dims; TFLM
  // checks only that row, not each index of the tuple.
  int64_t rows = 1;
  for (int64_t j = 0; j < tuple; ++j) rows *= shape[j];
  a->axis = 0;
  a->axis_dims = static_cast<int32_t>(tuple);
  a->batch_dims = 0;
  a->indices_shape = tuple_shape;
  for (size_t start = 0; tuple > 0 && start + tuple <= values.size(); start += tuple) {
    int64_t row = 0;
    for (int64_t j = 0; j < tuple; ++j) row = row * shape[j] + values[start + j];
    if (row < 0 || row >= rows) {
      return m.Fail(
          fmt::format("index tuple {} addresses row {} outside [0, {})", start / tuple, row, rows));
    }
    a->indices.push_back(static_cast<int32_t>(row));
  }
  if (tuple == 0) {
    int64_t count = 1;
    for (int32_t d : tuple_shape) count *= d;
    a->indices.assign(static_cast<size_t>(count), 0);
  }
  return Status::Ok();
}

Status MapEmbeddingLookup(TfliteOpMapper& m, GatherAttributes* a) {
  const int32_t lookup = m.input(0), value = m.input(1);
  bool refused = false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> ids,
                              ConstantIndices(m, 0, false, &refused));
  if (refused) return Status::Ok();
  if (m.reader().TensorTypeOf(value) == tfl::TensorType::INT8 &&
      m.reader().TensorTypeOf(m.output()) == tfl::TensorType::FLOAT32) {
    m.Refuse("a float output (dequantizing lookup)");
    return Status::Ok();
  }
  if (RefuseUnlessInt8Rows(m, value)) return Status::Ok();
  const std::vector<int32_t> shape = m.reader().ShapeOf(value);
  a->indices_shape = m.reader().ShapeOf(lookup);
  if (a->indices_shape.size() != 1 || shape.size() < 2) {
    return m.Fail("lookup must be a vector and value at least a matrix");
  }
  a->axis = 0;
  for (int64_t id : ids) {
    if (id < 0 || id >= shape[0]) {
      return m.Fail(fmt::format("lookup id {} out of range [0, {})", id, shape[0]));
    }
    a->indices.push_back(static_cast<int32_t>(id));
  }
  return Status::Ok();
}

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  GatherAttributes a;
  const bool embedding = m.builtin() == kEmbeddingLookupBuiltin;
  if (embedding) {
    ARENASTORE_RETURN_IF_ERROR(MapEmbeddingLookup(m, &a));
  } else if (m.builtin() == kGatherNdBuiltin) {
    ARENASTORE_RETURN_IF_ERROR(MapGatherNd(m, &a));
  } else {
    ARENASTORE_RETURN_IF_ERROR(MapGather(m, &a));
  }
  // TFLM copies the bytes whatever the two quantizations say, so no requantization is implied.
  return m.Emit(kernels::OpKind::kGather, {m.inputs()[embedding ? 1 : 0]}, std::move(a));
}

}  // namespace gather_planning

extern const PlannerOp kGatherPlanner =
    OptionsStructPlanner<GatherAttributes>(&gather_planning::Lower);

extern const TfliteOpMapping kGatherTflite = {
    {gather_planning::kEmbeddingLookupBuiltin, gather_planning::kGatherBuiltin,
     gather_planning::kGatherNdBuiltin},
    3,
    &gather_planning::Map};

}  // namespace arenastore::planner
