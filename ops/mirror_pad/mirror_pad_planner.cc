// mirror_pad's planner unit: the checks of its quantization only the host makes (the runtime's
// lowering derives kernels::MirrorPadParams), the MirrorPadOptions it writes to an artifact and
// reads back for re-planning, and which of those fields two artifacts must share to compute the
// same thing.
// Its TensorFlow Lite mapping: MIRROR_PAD -> a graph op with MirrorPadAttributes (the constant
// paddings operand folded in, the mode from its options), or a reason it cannot run here (paddings
// larger than TensorFlow Lite allows, which TFLM would read outside the input).
#include "ops/mirror_pad/mirror_pad.h"
#include "planner/op_unit.h"

namespace arenastore::planner {

extern const PlannerOp kMirrorPadPlanner =
    OptionsStructPlanner<MirrorPadAttributes>(&LowerQuantizedMove<MirrorPadAttributes>);

namespace mirror_pad_mapping {

Status Map(TfliteOpMapper& m) {
  ARENASTORE_RETURN_IF_ERROR(m.ExpectArity(2, 2));
  ARENASTORE_ASSIGN_OR_RETURN(const tfl::MirrorPadOptions* o,
                              m.OptionsOf<tfl::MirrorPadOptions>(true));
  MirrorPadAttributes a;
  if (o->mode() == tfl::MirrorPadMode::SYMMETRIC) {
    a.symmetric = true;
  } else if (o->mode() != tfl::MirrorPadMode::REFLECT) {
    return m.Fail(
        fmt::format("mode {} is neither REFLECT nor SYMMETRIC", static_cast<int>(o->mode())));
  }
  if (!m.Constant({1}, "paddings")) return Status::Ok();
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<int64_t> paddings, m.IntegerOperand(1, "paddings"));
  const std::vector<int32_t> shape = m.reader().ShapeOf(m.input(0));
  const size_t rank = shape.size();
  if (paddings.size() != 2 * rank) {
    return m.Fail(
        fmt::format("paddings has {} values, expected 2 x rank {}", paddings.size(), rank));
  }
  if (rank == 0 || rank > static_cast<size_t>(kernels::kMaxMirrorPadRank)) {
    m.Refuse(fmt::format("rank {} not in [1, {}]", rank, kernels::kMaxMirrorPadRank));
    return Status::Ok();
  }
  for (size_t i = 0; i < rank; ++i) {
    ARENASTORE_RETURN_IF_ERROR(FoldPaddingPair(m, paddings, i, "padding", &a.before, &a.after));
    const int64_t limit = shape[i] - (a.symmetric ? 0 : 1);
    for (int64_t value : {paddings[2 * i], paddings[2 * i + 1]}) {
      if (value > limit) {
        m.Refuse(fmt::format("padding {} exceeds what dimension {} of size {} can mirror", value, i,
                             shape[i]));
      }
    }
  }
  m.RefuseUnlessSameQuantization(m.input(0), m.output());
  return m.Emit(kernels::OpKind::kMirrorPad, {m.input(0)}, a);
}

}  // namespace mirror_pad_mapping

// TensorFlow Lite's MIRROR_PAD (builtin 100).
extern const TfliteOpMapping kMirrorPadTflite = {{100}, 1, &mirror_pad_mapping::Map};

}  // namespace arenastore::planner
