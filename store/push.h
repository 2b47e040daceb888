// Push: store an artifact as the next version of a model. Called by `arenastore push` (files
// and directories), replan and tests.
// Contract: the bytes are verified with the runtime's view first (kFormat* errors, database
// untouched); metadata comes from the artifact, never from the caller. Everything (artifact
// row, blob, operators, pools, model, version, alias) is written in one IMMEDIATE transaction,
// so a crash or error leaves either all of it or none. The same bytes are stored once; pushing
// the bytes the model's latest version already holds returns that version instead of a new one
// (and a new note is not recorded: note_not_recorded says so).
// Version numbers are assigned under the write lock: unique and increasing per model across
// processes. Errors: kFormat*, kInvalidArgument (names), kStoreBusy, kStore. Heap OK.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/registry.h"

namespace arenastore::store {

struct PushRequest {
  std::string model;
  std::string alias;                // optional: set or moved to the pushed version
  std::string note;                 // optional free text
  std::string derived_from_sha256;  // optional lineage: the artifact this was re-planned from
};

struct PushResult {
  std::string model;
  int64_t version = 0;
  std::string sha256;
  uint64_t size_bytes = 0;
  bool new_artifact = false;  // false: the bytes were already stored
  bool new_version = false;   // false: the model's latest version already held these bytes
  std::string alias;
  // Set when a note was given but the version already existed: a stored version's note never
  // changes (it is what the version was pushed with), so the caller must say it was not recorded.
  bool note_not_recorded = false;
  std::string stored_note;  // that version's own note, when note_not_recorded
};

Result<PushResult> Push(Registry& registry, std::span<const uint8_t> bytes,
                        const PushRequest& request);

// For callers that already verified the bytes (metadata from ReadArtifactMetadata(bytes)).
Result<PushResult> PushVerified(Registry& registry, std::span<const uint8_t> bytes,
                                const ArtifactMetadata& metadata, const PushRequest& request);

struct PushItem {
  std::span<const uint8_t> bytes;
  const ArtifactMetadata* metadata;  // from ReadArtifactMetadata(bytes)
  PushRequest request;
};

// Several verified pushes in ONE transaction: all are stored or none. A commit costs an fsync
// (synchronous=FULL), so bulk pushes (`push DIR`) batch to avoid paying it per artifact.
Result<std::vector<PushResult>> PushMany(Registry& registry, std::span<const PushItem> items);

}  // namespace arenastore::store
