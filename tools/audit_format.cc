#include "tools/audit_format.h"

#include <fmt/core.h>

#include <algorithm>

#include "tools/registry_format.h"

namespace arenastore::cli {
namespace {

using store::AuditVerdict;

nlohmann::json CountsJson(const store::VerdictCounts& counts) {
  nlohmann::json json = nlohmann::json::object();
  for (int v = 0; v < store::kAuditVerdictCount; ++v) {
    json[store::AuditVerdictName(AuditVerdict(v))] = {{"results", counts.results[v]},
                                                      {"devices", counts.devices[v]}};
  }
  json["reclaimable_device_bytes"] = counts.reclaimable_device_bytes;
  json["curable_rejects"] = counts.curable_rejects;
  json["unsigned"] = {{"results", counts.unsigned_results}, {"devices", counts.unsigned_devices}};
  return json;
}

nlohmann::json GroupsJson(const std::vector<store::AuditGroup>& groups) {
  nlohmann::json json = nlohmann::json::object();
  for (const store::AuditGroup& group : groups) json[group.name] = CountsJson(group.counts);
  return json;
}

// A version signed by a key the store revoked: which key, and why it was revoked.
nlohmann::json RevokedKeyJson(const store::AuditResult& r) {
  if (r.signature != store::SignatureState::kRevoked) return nullptr;
  return {{"name", r.revoked_key}, {"reason", r.revocation_reason}};
}

std::string RevokedKeyText(const store::AuditResult& r) {
  return "signed by revoked key " + r.revoked_key +
         (r.revocation_reason.empty() ? "" : " (" + r.revocation_reason + ")");
}

}  // namespace

nlohmann::json DeviceIdsJson(const store::AuditResult& r) { return r.device_ids; }

nlohmann::json MemoryFreeJson(const store::AuditResult& r) {
  nlohmann::json memories = nlohmann::json::array();
  for (const store::MemoryFree& m : r.memory_free) {
    memories.push_back({{"memory", m.memory}, {"free_bytes", m.free_bytes}});
  }
  return memories;
}

// Bytes a run recorded, or null: 0 is what a result recorded before the column existed holds
// (and, for replan_bytes, no accepted re-plan).
nlohmann::json RecordedBytesJson(uint64_t bytes) {
  if (bytes == 0) return nullptr;
  return bytes;
}

nlohmann::json DeviceRamBytesJson(const store::AuditResult& r) {
  return RecordedBytesJson(r.device_ram_bytes);
}

nlohmann::json SavedBytesJson(const store::AuditResult& r) {
  if (r.tensor_bound_bytes == 0) return nullptr;
  return r.planned_bytes < r.tensor_bound_bytes ? r.tensor_bound_bytes - r.planned_bytes : 0;
}

nlohmann::json AuditResultJson(const store::AuditResult& r) {
  nlohmann::json findings = nlohmann::json::array();
  for (const store::AuditFinding& f : r.findings) {
    findings.push_back({{"kind", f.kind},
                        {"rejects", f.rejects},
                        {"op_index", f.op_index},
                        {"op_kind", f.op_kind},
                        {"pool", f.pool},
                        {"planned_bytes", f.planned_bytes},
                        {"required_bytes", f.required_bytes},
                        {"message", f.message}});
  }
  return {{"verdict", store::AuditVerdictName(r.verdict)},
          {"model", r.model},
          {"version", r.version},
          {"sha256", r.sha256},
          {"class", r.class_key},
          {"hardware", r.hardware},
          {"isa", r.isa},
          {"device_kernel_version", r.device_kernel_version},
          {"pools", r.pools},
          {"placement", r.placement},
          {"memory_free", MemoryFreeJson(r)},
          {"device_ram_bytes", DeviceRamBytesJson(r)},
          {"planned_bytes", RecordedBytesJson(r.planned_bytes)},
          {"tensor_bound_bytes", RecordedBytesJson(r.tensor_bound_bytes)},
          {"saved_bytes", SavedBytesJson(r)},
          {"replan_bytes", RecordedBytesJson(r.replan_bytes)},
          {"row_stages", r.row_stages},
          {"extra_macs", r.extra_macs},
          {"model_macs", RecordedBytesJson(r.model_macs)},
          {"reference_kernel_ops", r.reference_kernel_ops},
          {"own_slower_kernel_ops", r.own_slower_kernel_ops},
          {"ops", r.ops.empty() ? nlohmann::json("all") : nlohmann::json(r.ops)},
          {"devices", r.device_count},
          {"device_ids", DeviceIdsJson(r)},
          {"more_devices", r.UnlistedDevices()},
          {"reasons", r.reasons},
          {"reclaimable_bytes", r.reclaimable_bytes},
          {"curable", r.curable},
          {"signature", store::SignatureStateName(r.signature)},
          {"revoked_key", RevokedKeyJson(r)},
          {"findings", findings}};
}

namespace {

std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

// What a CSV cell holds for a result's numbers that older runs did not record: empty.
// Recorded bytes, or an empty cell where RecordedBytesJson gives null.
std::string BytesCell(uint64_t bytes) { return bytes == 0 ? std::string() : std::to_string(bytes); }

std::string DeviceRamCell(const store::AuditResult& r) { return BytesCell(r.device_ram_bytes); }

// "ram=992248;dtcm=65536", as migration 0013 records it: one cell, no comma to quote.
std::string MemoryFreeCell(const store::AuditResult& r) {
  std::string cell;
  for (const store::MemoryFree& m : r.memory_free) {
    cell += (cell.empty() ? "" : ";") + m.memory + "=" + std::to_string(m.free_bytes);
  }
  return cell;
}

// The listed device ids, ';' between them as between free_bytes' memories: one cell without
// quoting (an id never holds a comma: migration 0004).
std::string DeviceIdsCell(const store::AuditResult& r) {
  std::string cell;
  for (const std::string& id : r.device_ids) cell += (cell.empty() ? "" : ";") + id;
  return cell;
}

std::string CountsLine(const char* name, const store::VerdictCounts& c) {
  return fmt::format("  {:<24} {:>6} reject {:>6} warn {:>6} ok  (devices {} / {} / {})\n", name,
                     c.results[2], c.results[1], c.results[0], c.devices[2], c.devices[1],
                     c.devices[0]);
}

// A line of text names this many of the ids a result lists (JSON and the page list them all).
constexpr size_t kDeviceIdsInText = 5;

// Which devices moved: the first ids the rejected pair lists ("cam-1, cam-2 and 3 more").
std::string MovedDevicesText(const store::AuditResult& pair) {
  if (pair.device_ids.empty()) return "";
  std::string ids;
  const size_t shown = std::min(pair.device_ids.size(), kDeviceIdsInText);
  for (size_t i = 0; i < shown; ++i) ids += (i == 0 ? "" : ", ") + pair.device_ids[i];
  const int64_t more = pair.device_count - static_cast<int64_t>(shown);
  if (more > 0) ids += fmt::format(" and {} more", more);
  return "    devices: " + ids + "\n";
}

// The fix recorded with a re-audit: null on any other run.
nlohmann::json FixJson(const store::AuditReport& report) {
  if (report.run.fix_of_run == 0 && report.fix_moves.empty()) return nullptr;
  nlohmann::json moves = nlohmann::json::array();
  for (const store::FixAction& action : report.fix_moves) moves.push_back(FixActionJson(action));
  return {{"run", report.run.fix_of_run}, {"actions", moves}};
}

std::string FixText(const store::AuditReport& report) {
  if (report.run.fix_of_run == 0 && report.fix_moves.empty()) return "";
  std::string text = fmt::format("moved by audit --fix of run {}:\n", report.run.fix_of_run);
  for (const store::FixAction& action : report.fix_moves) text += FixActionText(action);
  if (report.fix_moves.empty()) text += "  (nothing: no curable reject)\n";
  return text;
}

}  // namespace

std::string RejectedPairText(const store::AuditResult& pair) {
  return fmt::format("{} on {} ({}, {}; class {}), {} device{}", pair.Reference(), pair.hardware,
                     pair.isa, pair.pools, pair.class_key, pair.device_count,
                     pair.device_count == 1 ? "" : "s");
}

// The device ids too: after a fix, which devices moved (the page lists them the same way).
nlohmann::json RejectedPairJson(const store::AuditResult& pair) {
  return {{"reference", pair.Reference()},
          {"sha256", pair.sha256},
          {"hardware", pair.hardware},
          {"class_key", pair.class_key},
          {"isa", pair.isa},
          {"pools", pair.pools},
          {"devices", pair.device_count},
          {"device_ids", DeviceIdsJson(pair)},
          {"more_devices", pair.UnlistedDevices()},
          {"reasons", pair.reasons},
          {"curable", pair.curable}};
}

nlohmann::json FixActionJson(const store::FixAction& action) {
  nlohmann::json entry = {{"rejected", RejectedPairJson(action.rejected)}, {"fixed", action.fixed}};
  if (action.fixed) {
    entry["replanned"] = {
        {"reference", action.replanned_reference}, {"sha256", action.replanned_sha256},
        {"signed", action.replan_signed},          {"devices_moved", action.devices_moved},
        {"before_bytes", action.before_bytes},     {"after_bytes", action.after_bytes},
        // What the re-plan pays in speed, in `replan --json`'s names.
        {"row_stages", action.replan_speed_cost.stages},
        {"extra_macs", action.replan_speed_cost.extra_macs},
        {"model_macs", action.replan_speed_cost.model_macs},
        {"reference_kernel_ops", action.replan_speed_cost.reference_kernel_ops},
        {"own_slower_kernel_ops", action.replan_speed_cost.own_slower_kernel_ops}};
  } else {
    entry["error"] = action.error;
  }
  return entry;
}

std::string FixActionText(const store::FixAction& action) {
  if (!action.fixed) {
    return fmt::format("  NOT fixed {}\n    {}\n", RejectedPairText(action.rejected), action.error);
  }
  return fmt::format("  re-planned {}\n    -> {} ({}{}), {} device(s) moved; planned {} -> {}{}\n",
                     RejectedPairText(action.rejected), action.replanned_reference,
                     ShortDigest(action.replanned_sha256), action.replan_signed ? ", signed" : "",
                     action.devices_moved, GroupedBytes(action.before_bytes),
                     GroupedBytes(action.after_bytes),
                     store::WithSpeedCostText(action.replan_speed_cost)) +
         MovedDevicesText(action.rejected);
}

nlohmann::json AuditRunJson(const store::AuditRun& run) {
  return {{"id", run.id},
          {"started_at", run.started_at},
          {"elapsed_ms", run.elapsed_ms},
          {"runtime_kernel_version", run.runtime_kernel_version},
          {"policy", run.policy},
          {"isas", run.isas},
          {"note", run.note},
          {"require_signature", run.require_signature},
          {"devices", run.device_count},
          {"undeployed_devices", run.undeployed_devices},
          {"classes", run.class_count},
          {"artifacts", run.artifact_count},
          {"evaluations", run.evaluation_count},
          {"fix_of_run",
           run.fix_of_run == 0 ? nlohmann::json(nullptr) : nlohmann::json(run.fix_of_run)}};
}

nlohmann::json AuditJson(const store::AuditReport& report) {
  nlohmann::json results = nlohmann::json::array();
  for (const store::AuditResult& r : report.results) results.push_back(AuditResultJson(r));
  return {{"run", AuditRunJson(report.run)},
          {"totals", CountsJson(store::Totals(report))},
          {"by_hardware", GroupsJson(store::ByHardware(report))},
          {"by_model", GroupsJson(store::ByModel(report))},
          {"fix", FixJson(report)},
          {"results", results}};
}

std::string AuditCsv(const store::AuditReport& report) {
  std::string csv =
      "run,verdict,model,version,sha256,hardware,isa,device_kernel_version,pools,class,devices,"
      "reclaimable_bytes,curable,reasons,signature,device_ram_bytes,device_ids,more_devices,"
      "free_bytes,planned_bytes,tensor_bound_bytes,replan_bytes\n";
  for (const store::AuditResult& r : report.results) {
    csv += fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", report.run.id,
        store::AuditVerdictName(r.verdict), CsvField(r.model), r.version, r.sha256,
        CsvField(r.hardware), r.isa, r.device_kernel_version, CsvField(r.pools), r.class_key,
        r.device_count, r.reclaimable_bytes, r.curable ? 1 : 0, CsvField(r.reasons),
        store::SignatureStateName(r.signature), DeviceRamCell(r), CsvField(DeviceIdsCell(r)),
        r.UnlistedDevices(), CsvField(MemoryFreeCell(r)), BytesCell(r.planned_bytes),
        BytesCell(r.tensor_bound_bytes), BytesCell(r.replan_bytes));
  }
  return csv;
}

std::string AuditText(const store::AuditReport& report, size_t max_rows) {
  const store::AuditRun& run = report.run;
  const store::VerdictCounts totals = store::Totals(report);
  std::string text = fmt::format(
      "audit run {} ({}): runtime kernels {}, policy {}{}\n"
      "  {} devices in {} classes ({} run nothing), {} artifacts, {} gate evaluations, {} ms\n",
      run.id == 0 ? std::string("not recorded") : std::to_string(run.id), run.started_at,
      run.runtime_kernel_version, run.policy, run.note.empty() ? "" : " -- " + run.note,
      run.device_count, run.class_count, run.undeployed_devices, run.artifact_count,
      run.evaluation_count, run.elapsed_ms);
  text += fmt::format(
      "  reject: {} pairs on {} devices ({} curable by re-plan)\n"
      "  warn:   {} pairs on {} devices, {} reclaimable across them\n"
      "  ok:     {} pairs on {} devices\n",
      totals.results[2], totals.devices[2], totals.curable_rejects, totals.results[1],
      totals.devices[1], GroupedBytes(totals.reclaimable_device_bytes), totals.results[0],
      totals.devices[0]);
  // Under the policy an unsigned deployment fails the audit like a reject: check, run and pull
  // refuse the version. Without it the count still says what turning the policy on would cost.
  text += fmt::format(
      "  unsigned: {} pairs on {} devices run a version without a trusted signature{}\n",
      totals.unsigned_results, totals.unsigned_devices,
      run.require_signature ? " (require-signature is on: check, run and pull refuse them)"
                            : " (require-signature is off)");
  text += FixText(report);
  text += "by hardware:\n";
  for (const auto& group : store::ByHardware(report))
    text += CountsLine(group.name.c_str(), group.counts);
  text += "by model:\n";
  for (const auto& group : store::ByModel(report))
    text += CountsLine(group.name.c_str(), group.counts);
  if (report.results.empty()) return text + "(nothing deployed to audit)\n";
  text += fmt::format("\n{:<7} {:>7}  {:<20} {:<16} {:<14} {:<12} {:>12} {:<10} {}\n", "VERDICT",
                      "DEVICES", "MODEL", "HARDWARE", "ISA", "CLASS", "DEVICE RAM", "SIGNATURE",
                      "REASONS / RECLAIMABLE");
  for (size_t i = 0; i < report.results.size() && i < max_rows; ++i) {
    const store::AuditResult& r = report.results[i];
    std::string why = r.reasons;
    if (r.verdict == AuditVerdict::kWarn) why += fmt::format(" ({} B each)", r.reclaimable_bytes);
    if (r.verdict == AuditVerdict::kReject && !r.curable) why += " [no re-plan cures this]";
    if (r.signature == store::SignatureState::kRevoked) {
      why += (why.empty() ? "" : "; ") + RevokedKeyText(r);
    }
    const std::string stages = store::SpeedCostText(r);
    if (!stages.empty()) why += (why.empty() ? "" : "; ") + stages;
    // A run recorded before the audit kept device RAM shows "-", not a need of 0 B.
    text += fmt::format(
        "{:<7} {:>7}  {:<20} {:<16} {:<14} {:<12} {:>12} {:<10} {}\n",
        store::AuditVerdictName(r.verdict), r.device_count, r.Reference(), r.hardware, r.isa,
        r.class_key, r.device_ram_bytes == 0 ? std::string("-") : GroupedBytes(r.device_ram_bytes),
        store::SignatureStateName(r.signature), why);
  }
  if (report.results.size() > max_rows) {
    text += fmt::format("({} more pairs; --csv or --json lists every one)\n",
                        report.results.size() - max_rows);
  }
  return text;
}

namespace {

// One side of a diff's change: what the diff compares of the result.
nlohmann::json DiffSideJson(const store::AuditResult& r) {
  return {{"verdict", store::AuditVerdictName(r.verdict)},
          {"reasons", r.reasons},
          {"reclaimable_bytes", r.reclaimable_bytes},
          {"signature", store::SignatureStateName(r.signature)},
          {"revoked_key", RevokedKeyJson(r)},
          {"device_ram_bytes", DeviceRamBytesJson(r)},
          {"placement", r.placement},
          {"memory_free", MemoryFreeJson(r)}};
}

nlohmann::json FieldsJson(const std::vector<store::AuditField>& fields) {
  nlohmann::json names = nlohmann::json::array();
  for (const store::AuditField field : fields) names.push_back(store::AuditFieldName(field));
  return names;
}

// "ram 1,047,600 B, dtcm 65,536 B"; "-" when not placed.
std::string MemoryFreeText(const store::AuditResult& r) {
  std::string text;
  for (const store::MemoryFree& m : r.memory_free) {
    text += (text.empty() ? "" : ", ") + m.memory + " " + GroupedBytes(m.free_bytes);
  }
  return text.empty() ? "-" : text;
}

std::string SignatureText(const store::AuditResult& r) {
  if (r.signature != store::SignatureState::kRevoked) {
    return store::SignatureStateName(r.signature);
  }
  return RevokedKeyText(r);
}

// A detail line for each changed field the pair's first line does not show.
std::string FieldLines(const store::AuditChange& c) {
  std::string text;
  for (const store::AuditField field : c.fields) {
    switch (field) {
      case store::AuditField::kVerdict:
      case store::AuditField::kReasons:
        break;  // on the first line
      case store::AuditField::kSignature:
        text += fmt::format("    signature: {} -> {}\n", SignatureText(c.a), SignatureText(c.b));
        break;
      case store::AuditField::kDeviceRam:
        text += fmt::format("    device RAM: {} -> {}\n", GroupedBytes(c.a.device_ram_bytes),
                            GroupedBytes(c.b.device_ram_bytes));
        break;
      case store::AuditField::kPlacement:
        text +=
            fmt::format("    placement: {} -> {}\n", c.a.placement.empty() ? "-" : c.a.placement,
                        c.b.placement.empty() ? "-" : c.b.placement);
        break;
      case store::AuditField::kMemoryFree:
        text += fmt::format("    free: {} -> {}\n", MemoryFreeText(c.a), MemoryFreeText(c.b));
        break;
    }
  }
  return text;
}

// "~ PAIR: ok -> reject; - -> pool sram short by 16 B", or when neither changed, "~ PAIR: ok,
// device_ram_bytes and memory_free changed"; then FieldLines.
std::string MatchedChangeText(const std::string& pair, const store::AuditChange& c) {
  std::string text;
  if (c.kind == store::AuditChange::Kind::kVerdictChanged ||
      c.kind == store::AuditChange::Kind::kReasonsChanged) {
    text =
        fmt::format("~ {}: {} -> {}; {} -> {}\n", pair, store::AuditVerdictName(c.a.verdict),
                    store::AuditVerdictName(c.b.verdict), c.a.reasons.empty() ? "-" : c.a.reasons,
                    c.b.reasons.empty() ? "-" : c.b.reasons);
  } else {
    std::string names;
    for (size_t i = 0; i < c.fields.size(); ++i) {
      names += (i == 0 ? "" : i + 1 == c.fields.size() ? " and " : ", ");
      names += store::AuditFieldName(c.fields[i]);
    }
    text = fmt::format("~ {}: {}, {} changed\n", pair, store::AuditVerdictName(c.b.verdict), names);
  }
  return text + FieldLines(c);
}

std::string ChangeText(const store::AuditChange& c) {
  const std::string pair = fmt::format("{}@{} on {} ({}, class {}, {} devices)", c.model, c.version,
                                       c.hardware, c.isa, c.class_key, c.device_count);
  switch (c.kind) {
    case store::AuditChange::Kind::kAdded:
      return fmt::format("+ {}: {} {}\n", pair, store::AuditVerdictName(c.b.verdict), c.b.reasons);
    case store::AuditChange::Kind::kRemoved:
      return fmt::format("- {}: was {} {}\n", pair, store::AuditVerdictName(c.a.verdict),
                         c.a.reasons);
    case store::AuditChange::Kind::kVerdictChanged:
    case store::AuditChange::Kind::kReasonsChanged:
    case store::AuditChange::Kind::kSignatureChanged:
    case store::AuditChange::Kind::kMemoryChanged:
      return MatchedChangeText(pair, c);
  }
  return "";
}

}  // namespace

nlohmann::json AuditDiffJson(const store::AuditDiff& diff) {
  nlohmann::json changes = nlohmann::json::array();
  for (const store::AuditChange& c : diff.changes) {
    const bool added = c.kind == store::AuditChange::Kind::kAdded;
    const bool removed = c.kind == store::AuditChange::Kind::kRemoved;
    changes.push_back({{"change", store::AuditChangeKindName(c.kind)},
                       {"model", c.model},
                       {"version", c.version},
                       {"class", c.class_key},
                       {"hardware", c.hardware},
                       {"isa", c.isa},
                       {"devices", c.device_count},
                       {"fields", FieldsJson(c.fields)},
                       {"a", added ? nlohmann::json(nullptr) : DiffSideJson(c.a)},
                       {"b", removed ? nlohmann::json(nullptr) : DiffSideJson(c.b)}});
  }
  return {{"a", {{"run", AuditRunJson(diff.run_a)}, {"totals", CountsJson(diff.totals_a)}}},
          {"b", {{"run", AuditRunJson(diff.run_b)}, {"totals", CountsJson(diff.totals_b)}}},
          {"changes", changes}};
}

std::string AuditDiffText(const store::AuditDiff& diff) {
  std::string text = fmt::format(
      "run {} (kernels {}) -> run {} (kernels {})\n"
      "  reject {} -> {} pairs, warn {} -> {}, ok {} -> {}; reclaimable {} -> {}\n",
      diff.run_a.id, diff.run_a.runtime_kernel_version, diff.run_b.id,
      diff.run_b.runtime_kernel_version, diff.totals_a.results[2], diff.totals_b.results[2],
      diff.totals_a.results[1], diff.totals_b.results[1], diff.totals_a.results[0],
      diff.totals_b.results[0], GroupedBytes(diff.totals_a.reclaimable_device_bytes),
      GroupedBytes(diff.totals_b.reclaimable_device_bytes));
  if (diff.changes.empty()) return text + "no pair changed\n";
  for (const store::AuditChange& c : diff.changes) text += ChangeText(c);
  return text;
}

}  // namespace arenastore::cli
