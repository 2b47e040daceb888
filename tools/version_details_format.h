// How one model version is shown in full, as a table or as JSON: `arenastore show REF` (from
// the store's index tables) and `show --remote` (from the remote's manifest and config, mapped
// onto the same VersionDetails) print through here, so both read alike. Host-only; heap OK.
#pragma once

#include <nlohmann/json.hpp>

#include "store/show.h"

namespace arenastore::cli {

// The `show --json` shape (docs/cli.md); operators carry "dtypes" when known.
nlohmann::json DetailsJson(const store::VersionDetails& details);

// Header, per-op scratch and pool tables, alias journal, signatures and lineage, on stdout.
void PrintDetails(const store::VersionDetails& details);

}  // namespace arenastore::cli
