#include "tools/gate_report.h"

#include <fmt/core.h>

#include <cctype>

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
  if (capacities.empty()) return run;
  std::vector<runtime::PoolPlace> places(static_cast<size_t>(view.pool_count()));
  if (!runtime::PlacePools(view, capacities, runtime::PlacementRuleOf(policy), places).placed)
    return run;
  for (int32_t p = 0; p < view.pool_count(); ++p) {
    const runtime::PoolPlace& place = places[static_cast<size_t>(p)];
    run.placement.push_back({view.pool(p).name()->str(),
                             capacities[static_cast<size_t>(place.memory_index)].name,
                             place.offset_bytes, view.pool(p).planned_bytes()});
  }
  return run;
}

namespace {

// One finding for people. Scratch findings get the CLI's own words: the runtime's per-op "a
// re-plan would reclaim N B" (summed, more than a plan can give back: surplus scratch shares its
// bytes with other buffers) and "re-plan with `arenastore replan`" (which a file cannot be) give
// way to the re-plan advice below the findings (tools/gate_advice.h).
std::string FindingText(const runtime::Finding& finding) {
  const char* op = kernels::OpKindName(finding.op_kind);
  switch (finding.kind) {
    case runtime::FindingKind::kScratchShort:
      return fmt::format("op {} ({}): planned {} B, runtime needs {} B", finding.op_index,
                         op == nullptr ? "unknown" : op, finding.planned_bytes,
                         finding.required_bytes);
    case runtime::FindingKind::kScratchSurplus:
      return fmt::format("op {} ({}): planned {} B, runtime needs {} B ({} B to spare){}",
                         finding.op_index, op == nullptr ? "unknown" : op, finding.planned_bytes,
                         finding.required_bytes, finding.planned_bytes - finding.required_bytes,
                         finding.rejects ? "; the strict policy rejects any difference" : "");
    case runtime::FindingKind::kUnknownOpKind:
    case runtime::FindingKind::kOpNotBuilt:
    case runtime::FindingKind::kKernelMissing:
    case runtime::FindingKind::kFormMissing:
    case runtime::FindingKind::kKernelMajorMismatch:
    case runtime::FindingKind::kPoolTooSmall:
    case runtime::FindingKind::kPoolMissing:
    case runtime::FindingKind::kIsaMismatch:
    case runtime::FindingKind::kFallbackVariant:
      break;
  }
  char text[256];
  runtime::FormatFinding(finding, text, sizeof(text));
  return text;
}

nlohmann::json PlacementJson(const std::vector<PlacedPool>& placement) {
  nlohmann::json pools = nlohmann::json::array();
  for (const PlacedPool& placed : placement) {
    pools.push_back({{"pool", placed.pool},
                     {"memory", placed.memory},
                     {"offset_bytes", placed.offset_bytes},
                     {"bytes", placed.bytes}});
  }
  return pools;
}

// Placement is worth a line only where it is not the obvious one (each pool alone in the memory
// of its name).
bool PlacementIsObvious(const std::vector<PlacedPool>& placement) {
  for (const PlacedPool& placed : placement) {
    if (placed.pool != placed.memory || placed.offset_bytes != 0) return false;
  }
  return true;
}

}  // namespace

nlohmann::json GateJson(const GateRun& run, const HostRuntime& host, runtime::GatePolicy policy) {
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
  const runtime::RuntimeIdentity& identity = host.identity;
  return {{"verdict", VerdictName(run.report.verdict)},
          {"policy", runtime::GatePolicyName(policy)},
          {"runtime",
           {{"kernel_version",
             fmt::format("{}.{}.{}", identity.kernel_version.major, identity.kernel_version.minor,
                         identity.kernel_version.patch)},
            {"isa", kernels::IsaName(identity.isa)},
            {"reason", host.reason}}},
          {"finding_count", run.report.finding_count},
          {"reclaimable_bytes", 0},
          {"scratch_surplus_bytes", run.report.reclaimable_bytes},
          {"findings", findings},
          {"placement", PlacementJson(run.placement)}};
}

void PrintGate(std::FILE* out, const std::string& source, const GateRun& run,
               const HostRuntime& host, runtime::GatePolicy policy) {
  std::string verdict = VerdictName(run.report.verdict);
  for (char& c : verdict) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  fmt::print(out, "{}: {} (judged as {}: {}; policy {})\n", source, verdict,
             IdentityText(host.identity), host.reason, runtime::GatePolicyName(policy));
  for (const runtime::Finding& finding : run.findings) {
    fmt::print(out, "  {:<6} {}\n", finding.rejects ? "reject" : "warn", FindingText(finding));
  }
  if (run.report.finding_count > run.report.findings_stored) {
    fmt::print(out, "  ... and {} more findings\n",
               run.report.finding_count - run.report.findings_stored);
  }
  // As the device runner prints it (tools/device/runner.cc), so the two compare line for line.
  if (run.report.verdict == runtime::Verdict::kReject || PlacementIsObvious(run.placement)) return;
  for (const PlacedPool& placed : run.placement) {
    fmt::print(out, "  pool   {} ({} B) in memory {} at offset {}\n", placed.pool, placed.bytes,
               placed.memory, placed.offset_bytes);
  }
}

nlohmann::json VerdictJson(const GateRun& run, const HostRuntime& host, runtime::GatePolicy policy,
                           const std::optional<GateAdvice>& advice) {
  nlohmann::json json = GateJson(run, host, policy);
  if (advice.has_value()) {
    json["replan"] = AdviceJson(*advice);
    json["reclaimable_bytes"] = advice->reclaimable_bytes;
  }
  return json;
}

void PrintVerdict(std::FILE* out, const std::string& source, const GateRun& run,
                  const HostRuntime& host, runtime::GatePolicy policy,
                  const std::optional<GateAdvice>& advice) {
  PrintGate(out, source, run, host, policy);
  if (advice.has_value()) {
    PrintAdvice(out, *advice, run.report.verdict == runtime::Verdict::kReject);
  }
}

Result<runtime::GatePolicy> ParsePolicyOption(const std::string& text) {
  runtime::GatePolicy policy;
  ARENASTORE_CHECK_OR_RETURN(
      runtime::ParseGatePolicy(text.c_str(), &policy), ErrorCode::kInvalidArgument,
      "--policy: unknown policy '%s'; use default, strict or fallback", text.c_str());
  return policy;
}

}  // namespace arenastore::cli
