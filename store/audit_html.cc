#include "store/audit_html.h"

#include <fmt/core.h>

#include <algorithm>
#include <span>
#include <tuple>

#include "planner/plan_svg.h"
#include "store/grouped_number.h"
#include "store/speed_cost_text.h"

namespace arenastore::store {
namespace {

using planner::EscapeXml;

constexpr const char* kVerdictColour[kAuditVerdictCount] = {"#3a9d5d", "#e0a030", "#c8372d"};
constexpr size_t kWorstOffenders = 10;
// A fleet has thousands of (class, version) pairs; the page lists this many, --json all.
constexpr size_t kClassRows = 500;

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 72em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.ok { color: #3a9d5d; } .warn { color: #b07a10; } .reject { color: #c8372d; }
.cards { display: flex; gap: 1em; flex-wrap: wrap; }
.card { border: 1px solid #ccc; border-radius: 6px; padding: 0.6em 1em; min-width: 10em; }
.card .value { font-size: 1.6em; font-weight: bold; }
.meta { color: #666; }
.headline { font-size: 1.2em; padding: 0.6em 1em; border-radius: 6px; border: 1px solid #ccc; }
.headline.reject { background: #fbeae8; } .headline.warn { background: #fdf3df; }
.headline.ok { background: #e6f4ea; }
details summary { cursor: pointer; color: #555; }
td.device-ids { font-family: monospace; font-size: 0.9em; max-width: 36em; }
.more { color: #666; font-family: sans-serif; }
)";

std::string Num(uint64_t value) { return GroupedNumber(value); }
std::string Num(int64_t value) {
  return value < 0 ? fmt::format("-{}", Num(static_cast<uint64_t>(-value)))
                   : Num(static_cast<uint64_t>(value));
}

std::string Card(const std::string& css_class, const std::string& label, const std::string& value) {
  return fmt::format(
      "<div class=\"card {}\"><div class=\"label\">{}</div><div class=\"value\">{}</div></div>\n",
      css_class, EscapeXml(label), value);
}

std::string TotalsCards(const AuditReport& report) {
  const VerdictCounts totals = Totals(report);
  std::string html = "<div class=\"cards\">\n";
  for (int v = 0; v < kAuditVerdictCount; ++v) {
    const char* name = AuditVerdictName(static_cast<AuditVerdict>(v));
    html += Card(fmt::format("total-{} {}", name, name), fmt::format("{} (devices)", name),
                 Num(totals.devices[v]));
  }
  html += Card("total-reclaimable", "bytes reclaimable by re-plans (all devices)",
               Num(totals.reclaimable_device_bytes));
  html += Card("total-curable", "rejects a re-plan may cure", Num(totals.curable_rejects));
  html += Card(report.run.require_signature && totals.unsigned_devices > 0 ? "total-unsigned reject"
                                                                           : "total-unsigned",
               report.run.require_signature
                   ? "devices on versions without a trusted signature (required)"
                   : "devices on versions without a trusted signature (not required)",
               Num(totals.unsigned_devices));
  return html + "</div>\n";
}

// One horizontal stacked bar per group: devices by verdict, scaled to the largest group.
std::string BarChart(const std::vector<AuditGroup>& groups, const std::string& css_class) {
  constexpr int kLabelWidth = 180, kBarWidth = 480, kRow = 26, kTop = 24;
  int64_t largest = 1;
  for (const AuditGroup& group : groups) {
    int64_t sum = 0;
    for (int64_t devices : group.counts.devices) sum += devices;
    largest = std::max(largest, sum);
  }
  const int height = kTop + kRow * static_cast<int>(groups.size()) + 8;
  std::string svg = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart {}\" width=\"{}\" height=\"{}\" "
      "viewBox=\"0 0 {} {}\" font-family=\"sans-serif\" font-size=\"12\">\n",
      css_class, kLabelWidth + kBarWidth + 90, height, kLabelWidth + kBarWidth + 90, height);
  for (int v = 0; v < kAuditVerdictCount; ++v) {
    svg += fmt::format(
        "<rect x=\"{}\" y=\"4\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"14\">{}"
        "</text>\n",
        kLabelWidth + v * 90, kVerdictColour[v], kLabelWidth + v * 90 + 16,
        AuditVerdictName(static_cast<AuditVerdict>(v)));
  }
  for (size_t g = 0; g < groups.size(); ++g) {
    const AuditGroup& group = groups[g];
    const int y = kTop + kRow * static_cast<int>(g);
    svg += fmt::format("<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n", kLabelWidth - 8,
                       y + 15, EscapeXml(group.name));
    double x = kLabelWidth;
    int64_t sum = 0;
    for (int v = 0; v < kAuditVerdictCount; ++v) {
      const int64_t devices = group.counts.devices[v];
      sum += devices;
      if (devices == 0) continue;
      const double width = kBarWidth * static_cast<double>(devices) / static_cast<double>(largest);
      svg += fmt::format(
          "<rect class=\"bar {}\" x=\"{:.1f}\" y=\"{}\" width=\"{:.1f}\" height=\"20\" "
          "fill=\"{}\"><title>{}: {} {} devices</title></rect>\n",
          AuditVerdictName(static_cast<AuditVerdict>(v)), x, y, std::max(width, 1.0),
          kVerdictColour[v], EscapeXml(group.name), Num(devices),
          AuditVerdictName(static_cast<AuditVerdict>(v)));
      x += width;
    }
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{}\">{}</text>\n", x + 6, y + 15, Num(sum));
  }
  return svg + "</svg>\n";
}

std::string GroupTable(const std::vector<AuditGroup>& groups, const std::string& what,
                       const std::string& css_class) {
  std::string html = fmt::format(
      "<table class=\"{}\"><tr><th>{}</th><th>ok devices</th><th>warn devices</th><th>reject "
      "devices</th><th>reclaimable B (all devices)</th><th>curable rejects</th></tr>\n",
      css_class, EscapeXml(what));
  for (const AuditGroup& group : groups) {
    const VerdictCounts& c = group.counts;
    html += fmt::format(
        "<tr><td>{}</td><td class=\"n ok\">{}</td><td class=\"n warn\">{}</td><td class=\"n "
        "reject\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>\n",
        EscapeXml(group.name), Num(c.devices[0]), Num(c.devices[1]), Num(c.devices[2]),
        Num(c.reclaimable_device_bytes), Num(c.curable_rejects));
  }
  return html + "</table>\n";
}

// The reasons for people, then every finding behind them, collapsed: a row stays one line until
// someone asks for the per-op detail.
std::string ReasonsCell(const AuditResult& r) {
  std::string cell = EscapeXml(r.reasons);
  if (r.findings.empty()) return cell;
  cell += fmt::format("<details><summary>{} finding{}</summary><ul>", r.findings.size(),
                      r.findings.size() == 1 ? "" : "s");
  for (const AuditFinding& finding : r.findings) {
    cell += "<li>" + EscapeXml(finding.message) + "</li>";
  }
  return cell + "</ul></details>";
}

// The signature state, and for a revoked key which one and why, so the page tells "signed by a
// key we revoked" from "signed by a key we never trusted".
std::string SignatureCell(const AuditResult& r) {
  std::string cell = SignatureStateName(r.signature);
  if (r.signature != SignatureState::kRevoked) return cell;
  return cell +
         fmt::format(" <span class=\"revoked-key\">key {}{}</span>", EscapeXml(r.revoked_key),
                     r.revocation_reason.empty() ? "" : ": " + EscapeXml(r.revocation_reason));
}

// Where the pools went and what each memory has left, under the class's memories.
std::string PlacementSpan(const AuditResult& r) {
  if (r.placement.empty()) return "";
  return "<br/><span class=\"placement\">" + EscapeXml(r.placement) + "</span>";
}

// The RAM a device of the class reserves for the version, in all (pools, state, the runtime's
// prepared operators and executor), beside where its pools went; nothing for a run recorded
// before the audit kept it.
std::string DeviceRamSpan(const AuditResult& r) {
  if (r.device_ram_bytes == 0) return "";
  return fmt::format("<br/><span class=\"device-ram\" data-bytes=\"{}\">device RAM {} B</span>",
                     r.device_ram_bytes, Num(r.device_ram_bytes));
}

// The version's plan against its tensor-level bound (what writing operators over their inputs
// and running row stages saved), and what it pays in speed for it (SpeedCostText); nothing for
// a run recorded before the audit kept them.
std::string PlannedSpan(const AuditResult& r) {
  if (r.tensor_bound_bytes == 0) return "";
  const uint64_t saved =
      r.planned_bytes < r.tensor_bound_bytes ? r.tensor_bound_bytes - r.planned_bytes : 0;
  const std::string stages = SpeedCostText(r);
  return fmt::format(
      "<br/><span class=\"planned\" data-bytes=\"{}\">planned {} B, tensor-level bound {} B "
      "(saves {} B)</span>{}",
      r.planned_bytes, Num(r.planned_bytes), Num(r.tensor_bound_bytes), Num(saved),
      stages.empty() ? std::string()
                     : fmt::format("<br/><span class=\"speed-cost\" data-extra-macs=\"{}\" "
                                   "data-model-macs=\"{}\" data-reference-kernel-ops=\"{}\" "
                                   "data-own-slower-kernel-ops=\"{}\">{}</span>",
                                   r.extra_macs, r.model_macs, r.reference_kernel_ops,
                                   r.own_slower_kernel_ops,
                                   EscapeXml(stages)));
}

std::string ResultRow(const AuditResult& r) {
  return fmt::format(
      "<tr><td>{}</td><td>{}</td><td>{} / {}{}{}{}</td><td>{}</td><td class=\"n\">{}</td><td "
      "class=\"{}\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td "
      "class=\"signature {}{}\">{}</td></tr>\n",
      EscapeXml(r.Reference()), EscapeXml(r.hardware), EscapeXml(r.isa), EscapeXml(r.pools),
      PlacementSpan(r), DeviceRamSpan(r), PlannedSpan(r), EscapeXml(r.class_key),
      Num(r.device_count), AuditVerdictName(r.verdict), AuditVerdictName(r.verdict),
      Num(r.reclaimable_bytes * static_cast<uint64_t>(r.device_count)),
      r.verdict == AuditVerdict::kReject ? (r.curable ? "yes" : "no") : "", ReasonsCell(r),
      SignatureStateName(r.signature), LacksTrustedSignature(r.signature) ? " reject" : "",
      SignatureCell(r));
}

constexpr const char* kResultHeader =
    "<tr><th>model version</th><th>hardware</th><th>ISA / pools</th><th>class</th><th>devices"
    "</th><th>verdict</th><th>reclaimable B</th><th>re-plan cures</th><th>reasons</th>"
    "<th>signature</th></tr>\n";

// Rejects by devices affected, then warnings by bytes they waste across the fleet.
std::string WorstOffenders(const AuditReport& report) {
  std::vector<const AuditResult*> worst = ReplanList(report);
  std::vector<const AuditResult*> warnings;
  for (const AuditResult& result : report.results) {
    if (result.verdict == AuditVerdict::kWarn) warnings.push_back(&result);
  }
  std::stable_sort(warnings.begin(), warnings.end(),
                   [](const AuditResult* a, const AuditResult* b) {
                     return a->reclaimable_bytes * static_cast<uint64_t>(a->device_count) >
                            b->reclaimable_bytes * static_cast<uint64_t>(b->device_count);
                   });
  worst.insert(worst.end(), warnings.begin(), warnings.end());
  if (worst.size() > kWorstOffenders) worst.resize(kWorstOffenders);
  if (worst.empty()) return "<p class=\"none\">No rejects and no warnings.</p>\n";
  std::string html = std::string("<table class=\"worst\">") + kResultHeader;
  for (const AuditResult* result : worst) html += ResultRow(*result);
  return html + "</table>\n";
}

std::string RunHeader(const AuditRun& run) {
  std::string isas;
  for (const std::string& isa : run.isas)
    isas += fmt::format("{}{}", isas.empty() ? "" : ", ", isa);
  return fmt::format(
      "<p class=\"meta\">Run {} at {} ({} ms): runtime kernel library {}, policy {}, ISAs {}. "
      "{} devices in {} classes ({} without a deployment), {} artifacts, {} (class, artifact) "
      "pairs gated.{}</p>\n",
      run.id == 0 ? std::string("(not recorded)") : std::to_string(run.id),
      EscapeXml(run.started_at), Num(run.elapsed_ms), EscapeXml(run.runtime_kernel_version),
      EscapeXml(run.policy), isas.empty() ? "all" : EscapeXml(isas), Num(run.device_count),
      Num(run.class_count), Num(run.undeployed_devices), Num(run.artifact_count),
      Num(run.evaluation_count),
      run.note.empty() ? std::string() : fmt::format(" Note: {}.", EscapeXml(run.note)));
}

// The answer first: may this runtime go out, and what to run next.
std::string Headline(const AuditReport& report) {
  const VerdictCounts totals = Totals(report);
  const int64_t rejects = totals.results[static_cast<int>(AuditVerdict::kReject)];
  const int64_t rejected_devices = totals.devices[static_cast<int>(AuditVerdict::kReject)];
  const int64_t warned_devices = totals.devices[static_cast<int>(AuditVerdict::kWarn)];
  const std::string run = report.run.id == 0 ? "RUN" : std::to_string(report.run.id);
  std::string html;
  std::string steps;
  if (rejects > 0) {
    html = fmt::format(
        "<p class=\"headline reject\"><strong>Not ready to upgrade:</strong> {} device{} would "
        "reject what {} ({} model version / device class pair{}); {} of them a re-plan can "
        "cure.</p>\n",
        Num(rejected_devices), rejected_devices == 1 ? "" : "s",
        rejected_devices == 1 ? "it runs" : "they run", Num(rejects), rejects == 1 ? "" : "s",
        Num(totals.curable_rejects));
    if (totals.curable_rejects > 0) {
      steps +=
          "<li><code>arenastore audit --fix</code>: re-plan the curable pairs for their "
          "classes and move their devices to the new versions, then audit again</li>\n";
    }
    if (totals.curable_rejects < rejects) {
      steps +=
          "<li>The pairs no re-plan cures (below, &#8220;re-plan cures: no&#8221;) need a "
          "device with more memory or a smaller model</li>\n";
    }
  } else if (warned_devices > 0) {
    html = fmt::format(
        "<p class=\"headline warn\"><strong>Ready to upgrade:</strong> nothing would be "
        "rejected; {} device{} run plans with scratch to spare.</p>\n",
        Num(warned_devices), warned_devices == 1 ? "" : "s");
    steps +=
        "<li><code>arenastore replan REF</code> for a model version below gives the spare "
        "scratch back</li>\n";
  } else {
    html =
        "<p class=\"headline ok\"><strong>Ready to upgrade:</strong> every deployed model "
        "runs as planned.</p>\n";
  }
  // Under require-signature an unsigned deployment is refused by check, run and pull whatever
  // the gate says, so it decides the headline too.
  if (report.run.require_signature && totals.unsigned_devices > 0) {
    html = fmt::format(
        "<p class=\"headline reject\"><strong>Not ready:</strong> {} device{} run a version "
        "without a trusted signature ({} model version / device class pair{}), which this "
        "store's require-signature policy refuses.</p>\n{}",
        Num(totals.unsigned_devices), totals.unsigned_devices == 1 ? "" : "s",
        Num(totals.unsigned_results), totals.unsigned_results == 1 ? "" : "s",
        rejects > 0 ? html : std::string());
    steps +=
        "<li><code>arenastore sign REF --key KEY</code> for each version below whose signature "
        "is not &#8220;trusted&#8221;; <code>arenastore audit --fix --sign-with KEY</code> "
        "signs the versions it re-plans</li>\n";
  }
  steps += fmt::format(
      "<li><code>arenastore audit show {} --csv</code> lists every pair; <code>arenastore audit "
      "diff {} NEXT</code> compares with a later run</li>\n",
      run, run);
  return html + "<h2>Next steps</h2>\n<ol class=\"next\">\n" + steps + "</ol>\n";
}

// "a, b, c and 17 more": the ids the result recorded, then how many it did not.
std::string DeviceIdsCell(const AuditResult& r) {
  if (r.device_ids.empty()) return "<span class=\"more\">(ids not recorded by this run)</span>";
  std::string cell;
  for (const std::string& id : r.device_ids) {
    cell += (cell.empty() ? "" : ", ") + EscapeXml(id);
  }
  if (r.UnlistedDevices() > 0) {
    cell += fmt::format(" <span class=\"more\">and {} more</span>", Num(r.UnlistedDevices()));
  }
  return cell;
}

// One line per physical memory: what a device of the class keeps free there.
std::string MemoryFreeCell(const AuditResult& r) {
  if (r.memory_free.empty()) return "<span class=\"more\">not placed</span>";
  std::string cell;
  for (const MemoryFree& m : r.memory_free) {
    cell += fmt::format("{}<span class=\"memory-free\" data-memory=\"{}\">{}: {} B free</span>",
                        cell.empty() ? "" : "<br/>", EscapeXml(m.memory), EscapeXml(m.memory),
                        Num(m.free_bytes));
  }
  return cell;
}

// What one device of the class reserves for the version, in all: the figure `inspect` gives
// as device RAM, sized for the class's ISA.
std::string DeviceRamCell(const AuditResult& r) {
  if (r.device_ram_bytes == 0) return "<span class=\"more\">not recorded</span>";
  return fmt::format("<span class=\"device-ram\" data-bytes=\"{}\">{} B</span>", r.device_ram_bytes,
                     Num(r.device_ram_bytes));
}

// Per device class: which devices run which version, and the room each version leaves in each
// memory. The class's cell spans its versions' rows, so a class reads as one block.
std::string DeviceClasses(const AuditReport& report) {
  std::vector<const AuditResult*> rows;
  for (const AuditResult& r : report.results) rows.push_back(&r);
  std::stable_sort(rows.begin(), rows.end(), [](const AuditResult* a, const AuditResult* b) {
    return std::tie(a->hardware, a->class_key, a->model, a->version) <
           std::tie(b->hardware, b->class_key, b->model, b->version);
  });
  if (rows.empty()) return "<p class=\"meta\">No device runs a deployed version.</p>\n";
  const size_t shown = std::min(rows.size(), kClassRows);
  std::string html =
      "<table class=\"classes\"><tr><th>class</th><th>model version</th><th>verdict</th>"
      "<th>devices</th><th>device ids</th><th>device RAM</th><th>free per device</th></tr>\n";
  for (size_t i = 0; i < shown;) {
    size_t end = i;
    while (end < shown && rows[end]->class_key == rows[i]->class_key) ++end;
    const AuditResult& first = *rows[i];
    for (size_t j = i; j < end; ++j) {
      const AuditResult& r = *rows[j];
      html += fmt::format("<tr data-class=\"{}\">", EscapeXml(r.class_key));
      if (j == i) {
        html += fmt::format(
            "<td rowspan=\"{}\"><strong>{}</strong><br/>{}, {}<br/><span class=\"meta\">memories "
            "{}</span></td>",
            end - i, EscapeXml(first.class_key), EscapeXml(first.hardware), EscapeXml(first.isa),
            EscapeXml(first.pools));
      }
      html += fmt::format(
          "<td>{}</td><td class=\"{}\">{}</td><td class=\"n\">{}</td><td "
          "class=\"device-ids\">{}</td><td class=\"n\">{}</td><td class=\"free\">{}</td></tr>\n",
          EscapeXml(r.Reference()), AuditVerdictName(r.verdict), AuditVerdictName(r.verdict),
          Num(r.device_count), DeviceIdsCell(r), DeviceRamCell(r), MemoryFreeCell(r));
    }
    i = end;
  }
  html += "</table>\n";
  if (shown < rows.size()) {
    html += fmt::format(
        "<p class=\"meta\">{} more (class, version) pairs; <code>--json</code> lists every "
        "one.</p>\n",
        Num(static_cast<uint64_t>(rows.size() - shown)));
  }
  return html;
}

// What `audit --fix` did: each curable reject, the version its devices moved to, or why not.
std::string Moves(std::span<const FixAction> moves) {
  std::string html =
      "<table class=\"moves\"><tr><th>rejected version</th><th>class</th><th>devices</th>"
      "<th>device ids</th><th>moved to</th><th>planned B</th></tr>\n";
  for (const FixAction& action : moves) {
    const AuditResult& from = action.rejected;
    html += fmt::format(
        "<tr class=\"{}\"><td>{}</td><td>{} ({}, {}; {})</td><td class=\"n\">{}</td><td "
        "class=\"device-ids\">{}</td>",
        action.fixed ? "moved" : "not-moved", EscapeXml(from.Reference()),
        EscapeXml(from.class_key), EscapeXml(from.hardware), EscapeXml(from.isa),
        EscapeXml(from.pools), Num(action.fixed ? action.devices_moved : int64_t{0}),
        DeviceIdsCell(from));
    if (action.fixed) {
      html += fmt::format(
          "<td class=\"ok\">re-planned to <strong>{}</strong> (sha256:{}{}){}</td><td "
          "class=\"n\">{} \xE2\x86\x92 {}</td></tr>\n",  // U+2192, UTF-8 like the page
          EscapeXml(action.replanned_reference), EscapeXml(action.replanned_sha256.substr(0, 12)),
          action.replan_signed ? ", signed" : "",
          EscapeXml(WithSpeedCostText(action.replan_speed_cost)), Num(action.before_bytes),
          Num(action.after_bytes));
    } else {
      html += fmt::format("<td class=\"reject\">not moved: {}</td><td></td></tr>\n",
                          EscapeXml(action.error));
    }
  }
  return html + "</table>\n";
}

}  // namespace

std::string RenderAuditHtml(const AuditReport& report) {
  const std::vector<AuditGroup> by_hardware = ByHardware(report);
  const std::vector<AuditGroup> by_model = ByModel(report);
  std::string html =
      "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n"
      "<meta charset=\"utf-8\"/>\n<title>arenastore fleet audit</title>\n<style>";
  html += kStyle;
  html += "</style>\n</head>\n<body>\n<h1>Fleet audit: runtime kernel library ";
  html += EscapeXml(report.run.runtime_kernel_version);
  html += "</h1>\n";
  html += Headline(report);
  if (!report.fix_moves.empty()) {
    html += report.run.fix_of_run == 0
                ? std::string("<h2>Moved by audit --fix</h2>\n")
                : fmt::format("<h2>Moved by audit --fix of run {}</h2>\n", report.run.fix_of_run);
    html += Moves(report.fix_moves);
  }
  html += RunHeader(report.run);
  html += TotalsCards(report);
  html += "<h2>Devices by verdict, per hardware</h2>\n";
  html += BarChart(by_hardware, "by-hardware");
  html += GroupTable(by_hardware, "hardware", "by-hardware");
  html += "<h2>Devices by verdict, per model</h2>\n";
  html += BarChart(by_model, "by-model");
  html += GroupTable(by_model, "model", "by-model");
  html += "<h2>Devices per class</h2>\n";
  html += DeviceClasses(report);
  html += "<h2>Worst offenders</h2>\n";
  html += WorstOffenders(report);
  html += "<h2>Every result</h2>\n<table class=\"results\">";
  html += kResultHeader;
  for (const AuditResult& result : report.results) html += ResultRow(result);
  html +=
      "</table>\n<p class=\"meta\">Re-plan the curable rejects with <code>arenastore audit "
      "--fix</code> or one at a time with <code>arenastore replan REF</code>.</p>\n";
  return html + "</body>\n</html>\n";
}

}  // namespace arenastore::store
