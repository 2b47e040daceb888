// Where check, run, inspect and export get an artifact from: a file or a store reference, by
// one rule (ClassifySource) under which a file can never stand in for a stored version. Store
// bytes are re-hashed and the store's signature policy applies (kSignature, exit 4). Loads the
// bytes 16-byte aligned, computes the digest, and opens the runtime's verified view, adding the
// source and a next step to any error. Host-only.
#pragma once

#include <string>
#include <string_view>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "tools/aligned_bytes.h"

namespace arenastore::cli {

// The rule, in order:
//   1. `sha256:<hex>` is a store reference;
//   2. a path with a `/` (./kws, /tmp/kws, out/kws) or an artifact or model extension (.arena,
//      .tflite) is a file;
//   3. `name`, `name@3`, `name@alias` are store references; when a file of exactly that name
//      also exists (in the working directory), the spelling is ambiguous and refused
//      (kInvalidArgument) showing both readings;
//   4. anything else is a file.
enum class SourceKind { kFile, kReference };

Result<SourceKind> ClassifySource(std::string_view source);

struct LoadedArtifact {
  std::string source;  // as the user named it, with the version a reference resolved to
  AlignedBytes bytes;
  std::string sha256;
  bool from_store = false;
  std::string reference;  // from_store: the version read, e.g. "kws@3"
};

// `db_flag`: the verb's --db value (empty: $ARENASTORE_DB, else ./arenastore.db).
Result<LoadedArtifact> LoadArtifact(const std::string& source, const std::string& db_flag = "");

// The view refers to `artifact.bytes`, which must outlive it.
Result<runtime::ArtifactView> OpenView(const LoadedArtifact& artifact);

// One line for --help: how a FILE|REF argument is read.
inline constexpr const char* kSourceHelp =
    "Artifact: a file (./kws, out/kws.arena: a path with / or .arena) or a store reference "
    "(kws, kws@3, kws@prod, sha256:3f2a9c01); a bare name that is also a file here is refused "
    "as ambiguous";

}  // namespace arenastore::cli
