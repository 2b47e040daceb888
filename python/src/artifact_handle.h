// An artifact held for Python: its bytes (16-byte aligned), digest and source, and the runtime's
// verified view of them, opened once. Immutable after creation, so any number of threads may
// read, check and run it at once. Made by Artifact.load, by compile and from bytes; shared
// (std::shared_ptr) by the Python objects and sessions that use it, so the view's bytes live as
// long as any of them.
#pragma once

#include <memory>
#include <string>

#include "runtime/artifact_view.h"
#include "tools/artifact_source.h"

namespace arenastore::python {

struct ArtifactHandle {
  cli::LoadedArtifact loaded;
  runtime::ArtifactView view;
};

// Raises IntegrityError (through errors.h) for bytes the runtime's verifier refuses, with the
// CLI's message naming `source`.
std::shared_ptr<ArtifactHandle> OpenHandle(cli::LoadedArtifact loaded);

}  // namespace arenastore::python
