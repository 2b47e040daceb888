#include "tools/json_document.h"

#include <utility>

namespace arenastore::cli {
namespace {

std::optional<nlohmann::json>& Document() {
  static std::optional<nlohmann::json> document;
  return document;
}

}  // namespace

void EmitJson(nlohmann::json document) { Document() = std::move(document); }

std::optional<nlohmann::json> TakeJsonDocument() { return std::exchange(Document(), std::nullopt); }

}  // namespace arenastore::cli
