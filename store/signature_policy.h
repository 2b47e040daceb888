// The store's signature policy (`arenastore policy set require-signature on|off`), kept in the
// settings table. When on, `pull`, `check` and `run` on store references refuse any version
// without a valid signature by a trusted key: EnforceSignaturePolicy returns kSignature (exit
// 4) saying what is missing and how to fix it. Off (the default) it checks nothing.
// Errors: kSignature, kIntegrity, kStore. Heap OK.
#pragma once

#include "base/result.h"
#include "store/reference.h"
#include "store/registry.h"

namespace arenastore::store {

Status SetRequireSignature(Registry& registry, bool required);
Result<bool> RequireSignature(Registry& registry);

Status EnforceSignaturePolicy(Registry& registry, const ResolvedVersion& version);

}  // namespace arenastore::store
