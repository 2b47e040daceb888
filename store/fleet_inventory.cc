#include "store/fleet_inventory.h"

#include <sqlite3.h>

#include <map>
#include <unordered_map>

#include "store/reference.h"
#include "store/signature_policy.h"
#include "store/transaction.h"

namespace arenastore::store {
namespace {

struct Deployable {
  int64_t model_id = 0;
  int64_t version = 0;
};

// Resolves every distinct model reference once; unresolvable ones become line errors.
Result<std::map<std::string, Deployable>> ResolveReferences(
    Registry& registry, std::span<const ModelReferenceLine> lines,
    std::vector<CsvLineError>* errors) {
  std::map<std::string, Deployable> resolved;
  std::map<std::string, std::string> failed;
  for (const ModelReferenceLine& row : lines) {
    const std::string& reference = row.reference;
    if (reference.empty() || resolved.count(reference) > 0) continue;
    auto found = failed.find(reference);
    if (found == failed.end()) {
      auto version = Resolve(registry, reference);
      // A row may deploy only what `fleet deploy` may: a version the signature policy lets
      // through. A refusal is that line's problem, listed with the file's others.
      Status allowed = version.ok() && version->model_id != 0
                           ? EnforceSignaturePolicy(registry, version.value())
                           : Status::Ok();
      if (allowed.code() == ErrorCode::kStore || allowed.code() == ErrorCode::kStoreBusy) {
        return allowed;
      }
      if (version.ok() && version->model_id != 0 && allowed.ok()) {
        resolved[reference] = {version->model_id, version->version};
        continue;
      }
      if (!allowed.ok()) {
        found = failed.emplace(reference, std::string("model: ") + allowed.message()).first;
      } else if (version.ok()) {
        found = failed
                    .emplace(reference, "model '" + reference +
                                            "' names an artifact no model version holds; "
                                            "deploy a version such as kws@3")
                    .first;
      } else if (version.status().code() == ErrorCode::kStore ||
                 version.status().code() == ErrorCode::kStoreBusy) {
        return version.status();
      } else {
        found =
            failed.emplace(reference, std::string("model: ") + version.status().message()).first;
      }
    }
    errors->push_back({row.line, found->second});
  }
  return resolved;
}

class ClassCache {
 public:
  explicit ClassCache(Database& db) : db_(db) {}

  Result<int64_t> IdOf(const DeviceClassAttributes& attributes, int64_t* created) {
    const std::string key = ClassKey(attributes);
    if (auto it = ids_.find(key); it != ids_.end()) return it->second;
    ARENASTORE_ASSIGN_OR_RETURN(Statement find,
                                db_.Prepare("SELECT id FROM device_classes WHERE class_key = ?"));
    ARENASTORE_RETURN_IF_ERROR(find.Bind(1, key));
    ARENASTORE_ASSIGN_OR_RETURN(const bool found, find.Step());
    int64_t id = found ? find.ColumnInt(0) : 0;
    if (!found) {
      ARENASTORE_ASSIGN_OR_RETURN(id, Insert(key, attributes));
      ++*created;
    }
    ids_.emplace(key, id);
    return id;
  }

 private:
  Result<int64_t> Insert(const std::string& key, const DeviceClassAttributes& a) {
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement insert, db_.Prepare("INSERT INTO device_classes (class_key, hardware, isa, "
                                      "kernel_version, pools, ops) VALUES (?, ?, ?, ?, ?, ?)"));
    ARENASTORE_RETURN_IF_ERROR(
        insert.BindAll(key, a.hardware, a.isa, a.kernel_version, CanonicalPools(a.pools), a.ops));
    ARENASTORE_RETURN_IF_ERROR(insert.Run());
    const int64_t id = db_.LastInsertRowId();
    ARENASTORE_ASSIGN_OR_RETURN(Statement pool,
                                db_.Prepare("INSERT INTO device_class_pools (class_id, name, "
                                            "capacity_bytes) VALUES (?, ?, ?)"));
    for (const PoolCapacityRecord& record : a.pools) {
      ARENASTORE_RETURN_IF_ERROR(pool.Reset());
      ARENASTORE_RETURN_IF_ERROR(
          pool.BindAll(id, record.name, static_cast<int64_t>(record.capacity_bytes)));
      ARENASTORE_RETURN_IF_ERROR(pool.Run());
    }
    return id;
  }

  Database& db_;
  std::unordered_map<std::string, int64_t> ids_;
};

Status DeleteUnusedClasses(Database& db) {
  return db.Exec(
      "DELETE FROM device_classes WHERE NOT EXISTS (SELECT 1 FROM devices d WHERE d.class_id = "
      "device_classes.id)");
}

// Writes rows through statements prepared once: imports of 100,000 devices are routine.
class Importer {
 public:
  static Result<Importer> Create(Database& db, ImportOutcome* outcome) {
    ARENASTORE_ASSIGN_OR_RETURN(Statement find,
                                db.Prepare("SELECT class_id FROM devices WHERE id = ?"));
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement upsert,
        db.Prepare("INSERT INTO devices (id, class_id) VALUES (?1, ?2) ON CONFLICT (id) DO "
                   "UPDATE SET class_id = ?2, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', "
                   "'now')"));
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement deploy,
        db.Prepare("INSERT INTO deployments (device_id, model_id, version, deployed_by) VALUES "
                   "(?1, ?2, ?3, ?4) ON CONFLICT (device_id) DO UPDATE SET model_id = ?2, "
                   "version = ?3, deployed_by = ?4, deployed_at = strftime('%Y-%m-%dT%H:%M:%fZ', "
                   "'now') WHERE model_id IS NOT ?2 OR version IS NOT ?3"));
    return Importer(db, outcome, std::move(find), std::move(upsert), std::move(deploy));
  }

  Status Import(const DeviceRow& row, const Deployable* deployable, const std::string& by) {
    ARENASTORE_ASSIGN_OR_RETURN(const int64_t class_id,
                                classes_.IdOf(row.attributes, &outcome_->classes_created));
    ARENASTORE_RETURN_IF_ERROR(find_.Reset());
    ARENASTORE_RETURN_IF_ERROR(find_.Bind(1, row.device_id));
    ARENASTORE_ASSIGN_OR_RETURN(const bool exists, find_.Step());
    const int64_t old_class = exists ? find_.ColumnInt(0) : 0;
    if (!exists || old_class != class_id) {
      ++(exists ? outcome_->devices_moved : outcome_->devices_added);
      ARENASTORE_RETURN_IF_ERROR(upsert_.Reset());
      ARENASTORE_RETURN_IF_ERROR(upsert_.BindAll(row.device_id, class_id));
      ARENASTORE_RETURN_IF_ERROR(upsert_.Run());
    } else {
      ++outcome_->devices_unchanged;
    }
    if (deployable == nullptr) return Status::Ok();
    ARENASTORE_RETURN_IF_ERROR(deploy_.Reset());
    ARENASTORE_RETURN_IF_ERROR(
        deploy_.BindAll(row.device_id, deployable->model_id, deployable->version, by));
    ARENASTORE_RETURN_IF_ERROR(deploy_.Run());
    outcome_->deployments_set += sqlite3_changes(db_.handle());
    return Status::Ok();
  }

 private:
  Importer(Database& db, ImportOutcome* outcome, Statement find, Statement upsert, Statement deploy)
      : db_(db),
        classes_(db),
        outcome_(outcome),
        find_(std::move(find)),
        upsert_(std::move(upsert)),
        deploy_(std::move(deploy)) {}

  Database& db_;
  ClassCache classes_;
  ImportOutcome* outcome_;
  Statement find_, upsert_, deploy_;
};

Result<DeviceClassAttributes> ReadAttributes(Database& db, int64_t class_id,
                                             const std::string& hardware, const std::string& isa,
                                             const std::string& kernel_version,
                                             const std::string& ops) {
  DeviceClassAttributes attributes{hardware, isa, kernel_version, {}, ops};
  ARENASTORE_ASSIGN_OR_RETURN(Statement pools,
                              db.Prepare("SELECT name, capacity_bytes FROM device_class_pools "
                                         "WHERE class_id = ? ORDER BY name"));
  ARENASTORE_RETURN_IF_ERROR(pools.Bind(1, class_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, pools.Step());
    if (!row) return attributes;
    attributes.pools.push_back({pools.ColumnText(0), static_cast<uint64_t>(pools.ColumnInt(1))});
  }
}

}  // namespace

Result<std::vector<CsvLineError>> UnresolvedReferences(
    Registry& registry, std::span<const ModelReferenceLine> references) {
  std::vector<CsvLineError> errors;
  ARENASTORE_RETURN_IF_ERROR(ResolveReferences(registry, references, &errors).status());
  return errors;
}

Result<ImportOutcome> ImportDevices(
    Registry& registry, std::span<const DeviceRow> rows, const std::string& deployed_by,
    const std::function<void(int64_t done, int64_t total)>& progress) {
  Database& db = registry.db();
  ImportOutcome outcome;
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  std::vector<ModelReferenceLine> references;
  for (const DeviceRow& row : rows) references.push_back({row.line, row.model_reference});
  ARENASTORE_ASSIGN_OR_RETURN(const auto deployables,
                              ResolveReferences(registry, references, &outcome.errors));
  if (!outcome.errors.empty()) return outcome;  // rolled back: nothing written
  ARENASTORE_ASSIGN_OR_RETURN(Importer importer, Importer::Create(db, &outcome));
  for (const DeviceRow& row : rows) {
    auto deployable = deployables.find(row.model_reference);
    Status status = importer.Import(
        row, deployable == deployables.end() ? nullptr : &deployable->second, deployed_by);
    if (!status.ok()) return status.WithContext("line %lld", static_cast<long long>(row.line));
    const int64_t done = &row - rows.data() + 1;
    if (progress && (done % 1024 == 0 || done == static_cast<int64_t>(rows.size()))) {
      progress(done, static_cast<int64_t>(rows.size()));
    }
  }
  ARENASTORE_RETURN_IF_ERROR(DeleteUnusedClasses(db));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return outcome;
}

Result<DeviceList> ListDevices(Registry& registry, const DeviceFilter& filter) {
  Database& db = registry.db();
  const std::string where = " WHERE (?1 = '' OR c.hardware = ?1) AND (?2 = '' OR c.class_key = ?2)";
  DeviceList list;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement count,
      db.Prepare("SELECT count(*) FROM devices d JOIN device_classes c ON c.id = d.class_id" +
                 where));
  ARENASTORE_RETURN_IF_ERROR(count.BindAll(filter.hardware, filter.class_key));
  ARENASTORE_ASSIGN_OR_RETURN(const bool counted, count.Step());
  list.total = counted ? count.ColumnInt(0) : 0;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT d.id, c.id, c.class_key, c.hardware, c.isa, c.kernel_version, c.ops, "
                 "coalesce(m.name, ''), coalesce(dep.version, 0), coalesce(dep.deployed_by, ''), "
                 "coalesce(dep.deployed_at, '') FROM devices d JOIN device_classes c ON c.id = "
                 "d.class_id LEFT JOIN deployments dep ON dep.device_id = d.id LEFT JOIN models m "
                 "ON m.id = dep.model_id" +
                 where + " ORDER BY d.id LIMIT ?3"));
  ARENASTORE_RETURN_IF_ERROR(rows.BindAll(filter.hardware, filter.class_key,
                                          filter.limit > 0 ? filter.limit : int64_t{-1}));
  std::map<int64_t, DeviceClassAttributes> attributes;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return list;
    DeviceInfo device;
    device.id = rows.ColumnText(0);
    const int64_t class_id = rows.ColumnInt(1);
    device.class_key = rows.ColumnText(2);
    if (attributes.count(class_id) == 0) {
      ARENASTORE_ASSIGN_OR_RETURN(
          attributes[class_id], ReadAttributes(db, class_id, rows.ColumnText(3), rows.ColumnText(4),
                                               rows.ColumnText(5), rows.ColumnText(6)));
    }
    device.attributes = attributes[class_id];
    device.model = rows.ColumnText(7);
    device.version = rows.ColumnInt(8);
    device.deployed_by = rows.ColumnText(9);
    device.deployed_at = rows.ColumnText(10);
    list.devices.push_back(std::move(device));
  }
}

Result<std::vector<DeviceClassInfo>> ListClasses(Registry& registry) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare(
          "SELECT c.id, c.class_key, c.hardware, c.isa, c.kernel_version, c.ops, (SELECT "
          "count(*) FROM devices d WHERE d.class_id = c.id), (SELECT count(*) FROM devices d JOIN "
          "deployments dep ON dep.device_id = d.id WHERE d.class_id = c.id) FROM "
          "device_classes c ORDER BY c.hardware, c.class_key"));
  std::vector<DeviceClassInfo> classes;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return classes;
    DeviceClassInfo info;
    info.id = rows.ColumnInt(0);
    info.class_key = rows.ColumnText(1);
    ARENASTORE_ASSIGN_OR_RETURN(info.attributes,
                                ReadAttributes(db, info.id, rows.ColumnText(2), rows.ColumnText(3),
                                               rows.ColumnText(4), rows.ColumnText(5)));
    info.device_count = rows.ColumnInt(6);
    info.deployed_count = rows.ColumnInt(7);
    classes.push_back(std::move(info));
  }
}

Result<int64_t> RemoveDevices(Registry& registry, const DeviceSelector& selector) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const std::vector<std::string> ids,
                              SelectDevices(registry, selector));
  ARENASTORE_ASSIGN_OR_RETURN(Statement remove, db.Prepare("DELETE FROM devices WHERE id = ?"));
  for (const std::string& id : ids) {
    ARENASTORE_RETURN_IF_ERROR(remove.Reset());
    ARENASTORE_RETURN_IF_ERROR(remove.Bind(1, id));
    ARENASTORE_RETURN_IF_ERROR(remove.Run());
  }
  ARENASTORE_RETURN_IF_ERROR(DeleteUnusedClasses(db));
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  return static_cast<int64_t>(ids.size());
}

}  // namespace arenastore::store
