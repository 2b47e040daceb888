// The operators an artifact uses, in the spelling ARENASTORE_OPS takes ("conv2d,softmax"): what
// `arenastore ops` prints and the Python module's Artifact.ops, so firmware can be built with
// exactly the kernels its models need, and the activation types those kernels take. Host-only.
// Errors: kKernelUnsupported (an op kind unknown to this arenastore, named with the source).
#pragma once

#include <set>
#include <string>

#include "base/result.h"
#include "runtime/artifact_view.h"

namespace arenastore::cli {

// The kinds `view` uses, in op-list order.
Result<std::set<int>> KindsOf(const std::string& source, const runtime::ArtifactView& view);

// Their names, comma-separated, in that order.
std::string NamesOf(const std::set<int>& kinds);

// The activation types to build as ARENASTORE_DTYPES takes them: "all" when an op of `view`
// runs an int16 kernel, else "int8" (int16 kernels left out).
std::string DtypesOf(const runtime::ArtifactView& view);

}  // namespace arenastore::cli
