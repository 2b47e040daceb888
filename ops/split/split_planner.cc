// split's planner unit: the checks only the host makes (the axis before it is normalized, every
// output quantized as the input; the runtime's lowering derives kernels::SplitParams and checks the
// parts' shapes), the SplitOptions it writes to an artifact and reads back for re-planning, and
// where each output lies in the input.
// Its TensorFlow Lite mappings: SPLIT (equal parts; the axis a constant operand), SPLIT_V (the
// constant size_splits, one of them -1 for "the rest"; the axis a constant operand) and UNPACK
// (parts of 1 whose outputs drop the axis) -> a graph op with SplitAttributes over the data operand
// and every output, or a reason it cannot run here (a run-time axis or sizes, a type other than
// int8, outputs quantized unlike the input, more outputs than an op may have).
#include "kernels/param_types.h"
#include "ops/split/split.h"
#include "planner/op_unit.h"

namespace arenastore::planner {
namespace split_planning {

// The axis, resolved against the input's rank, and the outputs quantized as the input (the
// kernel moves bytes). The runtime's lowering derives the sizes and checks the shapes and types.
Status Lower(const Lowering& l, LoweredOp* lowered) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<SplitAttributes>().status());
  const Tensor& input = l.Input(0);
  ARENASTORE_RETURN_IF_ERROR(
      l.ResolveAxis(&lowered->mutable_options<SplitAttributes>().axis, input.shape.size()));
  for (size_t k = 0; k < l.op().outputs.size(); ++k) {
    ARENASTORE_RETURN_IF_ERROR(l.ExpectSameQuantization(input, l.Output(k)));
  }
  return Status::Ok();
}

// TensorFlow Lite's builtin codes.
constexpr int32_t kSplitBuiltin = 49;
constexpr int32_t kUnpackBuiltin = 88;
constexpr int32_t kSplitVBuiltin = 102;

Status ExpectInputs(const TfliteOpMapper& m, size_t count) {
  if (m.inputs().size() != count) {
    return m.Fail(fmt::format("has {} inputs, expected {}", m.inputs().size(), count));
  }
  for (size_t k = 0; k < count; ++k) {
    if (m.input(k) < 0) return m.Fail(fmt::format("input {} is absent (-1) but required", k));
  }
  return Status::Ok();
}

// Each part's extent along the axis: SPLIT's equal parts, SPLIT_V's sizes with -1 resolved to
// what the others leave, UNPACK's ones.
Result<std::vector<int64_t>> Extents(TfliteOpMapper& m, int32_t data, int32_t axis,
                                     bool* run_time) {
  const int64_t length = m.reader().ShapeOf(data)[static_cast<size_t>(axis)];
  const auto parts = static_cast<int64_t>(m.outputs().size());
  if (m.builtin() == kUnpackBuiltin) return std::vector<int64_t>(m.outputs().size(), 1);
  if (m.builtin() == kSplitBuiltin) {
    if (length % parts != 0) {
      return m.Fail(fmt::format("axis of {} does not split into {} equal parts", length, parts));
    }
    return std::vector<int64_t>(m.outputs().size(), length / parts);
  }
  if (!m.reader().IsConstant(m.input(1))) {
    *run_time = true;
    return std::vector<int64_t>();
  }
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<int64_t> sizes, m.IntegerOperand(1, "size_splits"));
  if (sizes.size() != m.outputs().size()) {
    return m.Fail(fmt::format("{} size_splits for {} outputs", sizes.size(), parts));
  }
  int64_t known = 0;
  int rest = -1;
  for (size_t k = 0; k < sizes.size(); ++k) {
    if (sizes[k] == -1 && rest < 0) {
      rest = static_cast<int>(k);
    } else if (sizes[k] < 0) {
      return m.Fail(fmt::format("size_splits[{}] is {}", k, sizes[k]));
    } else {
      known += sizes[k];
    }
  }
  if (rest >= 0) sizes[static_cast<size_t>(rest)] = length - known;
  if ((rest >= 0 && known > length) || (rest < 0 && known != length)) {
    return m.Fail(fmt::format("size_splits sum to {}, the axis holds {}", known, length));
  }
  return sizes;
}

Status Map(TfliteOpMapper& m) {
  const bool unpack = m.builtin() == kUnpackBuiltin;
  const bool split_v = m.builtin() == kSplitVBuiltin;
  ARENASTORE_RETURN_IF_ERROR(ExpectInputs(m, unpack ? 1 : split_v ? 3 : 2));
  if (m.outputs().empty()) return m.Fail("has no outputs");
  for (size_t k = 0; k < m.outputs().size(); ++k) {
    if (m.outputs()[k] < 0) return m.Fail(fmt::format("output {} is absent (-1)", k));
  }
  int32_t declared = 0;
  if (unpack) {
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::UnpackOptions* o, m.OptionsOf<tfl::UnpackOptions>(true));
    declared = o->num();
  } else if (split_v) {
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::SplitVOptions* o, m.OptionsOf<tfl::SplitVOptions>(true));
    declared = o->num_splits();
  } else {
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::SplitOptions* o, m.OptionsOf<tfl::SplitOptions>(true));
    declared = o->num_splits();
  }
  if (declared != static_cast<int32_t>(m.outputs().size())) {
    return m.Fail(
        fmt::format("declares {} parts but has {} outputs", declared, m.outputs().size()));
  }
  // SPLIT: (axis, input); SPLIT_V: (input, size_splits, axis); UNPACK: (input) and an option.
  const int32_t data = m.inputs()[m.builtin() == kSplitBuiltin ? 1 : 0];
  const size_t axis_slot = split_v ? 2 : 0;
  int64_t axis = 0;
  if (unpack) {
    ARENASTORE_ASSIGN_OR_RETURN(const tfl::UnpackOptions* o, m.OptionsOf<tfl::UnpackOptions>(true));
    axis = o->axis();
  } else if (!m.Constant({axis_slot}, "axis")) {
    return Status::Ok();
  } else {
    ARENASTORE_ASSIGN_OR_RETURN(axis, m.ScalarOperand(axis_slot, "axis"));
  }
  const std::vector<int32_t> shape = m.reader().ShapeOf(data);
  const auto rank = static_cast<int64_t>(shape.size());
  if (axis < -rank || axis >= rank) {
    return m.Fail(fmt::format("axis {} is out of range for input rank {}", axis, rank));
  }
  const auto cut = static_cast<int32_t>(axis < 0 ? axis + rank : axis);
  bool run_time = false;
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> extents, Extents(m, data, cut, &run_time));
  if (run_time) {
    m.Refuse("size_splits computed at run time");
    return Status::Ok();
  }
  for (size_t k = 0; k < m.outputs().size(); ++k) {
    std::vector<int32_t> expected = shape;
    if (unpack) {
      expected.erase(expected.begin() + cut);
    } else {
      expected[static_cast<size_t>(cut)] = static_cast<int32_t>(extents[k]);
    }
    if (m.reader().ShapeOf(m.outputs()[k]) != expected) {
      return m.Fail(fmt::format("output {} has shape [{}], expected [{}]", k,
                                fmt::join(m.reader().ShapeOf(m.outputs()[k]), ","),
                                fmt::join(expected, ",")));
    }
  }
  std::vector<int32_t> activations = m.outputs();
  activations.insert(activations.begin(), data);
  m.AcceptInt8OrInt16Activations(activations);
  if (m.outputs().size() > static_cast<size_t>(kernels::kMaxOpOutputs)) {
    m.Refuse(fmt::format("{} outputs, at most {}", m.outputs().size(), kernels::kMaxOpOutputs));
  }
  for (int32_t output : m.outputs()) m.RefuseUnlessSameQuantization(data, output);
  m.result().op.outputs = m.outputs();
  return m.Emit(kernels::OpKind::kSplit, {data},
                SplitAttributes{{.axis = cut, .squeeze_axis = unpack}});
}

}  // namespace split_planning

extern const PlannerOp kSplitPlanner =
    OptionsStructPlanner<SplitAttributes>(&split_planning::Lower);

extern const TfliteOpMapping kSplitTflite = {
    {split_planning::kSplitBuiltin, split_planning::kSplitVBuiltin, split_planning::kUnpackBuiltin},
    3,
    &split_planning::Map};

}  // namespace arenastore::planner
