// The fleet operator's verbs: `fleet import | ls | deploy | rm` (tools/fleet_commands.cc) and
// `audit [ls | show | diff]` (tools/audit_commands.cc), declared in the pattern of tools/verb.h
// and added by main(). Each opens the store named by --db / $ARENASTORE_DB.
#pragma once

#include <CLI/CLI.hpp>

#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupFleet(CLI::App& app);
Verb SetupAudit(CLI::App& app);

}  // namespace arenastore::cli
