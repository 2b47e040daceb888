// VerifyStore: the `arenastore verify` check of a whole store. Re-hashes every stored blob
// against its recorded digest and size, checks each artifact's index rows are complete
// (operator and pool counts), verifies every stored signature over its version's rebuilt
// manifest (as verify-signature does; a signature of damaged bytes is reported too), and runs
// SQLite's integrity_check and foreign_key_check. Reads one snapshot (a read transaction), so it
// is safe while other processes push.
// Returns a report; problems are data, not errors (the CLI turns them into exit 4). Errors:
// kStore, kStoreBusy. Heap OK. `progress` (may be empty) is called after each artifact.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/registry.h"

namespace arenastore::store {

struct VerifyProblem {
  std::string sha256;      // empty for problems not tied to one artifact
  std::string referenced;  // "kws@3 kws@4", the versions holding the artifact (or signed)
  std::string problem;
};

struct VerifyReport {
  int64_t artifacts_checked = 0;
  int64_t signatures_checked = 0;
  uint64_t bytes_hashed = 0;
  std::vector<VerifyProblem> problems;
  bool ok() const { return problems.empty(); }
};

using VerifyProgress = std::function<void(int64_t done, int64_t total)>;

Result<VerifyReport> VerifyStore(Registry& registry, const VerifyProgress& progress = {});

}  // namespace arenastore::store
