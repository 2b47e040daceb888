// The runtime `run` plays on this machine, and so the one `check` judges as by default, so check
// never rejects what run then runs: --isa when given, else the artifact's target ISA when this
// machine runs it, else ref; this build's kernel library. Both print which and why. Host-only.
// Errors: kInvalidArgument (an unknown ISA; for run, one this machine cannot run).
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
