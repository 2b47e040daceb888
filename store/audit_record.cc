#include "store/audit_record.h"

#include <charconv>
#include <map>
#include <tuple>

#include "store/transaction.h"

namespace arenastore::store {
namespace {

// Lists joined by commas: ISAs, and device ids (an id never holds a comma: migration 0004).
std::string JoinCommas(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ",") + item;
  return text;
}

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> isas;
  size_t start = 0;
  while (start < text.size()) {
    const size_t comma = std::min(text.find(',', start), text.size());
    isas.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return isas;
}

Result<int64_t> InsertRun(Database& db, const AuditRun& run) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      db.Prepare("INSERT INTO audit_runs (started_at, elapsed_ms, runtime_kernel_version, policy, "
                 "isas, note, device_count, undeployed_devices, class_count, artifact_count, "
                 "evaluation_count, require_signature, fix_of_run) VALUES (?, ?, ?, ?, ?, ?, ?, ?, "
                 "?, ?, ?, ?, ?)"));
  ARENASTORE_RETURN_IF_ERROR(insert.BindAll(
      run.started_at, run.elapsed_ms, run.runtime_kernel_version, run.policy, JoinCommas(run.isas),
      run.note, run.device_count, run.undeployed_devices, run.class_count, run.artifact_count,
      run.evaluation_count, int64_t{run.require_signature}));
  // Migration 0015: NULL, not 0, on a run that is no fix's re-audit (the column is a reference).
  if (run.fix_of_run != 0) ARENASTORE_RETURN_IF_ERROR(insert.Bind(13, run.fix_of_run));
  ARENASTORE_RETURN_IF_ERROR(insert.Run());
  return db.LastInsertRowId();
}

// Migration 0013's free_bytes: "ram=992248;dtcm=65536", as the class's pools column spells
// capacities (its device_ids are joined like the ISAs: an id never holds a comma).
std::string MemoryFreeText(const std::vector<MemoryFree>& memories) {
  std::string text;
  for (const MemoryFree& m : memories) {
    text += (text.empty() ? "" : ";") + m.memory + "=" + std::to_string(m.free_bytes);
  }
  return text;
}

// A damaged entry is skipped rather than failing the read: the column is a convenience copy of
// what `placement` already says.
std::vector<MemoryFree> MemoryFreeOf(const std::string& text) {
  std::vector<MemoryFree> memories;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string entry = text.substr(start, end - start);
    const size_t equals = entry.rfind('=');
    uint64_t bytes = 0;
    if (equals != std::string::npos &&
        std::from_chars(entry.data() + equals + 1, entry.data() + entry.size(), bytes).ec ==
            std::errc()) {
      memories.push_back({entry.substr(0, equals), bytes});
    }
    start = end + 1;
  }
  return memories;
}

// Statements prepared once: a fleet audit writes tens of thousands of rows.
class ResultWriter {
 public:
  static Result<ResultWriter> Create(Database& db, int64_t run_id) {
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement result,
        db.Prepare(
            "INSERT INTO audit_results (run_id, class_key, hardware, isa, "
            "device_kernel_version, pools, model, version, sha256, device_count, verdict, "
            "reasons, reclaimable_bytes, curable, ops, signature, revoked_key, "
            "revocation_reason, placement, device_ids, free_bytes, device_ram_bytes, "
            "planned_bytes, tensor_bound_bytes, replan_bytes, row_stages, extra_macs, "
            "model_macs, reference_kernel_ops, own_slower_kernel_ops) VALUES (?, ?, ?, ?, ?, ?, "
            "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    ARENASTORE_ASSIGN_OR_RETURN(
        Statement finding,
        db.Prepare("INSERT INTO audit_findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    return ResultWriter(run_id, std::move(result), std::move(finding));
  }

  Status Write(const AuditResult& r) {
    ARENASTORE_RETURN_IF_ERROR(result_.Reset());
    ARENASTORE_RETURN_IF_ERROR(result_.BindAll(
        run_id_, r.class_key, r.hardware, r.isa, r.device_kernel_version, r.pools, r.model,
        r.version, r.sha256, r.device_count, AuditVerdictName(r.verdict), r.reasons,
        static_cast<int64_t>(r.reclaimable_bytes), int64_t{r.curable}, r.ops,
        std::string(SignatureStateName(r.signature)), r.revoked_key, r.revocation_reason,
        r.placement, JoinCommas(r.device_ids), MemoryFreeText(r.memory_free),
        static_cast<int64_t>(r.device_ram_bytes), static_cast<int64_t>(r.planned_bytes),
        static_cast<int64_t>(r.tensor_bound_bytes), static_cast<int64_t>(r.replan_bytes),
        r.row_stages, static_cast<int64_t>(r.extra_macs), static_cast<int64_t>(r.model_macs),
        r.reference_kernel_ops, r.own_slower_kernel_ops));
    ARENASTORE_RETURN_IF_ERROR(result_.Run());
    int64_t seq = 0;
    for (const AuditFinding& f : r.findings) {
      ARENASTORE_RETURN_IF_ERROR(finding_.Reset());
      ARENASTORE_RETURN_IF_ERROR(finding_.BindAll(
          run_id_, r.class_key, r.model, r.version, seq++, f.kind, int64_t{f.rejects},
          int64_t{f.op_index}, f.op_kind, f.pool, static_cast<int64_t>(f.planned_bytes),
          static_cast<int64_t>(f.required_bytes), f.message));
      ARENASTORE_RETURN_IF_ERROR(finding_.Run());
    }
    return Status::Ok();
  }

 private:
  ResultWriter(int64_t run_id, Statement result, Statement finding)
      : run_id_(run_id), result_(std::move(result)), finding_(std::move(finding)) {}

  int64_t run_id_;
  Statement result_, finding_;
};

AuditRun ReadRunRow(Statement& row) {
  AuditRun run;
  run.id = row.ColumnInt(0);
  run.started_at = row.ColumnText(1);
  run.elapsed_ms = row.ColumnInt(2);
  run.runtime_kernel_version = row.ColumnText(3);
  run.policy = row.ColumnText(4);
  run.isas = SplitCommas(row.ColumnText(5));
  run.note = row.ColumnText(6);
  run.device_count = row.ColumnInt(7);
  run.undeployed_devices = row.ColumnInt(8);
  run.class_count = row.ColumnInt(9);
  run.artifact_count = row.ColumnInt(10);
  run.evaluation_count = row.ColumnInt(11);
  run.require_signature = row.ColumnInt(12) != 0;
  run.fix_of_run = row.ColumnInt(13);  // NULL reads as 0
  return run;
}

constexpr const char* kRunColumns =
    "SELECT id, started_at, elapsed_ms, runtime_kernel_version, policy, isas, note, "
    "device_count, undeployed_devices, class_count, artifact_count, evaluation_count, "
    "require_signature, fix_of_run FROM audit_runs";

// An audit_results row as ResultFromRow reads it: columns 0 to kResultColumnCount - 1.
constexpr const char* kResultColumns =
    "class_key, hardware, isa, device_kernel_version, pools, model, version, sha256, "
    "device_count, verdict, reasons, reclaimable_bytes, curable, ops, signature, revoked_key, "
    "revocation_reason, placement, device_ids, free_bytes, device_ram_bytes, planned_bytes, "
    "tensor_bound_bytes, replan_bytes, row_stages, extra_macs, model_macs, reference_kernel_ops, "
    "own_slower_kernel_ops";
constexpr int kResultColumnCount = 29;

AuditResult ResultFromRow(Statement& rows) {
  AuditResult r;
  r.class_key = rows.ColumnText(0);
  r.hardware = rows.ColumnText(1);
  r.isa = rows.ColumnText(2);
  r.device_kernel_version = rows.ColumnText(3);
  r.pools = rows.ColumnText(4);
  r.model = rows.ColumnText(5);
  r.version = rows.ColumnInt(6);
  r.sha256 = rows.ColumnText(7);
  r.device_count = rows.ColumnInt(8);
  ParseAuditVerdict(rows.ColumnText(9), &r.verdict);  // CHECK constraint: always parses
  r.reasons = rows.ColumnText(10);
  r.reclaimable_bytes = static_cast<uint64_t>(rows.ColumnInt(11));
  r.curable = rows.ColumnInt(12) != 0;
  r.ops = rows.ColumnText(13);
  r.signature = ParseSignatureState(rows.ColumnText(14));
  r.revoked_key = rows.ColumnText(15);
  r.revocation_reason = rows.ColumnText(16);
  r.placement = rows.ColumnText(17);
  r.device_ids = SplitCommas(rows.ColumnText(18));
  r.memory_free = MemoryFreeOf(rows.ColumnText(19));
  r.device_ram_bytes = static_cast<uint64_t>(rows.ColumnInt(20));
  r.planned_bytes = static_cast<uint64_t>(rows.ColumnInt(21));
  r.tensor_bound_bytes = static_cast<uint64_t>(rows.ColumnInt(22));
  r.replan_bytes = static_cast<uint64_t>(rows.ColumnInt(23));
  r.row_stages = rows.ColumnInt(24);
  r.extra_macs = static_cast<uint64_t>(rows.ColumnInt(25));
  r.model_macs = static_cast<uint64_t>(rows.ColumnInt(26));
  r.reference_kernel_ops = rows.ColumnInt(27);
  r.own_slower_kernel_ops = rows.ColumnInt(28);
  return r;
}

// A fix's move as audit_fix_moves holds it, from column `first` on.
void ReadMoveColumns(Statement& row, int first, FixAction* action) {
  action->fixed = row.ColumnInt(first) != 0;
  action->replanned_reference = row.ColumnText(first + 1);
  action->replanned_sha256 = row.ColumnText(first + 2);
  action->replan_signed = row.ColumnInt(first + 3) != 0;
  action->devices_moved = row.ColumnInt(first + 4);
  action->before_bytes = static_cast<uint64_t>(row.ColumnInt(first + 5));
  action->after_bytes = static_cast<uint64_t>(row.ColumnInt(first + 6));
  action->error = row.ColumnText(first + 7);
  action->replan_speed_cost = {row.ColumnInt(first + 8),
                               static_cast<uint64_t>(row.ColumnInt(first + 9)),
                               static_cast<uint64_t>(row.ColumnInt(first + 10)),
                               row.ColumnInt(first + 11), row.ColumnInt(first + 12)};
}

// The moves of the fix that acted on run `fix_run`, in order, each with its rejected pair as that
// run recorded it (migration 0015: the pair is one of that run's results, so the join matches).
Result<std::vector<FixAction>> ReadFixMoves(Database& db, int64_t fix_run) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare(std::string("SELECT ") + kResultColumns +
                 ", fixed, replanned_reference, replanned_sha256, signed, devices_moved, "
                 "before_bytes, after_bytes, error, replan_row_stages, replan_extra_macs, "
                 "replan_model_macs, replan_reference_kernel_ops, replan_own_slower_kernel_ops "
                 "FROM audit_fix_moves JOIN "
                 "audit_results "
                 "USING (run_id, class_key, model, version) WHERE run_id = ? ORDER BY seq"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, fix_run));
  std::vector<FixAction> moves;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return moves;
    FixAction action;
    action.rejected = ResultFromRow(rows);
    ReadMoveColumns(rows, kResultColumnCount, &action);
    moves.push_back(std::move(action));
  }
}

Status ReadFindings(Database& db, int64_t run_id, std::vector<AuditResult>* results) {
  std::map<std::tuple<std::string, std::string, int64_t>, AuditResult*> by_key;
  for (AuditResult& r : *results) by_key[{r.class_key, r.model, r.version}] = &r;
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement rows,
      db.Prepare("SELECT class_key, model, version, kind, rejects, op_index, op_kind, pool, "
                 "planned_bytes, required_bytes, message FROM audit_findings WHERE run_id = ? "
                 "ORDER BY class_key, model, version, seq"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, run_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return Status::Ok();
    auto found = by_key.find({rows.ColumnText(0), rows.ColumnText(1), rows.ColumnInt(2)});
    if (found == by_key.end()) continue;  // the foreign key makes this unreachable
    AuditFinding f;
    f.kind = rows.ColumnText(3);
    f.rejects = rows.ColumnInt(4) != 0;
    f.op_index = static_cast<int32_t>(rows.ColumnInt(5));
    f.op_kind = rows.ColumnText(6);
    f.pool = rows.ColumnText(7);
    f.planned_bytes = static_cast<uint64_t>(rows.ColumnInt(8));
    f.required_bytes = static_cast<uint64_t>(rows.ColumnInt(9));
    f.message = rows.ColumnText(10);
    found->second->findings.push_back(std::move(f));
  }
}

}  // namespace

Status RecordAudit(Registry& registry, AuditReport* report) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Transaction transaction, Transaction::Begin(db));
  ARENASTORE_ASSIGN_OR_RETURN(const int64_t run_id, InsertRun(db, report->run));
  ARENASTORE_ASSIGN_OR_RETURN(ResultWriter writer, ResultWriter::Create(db, run_id));
  for (const AuditResult& result : report->results) {
    ARENASTORE_RETURN_IF_ERROR(writer.Write(result));
  }
  ARENASTORE_RETURN_IF_ERROR(transaction.Commit());
  report->run.id = run_id;
  return Status::Ok();
}

Status RecordFixAction(Registry& registry, int64_t run_id, int64_t seq, const FixAction& action) {
  ARENASTORE_ASSIGN_OR_RETURN(
      Statement insert,
      registry.db().Prepare("INSERT INTO audit_fix_moves (run_id, seq, class_key, model, version, "
                            "fixed, replanned_reference, replanned_sha256, signed, devices_moved, "
                            "before_bytes, after_bytes, error, replan_row_stages, "
                            "replan_extra_macs, replan_model_macs, replan_reference_kernel_ops, "
                            "replan_own_slower_kernel_ops) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
  const AuditResult& pair = action.rejected;
  const SpeedCost& cost = action.replan_speed_cost;
  ARENASTORE_RETURN_IF_ERROR(insert.BindAll(
      run_id, seq, pair.class_key, pair.model, pair.version, int64_t{action.fixed},
      action.replanned_reference, action.replanned_sha256, int64_t{action.replan_signed},
      action.devices_moved, static_cast<int64_t>(action.before_bytes),
      static_cast<int64_t>(action.after_bytes), action.error, cost.stages,
      static_cast<int64_t>(cost.extra_macs), static_cast<int64_t>(cost.model_macs),
      cost.reference_kernel_ops, cost.own_slower_kernel_ops));
  return insert.Run();
}

Result<std::vector<AuditRun>> ListAuditRuns(Registry& registry, int64_t limit) {
  ARENASTORE_ASSIGN_OR_RETURN(Statement rows, registry.db().Prepare(std::string(kRunColumns) +
                                                                    " ORDER BY id DESC LIMIT ?"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, limit > 0 ? limit : int64_t{-1}));
  std::vector<AuditRun> runs;
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) return runs;
    runs.push_back(ReadRunRow(rows));
  }
}

Result<AuditReport> ReadAudit(Registry& registry, int64_t run_id) {
  Database& db = registry.db();
  ARENASTORE_ASSIGN_OR_RETURN(Statement run,
                              db.Prepare(std::string(kRunColumns) + " WHERE id = ?"));
  ARENASTORE_RETURN_IF_ERROR(run.Bind(1, run_id));
  ARENASTORE_ASSIGN_OR_RETURN(const bool found, run.Step());
  ARENASTORE_CHECK_OR_RETURN(found, ErrorCode::kNotFound,
                             "no audit run %lld; `arenastore audit ls` lists the recorded runs",
                             static_cast<long long>(run_id));
  AuditReport report;
  report.run = ReadRunRow(run);
  ARENASTORE_ASSIGN_OR_RETURN(Statement rows, db.Prepare(std::string("SELECT ") + kResultColumns +
                                                         " FROM audit_results WHERE run_id = ?"));
  ARENASTORE_RETURN_IF_ERROR(rows.Bind(1, run_id));
  while (true) {
    ARENASTORE_ASSIGN_OR_RETURN(const bool row, rows.Step());
    if (!row) break;
    report.results.push_back(ResultFromRow(rows));
  }
  ARENASTORE_RETURN_IF_ERROR(ReadFindings(db, run_id, &report.results));
  SortResults(&report.results);
  if (report.run.fix_of_run != 0) {
    ARENASTORE_ASSIGN_OR_RETURN(report.fix_moves, ReadFixMoves(db, report.run.fix_of_run));
  }
  return report;
}

}  // namespace arenastore::store
