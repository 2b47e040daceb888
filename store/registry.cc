#include "store/registry.h"

#include "store/schema.h"

namespace arenastore::store {

Result<Registry> Registry::Open(const std::string& path, const OpenOptions& options) {
  ARENASTORE_ASSIGN_OR_RETURN(Database db, Database::Open(path, options));
  ARENASTORE_RETURN_IF_ERROR(EnsureLatestSchema(db));
  return Registry(std::move(db));
}

}  // namespace arenastore::store
