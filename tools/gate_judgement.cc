#include "tools/gate_judgement.h"

#include "store/pool_text.h"
#include "tools/isa_option.h"

namespace arenastore::cli {

Result<CheckSettings> ParseCheckSettings(const std::string& isa, const std::string& policy,
                                         const std::vector<std::string>& pools) {
  CheckSettings settings;
  ARENASTORE_ASSIGN_OR_RETURN(settings.policy, ParsePolicyOption(policy));
  if (!isa.empty()) {
    ARENASTORE_RETURN_IF_ERROR(ParseIsaOption("--isa", isa).status());
  }
  settings.isa = isa;
  ARENASTORE_ASSIGN_OR_RETURN(settings.pools, store::ParsePoolOptions(pools));
  return settings;
}

Result<Judgement> JudgeArtifact(const LoadedArtifact& loaded, const runtime::ArtifactView& view,
                                const CheckSettings& settings) {
  std::vector<runtime::PoolCapacity> capacities;
  for (const planner::PoolConfig& pool : settings.pools) {
    capacities.push_back({pool.name.c_str(), pool.capacity_bytes});
  }
  ARENASTORE_ASSIGN_OR_RETURN(HostRuntime host,
                              HostRuntimeFor(settings.isa, view.artifact(), IsaUse::kJudgeOnly));
  Judgement judgement{RunGate(view, host.identity, settings.policy, capacities), std::move(host),
                      settings.policy, std::nullopt};
  if (judgement.run.report.verdict != runtime::Verdict::kAccept) {
    judgement.advice =
        AdviseReplan(loaded, view, judgement.host.identity, settings.policy, settings.pools);
  }
  return judgement;
}

}  // namespace arenastore::cli
