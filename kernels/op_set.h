// OpSet: a set of operator kinds, a bit per line of ops/op_list.h. A runtime's identity carries
// the ops it was built with (OpSet::Built(): every op on a host, the ARENASTORE_OPS selection in a
// selective device build; fleet classes record theirs), so the gate can name an op a runtime
// lacks. Plain data; freestanding, never allocates.
#pragma once

#include <cstdint>

#include "kernels/op_kind.h"

namespace arenastore::kernels {

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
  // The ops this build compiled its kernels and runtime lowering for (kernels/registry.h).
  static OpSet Built();
};

}  // namespace arenastore::kernels
