// How a verb's outcome reaches the user once it has run (called by main() only): under --json
// the one document (tools/json_document.h), with an "error" member when the verb failed; without
// it, results stay as the verb printed them and a failure is one line on stderr,
// "arenastore VERB: error: MESSAGE". Messages are for people: the store's technical details
// (SQLite's words, result code and SQL, which store/sqlite_status.h puts in a trailing
// "[sqlite: ...]") are left out unless --verbose. Host-only.
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "base/status.h"

namespace arenastore::cli {

// `message` without its "[sqlite: ...]" details, unless `verbose`.
std::string ForPeople(std::string_view message, bool verbose);

// {"code": "...", "message": "...", "op_index"?: N, "field"?: "..."}.
nlohmann::json ErrorJson(const Status& status, bool verbose);

// Prints the verb's JSON document (and its error), or the error line; `verb` as typed, e.g.
// "alias set". A gate reject without --json prints nothing more: the verb printed its findings.
void ReportOutcome(std::string_view verb, const Status& status, bool json, bool verbose);

// A usage error found while parsing, before any verb ran: {"error": ...} or the stderr line and
// where to read more.
void ReportUsageError(std::string_view verb, std::string_view message, bool json);

}  // namespace arenastore::cli
