// How `arenastore audit` shows a report: a table for people, JSON (the stable shape in
// docs/cli.md) and CSV (one row per class x model version), with what audit --fix moved where on
// its re-audit (`audit --fix` prints the same lines as it acts). Pure functions of
// store::AuditReport / store::AuditDiff; the HTML page is store/audit_html.h. Host-only, heap OK.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

#include "store/audit_diff.h"
#include "store/audit_report.h"

namespace arenastore::cli {

nlohmann::json AuditRunJson(const store::AuditRun& run);
nlohmann::json AuditJson(const store::AuditReport& report);
// One result of AuditJson's "results" (what the audit page shows of it, and its findings).
nlohmann::json AuditResultJson(const store::AuditResult& r);
// A result's first device ids ("device_ids", "more_devices" says how many it does not list)
// and each memory's free bytes ([{"memory", "free_bytes"}], class order).
nlohmann::json DeviceIdsJson(const store::AuditResult& r);
nlohmann::json MemoryFreeJson(const store::AuditResult& r);
// The RAM the version needs on one of the class's devices (store::AuditResult::device_ram_bytes);
// null in runs recorded before the audit kept it.
nlohmann::json DeviceRamBytesJson(const store::AuditResult& r);
// Columns as docs/cli.md lists them; the ones runs once lacked (device RAM, device ids, free
// bytes) are appended, so readers that index the first columns keep working.
std::string AuditCsv(const store::AuditReport& report);
// At most `max_rows` pairs (rejects first); a fleet audit has tens of thousands, which --csv
// and --json list in full.
std::string AuditText(const store::AuditReport& report, size_t max_rows = 50);

// A rejected pair audit --fix acted on or left: "kws@1 on nrf5340 (ref, sram=64K; class
// 2bec3064a832), 250 devices", and as JSON {reference, sha256, hardware, class_key, isa, pools,
// devices, device_ids, more_devices, reasons, curable}.
std::string RejectedPairText(const store::AuditResult& pair);
nlohmann::json RejectedPairJson(const store::AuditResult& pair);
// One action of audit --fix: {"rejected", "fixed", "replanned"?: {reference, sha256, signed,
// devices_moved, before_bytes, after_bytes}, "error"?}; as text, two or three lines.
nlohmann::json FixActionJson(const store::FixAction& action);
std::string FixActionText(const store::FixAction& action);

nlohmann::json AuditDiffJson(const store::AuditDiff& diff);
std::string AuditDiffText(const store::AuditDiff& diff);

}  // namespace arenastore::cli
