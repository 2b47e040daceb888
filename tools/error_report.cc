#include "tools/error_report.h"

#include <fmt/core.h>

#include "tools/json_document.h"

namespace arenastore::cli {
namespace {

constexpr std::string_view kDetailsStart = " [sqlite: ";

void PrintDocument(const nlohmann::json& document) { fmt::print("{}\n", document.dump(2)); }

std::string CommandName(std::string_view verb) {
  return verb.empty() ? std::string("arenastore") : "arenastore " + std::string(verb);
}

}  // namespace

std::string ForPeople(std::string_view message, bool verbose) {
  std::string text(message);
  if (verbose) return text;
  for (size_t start = text.find(kDetailsStart); start != std::string::npos;
       start = text.find(kDetailsStart, start)) {
    // The details' SQL may hold brackets of its own: find the one that closes them.
    int depth = 0;
    size_t end = start + 1;
    for (; end < text.size(); ++end) {
      if (text[end] == '[') ++depth;
      if (text[end] == ']' && --depth == 0) break;
    }
    text.erase(start, end < text.size() ? end + 1 - start : std::string::npos);
  }
  return text;
}

nlohmann::json ErrorJson(const Status& status, bool verbose) {
  nlohmann::json error = {{"code", ToString(status.code())},
                          {"message", ForPeople(status.message(), verbose)}};
  if (status.op_index() >= 0) error["op_index"] = status.op_index();
  if (status.field() != nullptr) error["field"] = status.field();
  return error;
}

void ReportOutcome(std::string_view verb, const Status& status, bool json, bool verbose) {
  if (json) {
    nlohmann::json document = TakeJsonDocument().value_or(nlohmann::json::object());
    if (!status.ok()) document["error"] = ErrorJson(status, verbose);
    PrintDocument(document);
    return;
  }
  if (status.ok() || status.code() == ErrorCode::kGateRejected) return;
  std::fflush(stdout);  // results first, then the error after them
  fmt::print(stderr, "{}: error: {}\n", CommandName(verb), ForPeople(status.message(), verbose));
}

void ReportUsageError(std::string_view verb, std::string_view message, bool json) {
  if (json) {
    PrintDocument(
        {{"error",
          {{"code", ToString(ErrorCode::kInvalidArgument)}, {"message", std::string(message)}}}});
    return;
  }
  fmt::print(stderr, "{}: error: {}\n`{} --help` shows what it takes\n", CommandName(verb), message,
             CommandName(verb));
}

}  // namespace arenastore::cli
