#include "store/verify.h"

#include <cstring>
#include <set>
#include <string>

#include "store/ed25519.h"
#include "store/sha256.h"
#include "store/signatures.h"

namespace arenastore::store {
namespace {

constexpr int64_t kVerifyMmapBytes = int64_t{1} << 30;

Status CheckSqlite(Database& db, VerifyReport* report) {
  // integrity_check, not quick_check: only it compares every index with its table, and a
  // damaged index page of the models table hides a model from every lookup.
  ARENASTORE_ASSIGN_OR_RETURN(Statement check, db.Prepare("PRAGMA integrity_check"));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, check.Step());
    if (!row) break;
    if (check.ColumnText(0) != "ok") {
      report->problems.push_back({"", "", "integrity_check: " + check.ColumnText(0)});
    }
  }
  ARENASTORE_ASSIGN_OR_RETURN(Statement keys, db.Prepare("PRAGMA foreign_key_check"));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, keys.Step());
    if (!row) return Status::Ok();
    report->problems.push_back({"", "",
                                "foreign_key_check: row " + std::to_string(keys.ColumnInt(1)) +
                                    " of " + keys.ColumnText(0) + " refers to a missing " +
                                    keys.ColumnText(2) + " row"});
  }
}

std::string CheckArtifact(const Statement& row) {
  const std::string sha256 = row.ColumnText(1);
  const uint64_t size_bytes = static_cast<uint64_t>(row.ColumnInt(2));
  if (row.ColumnIsNull(3)) return "its blob is missing";
  const auto bytes = row.ColumnBlob(3);
  if (bytes.size() != size_bytes) {
    return "blob has " + std::to_string(bytes.size()) + " bytes, recorded " +
           std::to_string(size_bytes);
  }
  const std::string actual = Sha256Hex(bytes);
  if (actual != sha256) return "blob bytes hash to sha256:" + actual + ", not the recorded digest";
  if (row.ColumnInt(4) != row.ColumnInt(5)) {
    return "index has " + std::to_string(row.ColumnInt(5)) + " operator rows, recorded " +
           std::to_string(row.ColumnInt(4));
  }
  if (row.ColumnInt(6) != row.ColumnInt(7)) {
    return "index has " + std::to_string(row.ColumnInt(7)) + " pool rows, recorded " +
           std::to_string(row.ColumnInt(6));
  }
  return "";
}

// Artifacts whose blob CheckArtifact found damaged: no signature vouches for those bytes.
using DamagedArtifacts = std::set<int64_t>;

Status CheckArtifacts(Database& db, VerifyReport* report, const VerifyProgress& progress,
                      DamagedArtifacts* damaged) {
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t total, db.QueryInt("SELECT count(*) FROM artifacts"));
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT a.id, a.sha256, a.size_bytes, b.bytes, a.operator_count, (SELECT "
                 "count(*) FROM operators o WHERE o.artifact_id = a.id), a.pool_count, (SELECT "
                 "count(*) FROM pools p WHERE p.artifact_id = a.id), coalesce((SELECT "
                 "group_concat(m.name || '@' || v.version, ' ') FROM versions v JOIN models m ON "
                 "m.id = v.model_id WHERE v.artifact_id = a.id), 'unreferenced') FROM artifacts "
                 "a LEFT JOIN blobs b ON b.artifact_id = a.id ORDER BY a.id"));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    const std::string problem = CheckArtifact(rows);
    if (!problem.empty()) {
      report->problems.push_back({rows.ColumnText(1), rows.ColumnText(8), problem});
      damaged->insert(rows.ColumnInt(0));
    }
    report->bytes_hashed += rows.ColumnBlob(3).size();
    ++report->artifacts_checked;
    if (progress) progress(report->artifacts_checked, total);
  }
}

// "key release (trusted)" or "untrusted key 3f2a...": the key a stored signature names.
std::string KeyLabel(std::span<const uint8_t> public_key, const std::string& trusted_name) {
  if (!trusted_name.empty()) return "key " + trusted_name + " (trusted)";
  return "untrusted key " + HexOf(public_key).substr(0, 16);
}

// Whether `signature` by `public_key` (as stored: sizes unchecked) verifies over `manifest`.
bool Verifies(std::span<const uint8_t> public_key, const std::string& manifest,
              std::span<const uint8_t> signature) {
  PublicKey key{};
  if (public_key.size() != key.size()) return false;
  std::memcpy(key.data(), public_key.data(), key.size());
  return VerifySignature(key, {reinterpret_cast<const uint8_t*>(manifest.data()), manifest.size()},
                         signature);
}

// Why the signature in `row` (of CheckStoredSignatures' query) does not vouch for its version;
// "" when it does. The manifest is rebuilt from the version's rows, as verify-signature does.
std::string SignatureProblem(const Statement& row, const DamagedArtifacts& damaged) {
  ResolvedVersion version;
  version.artifact_id = row.ColumnInt(3);
  version.sha256 = row.ColumnText(4);
  version.size_bytes = static_cast<uint64_t>(row.ColumnInt(5));
  version.kernel_version = row.ColumnText(6);
  version.target_isa = row.ColumnText(7);
  version.model = row.ColumnText(8);
  version.version = row.ColumnInt(9);
  const std::string by = "signature by " + KeyLabel(row.ColumnBlob(0), row.ColumnText(2));
  if (!Verifies(row.ColumnBlob(0), SignedManifest(version), row.ColumnBlob(1))) {
    return by + " does not verify over this version's manifest; sign it again";
  }
  if (damaged.count(version.artifact_id) != 0) {
    return by + " vouches for bytes the store no longer holds (see the blob above)";
  }
  return "";
}

// Every stored signature, against its key and its version's digest, size, model, number,
// kernel version and ISA; one problem per signature that no longer vouches for its version.
Status CheckStoredSignatures(Database& db, const DamagedArtifacts& damaged, VerifyReport* report) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT s.public_key, s.signature, coalesce(k.name, ''), a.id, a.sha256, "
                 "a.size_bytes, a.kernel_version, a.target_isa, m.name, v.version FROM "
                 "signatures s JOIN versions v ON v.model_id = s.model_id AND v.version = "
                 "s.version JOIN models m ON m.id = v.model_id JOIN artifacts a ON a.id = "
                 "v.artifact_id LEFT JOIN trusted_keys k ON k.public_key = s.public_key ORDER BY "
                 "s.id"));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    ++report->signatures_checked;
    const std::string problem = SignatureProblem(rows, damaged);
    if (!problem.empty()) {
      report->problems.push_back(
          {rows.ColumnText(4), rows.ColumnText(8) + "@" + rows.ColumnText(9), problem});
    }
  }
}

}  // namespace

Result<VerifyReport> VerifyStore(Registry& registry, const VerifyProgress& progress) {
  Database& db = registry.db();
  VerifyReport report;
  ARENASTORE_RETURN_IF_ERROR(CheckSqlite(db, &report));
  // Blobs span chains of overflow pages; reading them through a memory map instead of one
  // pread per page keeps verify close to the speed of hashing itself.
  ARENASTORE_RETURN_IF_ERROR(db.Exec("PRAGMA mmap_size = " + std::to_string(kVerifyMmapBytes)));
  ARENASTORE_RETURN_IF_ERROR(db.Exec("BEGIN"));
  DamagedArtifacts damaged;
  Status status = CheckArtifacts(db, &report, progress, &damaged);
  if (status.ok()) status = CheckStoredSignatures(db, damaged, &report);
  ARENASTORE_RETURN_IF_ERROR(db.Exec(status.ok() ? "COMMIT" : "ROLLBACK"));
  ARENASTORE_RETURN_IF_ERROR(status);
  return report;
}

}  // namespace arenastore::store
