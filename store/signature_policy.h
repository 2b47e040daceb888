// The store's signature policy (`arenastore policy set require-signature on|off`), kept in the
// settings table. When on, `pull`, `check`, `run` and `replan` on store references, and every
// path that puts a device on a version (`fleet deploy`, `fleet import`, `audit --fix`), refuse
// any version without a valid signature by a trusted key: EnforceSignaturePolicy returns
// kSignature (exit 4) saying what is missing and the `arenastore sign` command that fixes it.
// All of them call this one function, so they cannot disagree on what "signed" means; the
// audit reports the same judgement per deployed version (SignatureCheck::State). Off (the
// default) it checks nothing.
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
