// The one JSON document a verb prints under --json. Verbs hand their document to EmitJson
// instead of printing it; main() prints exactly one document at the end: the verb's, with an
// "error" member added when the verb failed after producing it (check's reject, verify's
// damage, fleet import's bad lines), or {"error": ...} alone when it failed before. So stdout
// holds one document whatever happens, and the exit code still says what happened.
// Process-wide state: the CLI runs one verb per process. Heap OK.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>

namespace arenastore::cli {

// A second call replaces the first: a verb has one result.
void EmitJson(nlohmann::json document);

// The document emitted so far, if any; clears it.
std::optional<nlohmann::json> TakeJsonDocument();

}  // namespace arenastore::cli
