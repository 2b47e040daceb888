// How model versions are shown, as text or JSON: a row of `ls` and one version in full for
// `show`. The store's verbs (from its index tables) and the remote ones (`ls --remote`, `show
// --remote`: from a registry's manifests and config, mapped onto the same structs) print
// through here, so both read alike. Host-only; heap OK.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "store/listing.h"
#include "store/show.h"

namespace arenastore::cli {

// One `ls --json` entry, and the text table's header and row.
nlohmann::json VersionRowJson(const store::VersionRow& row);
void PrintVersionRowHeader();
void PrintVersionRow(const store::VersionRow& row);

// The `ls --json` document: the store, the total, whether the rows stop short of it, the rows.
nlohmann::json VersionListJson(const std::string& db_path, const store::VersionList& list);

// The `show --json` shape (docs/cli.md); operators carry "dtypes" when known.
nlohmann::json DetailsJson(const store::VersionDetails& details);

// Header, per-op scratch and pool tables, alias journal, signatures and lineage, on stdout.
void PrintDetails(const store::VersionDetails& details);

}  // namespace arenastore::cli
