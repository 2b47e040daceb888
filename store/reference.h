// References name what a verb works on: `kws` (latest version), `kws@3` (a version),
// `kws@prod` (an alias) or `sha256:<8+ hex digits>` (content). Called by pull, show, rm,
// sign, verify-signature and by check/run/inspect when their argument is not a file.
// Resolution errors say what exists instead: an ambiguous digest prefix lists the candidates
// (kInvalidArgument); an unknown model suggests near names, an unknown version names the
// range, an unknown alias lists the model's aliases (kNotFound). Heap OK.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

struct Reference {
  enum class Kind { kLatest, kVersion, kAlias, kDigest };
  Kind kind = Kind::kLatest;
  std::string model;
  int64_t version = 0;
  std::string alias;
  std::string digest_prefix;  // lowercase hex, 8..64 digits
};

Result<Reference> ParseReference(std::string_view text);

// True when `text` is spelled as a reference: `sha256:...`, or a valid `name[@version|@alias]`
// with no path separator and no artifact or model file extension (.arena, .tflite). Spelling
// only: the CLI's rule for a spelling that is also an existing file is tools/artifact_source.h.
bool LooksLikeReference(std::string_view text);

// A model version (or, for a digest no version refers to any more, just the artifact).
struct ResolvedVersion {
  int64_t artifact_id = 0;
  std::string sha256;
  uint64_t size_bytes = 0;
  std::string kernel_version;
  std::string target_isa;
  int64_t model_id = 0;  // 0: an unreferenced artifact (only reachable by digest until gc)
  std::string model;
  int64_t version = 0;

  // "kws@3", or "sha256:<12 hex>" for an unreferenced artifact.
  std::string Name() const;
};

// The id of a model by name; kNotFound with near-name suggestions when there is none.
Result<int64_t> FindModelId(Registry& registry, std::string_view model);

// A digest reference resolves to the newest version that holds those bytes.
Result<ResolvedVersion> Resolve(Registry& registry, std::string_view reference);
Result<ResolvedVersion> Resolve(Registry& registry, const Reference& reference);

}  // namespace arenastore::store
