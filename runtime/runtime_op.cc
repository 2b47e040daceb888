#include "runtime/runtime_op.h"

#include "ops/op_selection.h"
#include "runtime/row_strip_unit.h"

namespace arenastore::runtime {

#define ARENASTORE_DECLARE_RUNTIME_OP(id, name, Name, Options, options_id) \
  extern const RuntimeOp k##Name##Runtime;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_RUNTIME_OP)
#undef ARENASTORE_DECLARE_RUNTIME_OP

// Weak: only the units of ops that strip define theirs, the others' addresses are null. A
// definition sits in its op's runtime unit, which kRuntimeOps always links, so a built op that
// strips is always found. Only a row stage reads this table, so an image without one (the
// gate-only firmware) links no unit's strip code: nothing else refers to it.
#define ARENASTORE_DECLARE_ROW_STRIP(id, name, Name, Options, options_id) \
  [[gnu::weak]] extern const RowStripUnit k##Name##RowStrip;
ARENASTORE_FOR_EACH_OP(ARENASTORE_DECLARE_ROW_STRIP)
#undef ARENASTORE_DECLARE_ROW_STRIP

namespace {

// Indexed by OpKind; null for an op this build was compiled without.
constexpr const RuntimeOp* kRuntimeOps[kernels::kOpKindCount] = {
#define ARENASTORE_RUNTIME_OP(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, &k##Name##Runtime, nullptr),
    ARENASTORE_FOR_EACH_OP(ARENASTORE_RUNTIME_OP)
#undef ARENASTORE_RUNTIME_OP
};

// Indexed by OpKind; null for an op that does not strip or that this build lacks. Not constexpr:
// a weak symbol's address is the linker's to decide.
const RowStripUnit* const kRowStripUnits[kernels::kOpKindCount] = {
#define ARENASTORE_ROW_STRIP(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, &k##Name##RowStrip, nullptr),
    ARENASTORE_FOR_EACH_OP(ARENASTORE_ROW_STRIP)
#undef ARENASTORE_ROW_STRIP
};

// The generated schema gives each options table the union id of its line in ops/op_list.h (a
// device build's union holds only its built ops' tables).
#define ARENASTORE_ASSERT_OPTIONS_ID(Options, options_id)                   \
  static_assert(static_cast<int>(schema::OpOptions::Options) == options_id, \
                #Options " has the union id ops/op_list.h gives it");
#define ARENASTORE_CHECK_OPTIONS_ID(id, name, Name, Options, options_id) \
  ARENASTORE_IF_OP_BUILT(name, ARENASTORE_ASSERT_OPTIONS_ID(Options, options_id), )
ARENASTORE_FOR_EACH_OP(ARENASTORE_CHECK_OPTIONS_ID)
#undef ARENASTORE_CHECK_OPTIONS_ID
#undef ARENASTORE_ASSERT_OPTIONS_ID

}  // namespace

const RuntimeOp* RuntimeOpOf(kernels::OpKind kind) {
  const int index = static_cast<int>(kind);
  return index < kernels::kOpKindCount ? kRuntimeOps[index] : nullptr;
}

const RowStripUnit* RowStripUnitOf(kernels::OpKind kind) {
  const int index = static_cast<int>(kind);
  return index < kernels::kOpKindCount ? kRowStripUnits[index] : nullptr;
}

}  // namespace arenastore::runtime
