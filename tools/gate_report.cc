#include "tools/gate_report.h"

#include <fmt/core.h>

#include "tools/host_runtime.h"

namespace arenastore::cli {

const char* VerdictName(runtime::Verdict verdict) {
  switch (verdict) {
    case runtime::Verdict::kAccept:
      return "accept";
    case runtime::Verdict::kAcceptWithWarnings:
      return "warn";
    case runtime::Verdict::kReject:
      return "reject";
  }
  return "unknown";
}

GateRun RunGate(const runtime::ArtifactView& view, const runtime::RuntimeIdentity& identity,
                runtime::GatePolicy policy, const std::vector<runtime::PoolCapacity>& capacities) {
  GateRun run;
  const size_t op_count = view.artifact().operators()->size();
  // Enough room for a finding per op plus per pool and the artifact-wide ones; if a hostile
  // artifact produces more, the report still counts them all.
  run.findings.resize(2 * op_count + capacities.size() + 8);
  run.variant_per_op.resize(op_count);
  run.report =
      runtime::EvaluateGate(view, identity, policy, capacities, run.findings, run.variant_per_op);
  run.findings.resize(static_cast<size_t>(run.report.findings_stored));
  return run;
}

namespace {

std::string FindingText(const runtime::Finding& finding) {
  char text[256];
  runtime::FormatFinding(finding, text, sizeof(text));
  return text;
}

}  // namespace

nlohmann::json GateJson(const GateRun& run, const runtime::RuntimeIdentity& identity,
                        runtime::GatePolicy policy) {
  nlohmann::json findings = nlohmann::json::array();
  for (const runtime::Finding& finding : run.findings) {
    nlohmann::json entry = {{"severity", finding.rejects ? "reject" : "warn"},
                            {"kind", runtime::FindingKindName(finding.kind)},
                            {"message", FindingText(finding)}};
    if (finding.op_index >= 0) {
      entry["op_index"] = finding.op_index;
      const char* kind = kernels::OpKindName(finding.op_kind);
      entry["op_kind"] = kind == nullptr ? "unknown" : kind;
      entry["planned_bytes"] = finding.planned_bytes;
      entry["required_bytes"] = finding.required_bytes;
    }
    if (finding.pool_index >= 0) entry["pool_index"] = finding.pool_index;
    findings.push_back(entry);
  }
  return {{"verdict", VerdictName(run.report.verdict)},
          {"policy", runtime::GatePolicyName(policy)},
          {"runtime",
           {{"kernel_version",
             fmt::format("{}.{}.{}", identity.kernel_version.major, identity.kernel_version.minor,
                         identity.kernel_version.patch)},
            {"isa", kernels::IsaName(identity.isa)}}},
          {"finding_count", run.report.finding_count},
          {"reclaimable_bytes", run.report.reclaimable_bytes},
          {"findings", findings}};
}

void PrintGate(std::FILE* out, const std::string& source, const GateRun& run,
               const runtime::RuntimeIdentity& identity, runtime::GatePolicy policy) {
  std::string verdict = VerdictName(run.report.verdict);
  for (char& c : verdict) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  fmt::print(out, "{}: {} ({}, policy {})\n", source, verdict, IdentityText(identity),
             runtime::GatePolicyName(policy));
  for (const runtime::Finding& finding : run.findings) {
    fmt::print(out, "  {:<6} {}\n", finding.rejects ? "reject" : "warn", FindingText(finding));
  }
  if (run.report.finding_count > run.report.findings_stored) {
    fmt::print(out, "  ... and {} more findings\n",
               run.report.finding_count - run.report.findings_stored);
  }
  if (run.report.reclaimable_bytes > 0) {
    fmt::print(out, "  a re-plan would reclaim {} B of scratch\n", run.report.reclaimable_bytes);
  }
}

}  // namespace arenastore::cli
