// `arenastore export FILE --c-header NAME.h [--c-source NAME.c [--section POOL=SECTION]...]`: an
// artifact as C/C++ for firmware that links its model in: the bytes as a 16-byte aligned array,
// and #defines for each pool's planned size and alignment and each input/output tensor's size,
// so the firmware declares its pools in the right memories (the way TVM's USMP users place
// workspace pools) and its I/O buffers. With a C source the array (and each placed pool) is
// defined once there and declared extern in the header. `export REF --oci-layout DIR` writes a
// stored version as an OCI image layout instead (tools/remote_verbs.h, RunExportToLayout).
// Host-only; errors: the artifact's own (kFormat*), kIo for the header file, kInvalidArgument
// for names that do not make distinct C identifiers.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupExport(CLI::App& app);

// A pool whose buffer the exported C source defines, in a linker section (`--section`), as
// no-load memory: the section takes RAM but no bytes of the image, whatever it is called.
struct PoolPlacement {
  std::string pool;
  std::string section;
  uint64_t planned_bytes = 0;
  uint64_t alignment = 1;
};

struct CExportSpec {
  std::string prefix;          // macros PREFIX_..., array prefix_artifact
  std::string sha256;          // of the artifact, recorded in the text
  std::string command;         // recorded in the first line
  std::string header_include;  // how the C source includes the header, e.g. "kws.h"
  bool separate_source = false;
  std::vector<PoolPlacement> placements;  // only with separate_source
};

struct CExport {
  std::string header;
  std::string source;  // empty unless separate_source
};

// The header (and C source) text for `view`, whose bytes are exported. Without a separate
// source the header defines the array `static`; with one, the header declares it (and the placed
// pools) extern "C" and the source defines each once. kInvalidArgument for pools whose names
// make the same C name.
Result<CExport> RenderC(const runtime::ArtifactView& view, const CExportSpec& spec);

// The header alone, as `export --c-header` writes it.
Result<std::string> RenderCHeader(const runtime::ArtifactView& view, const std::string& prefix,
                                  const std::string& sha256, const std::string& command);

// "kws" for "out/kws.h", "model_v2" for "model-v2.h": a C identifier from a header's file name.
std::string SymbolPrefixFor(const std::string& header_path);

}  // namespace arenastore::cli
