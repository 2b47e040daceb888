// pad's planner unit: the checks of its quantization only the host makes (the runtime's lowering
// derives kernels::PadParams), the PadOptions it writes to an artifact and reads back for
// re-planning, and which of those fields two artifacts must share to compute the same thing.
#include "planner/lower_op.h"
#include "planner/lowering.h"
#include "planner/options_reading.h"
#include "planner/options_writer.h"
#include "planner/planner_op.h"

namespace arenastore::planner {
namespace pad_lowering {

// The operands' quantization, which only the host checks; the runtime's lowering checks the
// padding against the shapes, derives kernels::PadParams and the pad value.
Status Lower(const Lowering& l, LoweredOp* /*lowered*/) {
  ARENASTORE_RETURN_IF_ERROR(l.AttributesAs<PadAttributes>().status());
  ARENASTORE_RETURN_IF_ERROR(l.ExpectQuantized(l.Input(0), "input"));
  return l.ExpectQuantized(l.Output(), "output");
}

WrittenOptions Write(OptionsWriter& w) {
  const auto& a = w.attributes<PadAttributes>();
  return Written(schema::CreatePadOptionsDirect(w.builder(), &a.before, &a.after,
                                                a.pad_value.has_value()
                                                    ? flatbuffers::Optional<int32_t>(*a.pad_value)
                                                    : flatbuffers::nullopt));
}

Result<OpAttributes> Read(const schema::Operator& op) {
  const auto& o = *op.options_as_PadOptions();
  PadAttributes a{CopyVector(o.before()), CopyVector(o.after()), std::nullopt};
  if (o.pad_value().has_value()) a.pad_value = o.pad_value().value();
  return OpAttributes(std::move(a));
}

}  // namespace pad_lowering

extern const PlannerOp kPadPlanner = {&pad_lowering::Lower, &pad_lowering::Write,
                                      &pad_lowering::Read};

}  // namespace arenastore::planner
