#include "store/fleet_selector.h"

#include <algorithm>

namespace arenastore::store {
namespace {

Result<std::vector<std::string>> Column(Statement& statement) {
  std::vector<std::string> values;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, statement.Step());
    if (!row) return values;
    values.push_back(statement.ColumnText(0));
  }
}

std::string Joined(const std::vector<std::string>& names, size_t limit) {
  std::string text;
  for (size_t i = 0; i < names.size() && i < limit; ++i) text += (i ? ", " : "") + names[i];
  if (names.size() > limit) text += " and " + std::to_string(names.size() - limit) + " more";
  return text;
}

Result<std::vector<std::string>> ByIds(Registry& registry, std::vector<std::string> ids) {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  ARENASTORE_ASSIGN_OR_RETURN(Statement exists,
                              registry.db().Prepare("SELECT 1 FROM devices WHERE id = ?"));
  std::vector<std::string> unknown;
  for (const std::string& id : ids) {
    ARENASTORE_RETURN_IF_ERROR(exists.Reset());
    ARENASTORE_RETURN_IF_ERROR(exists.Bind(1, id));
    ARENASTORE_ASSIGN_OR_RETURN(const bool found, exists.Step());
    if (!found) unknown.push_back(id);
  }
  ARENASTORE_CHECK_OR_RETURN(unknown.empty(), ErrorCode::kNotFound,
                             "%zu device(s) are not in the fleet: %s; add them with `arenastore "
                             "fleet import`",
                             unknown.size(), Joined(unknown, 5).c_str());
  return ids;
}

Result<std::vector<std::string>> ByClassColumn(Registry& registry, const char* column,
                                               const std::string& value, const char* what) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement select,
      registry.db().Prepare(std::string("SELECT d.id FROM devices d JOIN device_classes c ON "
                                        "c.id = d.class_id WHERE c.") +
                            column + " = ? ORDER BY d.id"));
  ARENASTORE_RETURN_IF_ERROR(select.Bind(1, value));
  ARENASTORE_ASSIGN_OR_RETURN(std::vector<std::string> ids, Column(select));
  if (!ids.empty()) return ids;
  ARENASTORE_ASSIGN_OR_RETURN(Statement known,
                              registry.db().Prepare(std::string("SELECT DISTINCT ") + column +
                                                    " FROM device_classes ORDER BY 1"));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> names, Column(known));
  return Status::Error(ErrorCode::kNotFound, "no devices with %s '%s'; known: %s", what,
                       value.c_str(),
                       names.empty() ? "none (the fleet is empty)" : Joined(names, 10).c_str());
}

}  // namespace

Result<std::vector<std::string>> SelectDevices(Registry& registry, const DeviceSelector& s) {
  const int kinds = !s.device_ids.empty() + !s.hardware.empty() + !s.class_key.empty();
  ARENASTORE_CHECK_OR_RETURN(kinds == 1, ErrorCode::kInvalidArgument,
                             "select devices one way: device ids, --hardware NAME or --class KEY");
  if (!s.device_ids.empty()) return ByIds(registry, s.device_ids);
  if (!s.hardware.empty()) return ByClassColumn(registry, "hardware", s.hardware, "hardware");
  return ByClassColumn(registry, "class_key", s.class_key, "class");
}

}  // namespace arenastore::store
