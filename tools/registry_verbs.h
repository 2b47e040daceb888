// The registry's verbs (push, pull, ls, show, rm, gc, alias, key, sign, verify-signature,
// policy, verify, db), declared in the pattern of tools/verb.h. main() adds them all through
// SetupRegistryVerbs. Each verb opens the store named by --db / $ARENASTORE_DB.
#pragma once

#include <CLI/CLI.hpp>

#include <vector>

#include "tools/verb.h"

namespace arenastore::cli {

Verb SetupPush(CLI::App& app);
Verb SetupPull(CLI::App& app);
Verb SetupLs(CLI::App& app);
Verb SetupShow(CLI::App& app);
Verb SetupRm(CLI::App& app);
Verb SetupGc(CLI::App& app);
Verb SetupAlias(CLI::App& app);
Verb SetupKey(CLI::App& app);
Verb SetupSign(CLI::App& app);
Verb SetupVerifySignature(CLI::App& app);
Verb SetupPolicy(CLI::App& app);
Verb SetupVerify(CLI::App& app);
Verb SetupDb(CLI::App& app);

std::vector<Verb> SetupRegistryVerbs(CLI::App& app);

}  // namespace arenastore::cli
