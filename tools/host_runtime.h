// The runtime `run` plays on this machine, and so the one `check` judges as by default: one rule
// for both, so check never rejects what run then runs (or the reverse):
//   --isa ISA|native when given (run: this machine must be able to run it; check may ask
//   "what if" about any ISA), else the artifact's target ISA when this machine runs it (an
//   artifact planned for x86_avx2 runs the kernels it was sized for), else ref (the portable
//   kernels every machine runs). The kernel library is this build's.
// Both verbs print which identity they used and why. Host-only. Errors: kInvalidArgument.
#pragma once

#include <string>

#include "base/result.h"
#include "runtime/gate.h"
#include "runtime/schema/artifact_schema.h"

namespace arenastore::cli {

struct HostRuntime {
  runtime::RuntimeIdentity identity;
  std::string reason;  // e.g. "the artifact's target, which this machine runs"
};

enum class IsaUse { kJudgeOnly, kRunHere };

Result<HostRuntime> HostRuntimeFor(const std::string& isa_option, const schema::Artifact& artifact,
                                   IsaUse use);

// "kernels 1.4.0, isa x86_avx2".
std::string IdentityText(const runtime::RuntimeIdentity& identity);

}  // namespace arenastore::cli
