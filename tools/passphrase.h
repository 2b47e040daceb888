// Where a private key's passphrase comes from: `--passphrase-env NAME` (an environment variable
// that holds it) or `--passphrase-fd N` (its first line, read from an open file descriptor such
// as a pipe). Never argv: a command line is visible to every user of the machine (ps, /proc).
// Called by `key generate`, `sign` and `audit --fix --sign-with`. Invariant: the passphrase is
// held only in a SecretText (wiped after use); errors are kInvalidArgument naming the option.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "base/result.h"
#include "store/secret_text.h"

namespace arenastore::cli {

struct PassphraseSource {
  std::string env_name;  // --passphrase-env; empty when not given
  int fd = -1;           // --passphrase-fd; -1 when not given

  bool given() const { return !env_name.empty() || fd >= 0; }
  // The option as the user typed it, for messages: "--passphrase-env NAME".
  std::string Describe() const;
};

// `purpose` ends the options' help, e.g. "that encrypts the new private key".
void AddPassphraseOptions(CLI::App* command, PassphraseSource* source, const std::string& purpose);

// The passphrase; refuses an unset or empty variable, an unreadable descriptor, an empty line.
Result<store::SecretText> ReadPassphrase(const PassphraseSource& source);

// What to add to a command when a key is encrypted and no passphrase option was given.
extern const char* const kPassphraseOptionsHint;

}  // namespace arenastore::cli
