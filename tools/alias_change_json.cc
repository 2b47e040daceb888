#include "tools/alias_change_json.h"

namespace arenastore::cli {

nlohmann::json AliasChangeJson(const store::AliasChange& change) {
  return {{"model", change.model},
          {"alias", change.alias},
          {"old_version", change.old_version},
          {"new_version", change.new_version},
          {"rolled_back_past", change.rolled_back_past}};
}

}  // namespace arenastore::cli
