// `arenastore export FILE --c-header NAME.h`: an artifact as a C/C++ header for firmware that
// links its model in: the bytes as a 16-byte aligned array, and #defines for each pool's planned
// size and alignment and each input/output tensor's size, so the firmware declares its pools in
// the right memories (the way TVM's USMP users declare workspace pools) and its I/O buffers.
// Host-only; errors: the artifact's own (kFormat*), kIo for the header file, kInvalidArgument
// for names that do not make distinct C identifiers.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupExport(CLI::App& app);

// The header text for `view` (whose bytes are exported), with macros prefixed `PREFIX_` and the
// array named `prefix_artifact`. `command` is recorded in the header's first line.
Result<std::string> RenderCHeader(const runtime::ArtifactView& view, const std::string& prefix,
                                  const std::string& sha256, const std::string& command);

// "kws" for "out/kws.h", "model_v2" for "model-v2.h": a C identifier from a header's file name.
std::string SymbolPrefixFor(const std::string& header_path);

}  // namespace arenastore::cli
