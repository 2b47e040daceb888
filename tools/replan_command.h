// `arenastore replan REF [--target ISA] [--pool NAME:SIZE]... [--reason TEXT]`: re-plan a stored
// model version from its artifact alone for this build's kernel library, push it as the model's
// next version with its lineage, and show the memory difference (store/replan.h does the work).
// Also the renderers audit --fix reuses for each re-plan it makes. Host-only.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "store/replan.h"
#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupReplan(CLI::App& app);

// The documented JSON shape of one re-plan (docs/cli.md).
nlohmann::json ReplanJson(const store::ReplanOutcome& outcome);
// "kws@3 -> kws@4 ..." and the per-pool and per-op tables, for people.
void PrintReplan(const store::ReplanOutcome& outcome);

}  // namespace arenastore::cli
