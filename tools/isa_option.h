// The one reading of every ISA option (compile --target, check --isa, run --isa, replan
// --target, ls --isa, audit --runtime-isa): an ISA name `arenastore kernels` lists, or `native`,
// the fastest this machine runs (built, supported by its CPU, allowed by ARENASTORE_ISA_ALLOW).
// Host-only. Errors: kInvalidArgument naming the option and the names it takes.
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"
#include "kernels/op_kind.h"

namespace arenastore::cli {

Result<kernels::Isa> ParseIsaOption(std::string_view option, const std::string& text);

// The same, as the ISA's name ("native" becomes e.g. "x86_avx512vnni").
Result<std::string> IsaOptionName(std::string_view option, const std::string& text);

}  // namespace arenastore::cli
