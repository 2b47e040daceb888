#include "tools/host_runtime.h"

#include <fmt/core.h>

#include "kernels/cpu_features.h"
#include "tools/isa_option.h"

namespace arenastore::cli {

Result<HostRuntime> HostRuntimeFor(const std::string& isa_option, const schema::Artifact& artifact,
                                   IsaUse use) {
  HostRuntime host{runtime::ThisRuntime(), ""};
  if (!isa_option.empty()) {
    ARENASTORE_ASSIGN_OR_RETURN(host.identity.isa, ParseIsaOption("--isa", isa_option));
    host.reason = isa_option == "native" ? "--isa native" : "--isa";
    ARENASTORE_CHECK_OR_RETURN(use == IsaUse::kJudgeOnly || kernels::IsaRunnable(host.identity.isa),
                               ErrorCode::kInvalidArgument,
                               "this machine cannot run the %s kernels (not built, not supported "
                               "by this CPU, or excluded by ARENASTORE_ISA_ALLOW); see "
                               "`arenastore kernels`, or ask `arenastore check --isa %s`",
                               kernels::IsaName(host.identity.isa),
                               kernels::IsaName(host.identity.isa));
    return host;
  }
  const auto target = static_cast<kernels::Isa>(artifact.target_isa());
  const bool known = static_cast<int>(target) < kernels::kIsaCount;
  if (known && kernels::IsaRunnable(target)) {
    host.identity.isa = target;
    host.reason = "the artifact's target, which this machine runs";
    return host;
  }
  host.identity.isa = kernels::Isa::kRef;
  host.reason = known ? fmt::format("this machine does not run the artifact's target {}",
                                    kernels::IsaName(target))
                      : std::string("the artifact's target ISA is unknown here");
  return host;
}

std::string IdentityText(const runtime::RuntimeIdentity& identity) {
  return fmt::format("kernels {}.{}.{}, isa {}", identity.kernel_version.major,
                     identity.kernel_version.minor, identity.kernel_version.patch,
                     kernels::IsaName(identity.isa));
}

}  // namespace arenastore::cli
