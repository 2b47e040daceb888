// OpSet: a set of operator kinds, a bit per line of ops/op_list.h. A runtime's identity carries
// the ops it was built with (OpSet::Built(): every op on a host, the ARENASTORE_OPS selection in a
// selective device build; fleet classes record theirs), so the gate can name an op a runtime
// lacks. Plain data; freestanding, never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_kind.h"
#include "ops/op_selection.h"

namespace arenastore::kernels {

// Whether this build runs int16 activations (ARENASTORE_DTYPES, cmake/ArenastoreOps.cmake): when
// not, the registry resolves no int16 kernel, so the gate rejects such an op naming its dtype,
// and the runtime lowers no int16 operand.
inline constexpr bool kInt16Built = ARENASTORE_INT16_BUILT != 0;

struct OpSet {
  uint32_t words[(kOpKindCount + 31) / 32];

  // Unknown kinds (past the list) are never members.
  constexpr bool Has(OpKind kind) const {
    const int index = static_cast<int>(kind);
    return index < kOpKindCount && ((words[index / 32] >> (index % 32)) & 1u) != 0;
  }
  constexpr void Add(OpKind kind) {
    const int index = static_cast<int>(kind);
    if (index < kOpKindCount) words[index / 32] |= 1u << (index % 32);
  }
  constexpr int32_t Count() const {
    int32_t count = 0;
    for (int op = 0; op < kOpKindCount; ++op) count += Has(static_cast<OpKind>(op)) ? 1 : 0;
    return count;
  }

  static constexpr OpSet None() { return OpSet{}; }
  static constexpr OpSet All() {
    OpSet set{};
    for (int op = 0; op < kOpKindCount; ++op) set.Add(static_cast<OpKind>(op));
    return set;
  }
  // The ops this build compiled its kernels and runtime lowering for (ARENASTORE_OPS): a
  // constant, so a device's identity costs no code.
  static constexpr OpSet Built();
};

constexpr OpSet OpSet::Built() {
  OpSet set{};
#define ARENASTORE_OP_SET_BUILT(id, name, Name, Options, options_id) \
  if (ARENASTORE_IF_OP_BUILT(name, true, false)) set.Add(OpKind::k##Name);
  ARENASTORE_FOR_EACH_OP(ARENASTORE_OP_SET_BUILT)
#undef ARENASTORE_OP_SET_BUILT
  return set;
}

}  // namespace arenastore::kernels
