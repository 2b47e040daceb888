// Registry credentials, never kept in the store (a store file is copied, backed up, shared).
// Looked up per registry host[:port], first match wins:
//   1. arenastore's own file, written by `arenastore remote login` (mode 0600, replaced
//      atomically): $ARENASTORE_CREDENTIALS, else $XDG_CONFIG_HOME/arenastore/credentials.json,
//      else ~/.config/arenastore/credentials.json;
//   2. docker's: $DOCKER_CONFIG/config.json, else ~/.docker/config.json.
// Both use docker's format: {"auths": {"registry.example.com:5000": {"auth": base64("user:pw")}}}
// (also "username"/"password" fields, and keys written as URLs). Docker credential helpers
// (credsStore, credHelpers) are not run. Called by the remote verbs. Errors: kIo (files),
// kInvalidArgument (malformed file, naming it). Heap OK.
#pragma once

#include <string>

#include "base/result.h"
#include "store/remote/registry_auth.h"

namespace arenastore::store::remote {

std::string ArenastoreCredentialsPath();
std::string DockerConfigPath();

// Credentials for `authority` from one docker-style file; empty when the file or entry is absent.
Result<Credentials> ReadCredentialsFile(const std::string& path, const std::string& authority);

// The lookup above; empty Credentials when none is found (anonymous access).
Result<Credentials> LookupCredentials(const std::string& authority);

// Adds or replaces the entry for `authority` in arenastore's file (created with mode 0600).
Status SaveCredentials(const std::string& authority, const Credentials& credentials);
// Removes it; false when there was none.
Result<bool> ForgetCredentials(const std::string& authority);

}  // namespace arenastore::store::remote
