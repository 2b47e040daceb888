// `arenastore kernels`: the kernel library this build carries: version, ops, and which ISA
// variants exist (size function everywhere; built only where compiled in; runnable where also
// supported by this CPU and allowed by ARENASTORE_ISA_ALLOW), and the best ISA this machine runs.
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "kernels/cpu_features.h"
#include "kernels/registry.h"
#include "kernels/version.h"
#include "tools/json_document.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

Status RunKernels(bool json) {
  const auto version = kernels::kLibraryVersion;
  nlohmann::json report = {
      {"kernel_version", fmt::format("{}.{}.{}", version.major, version.minor, version.patch)},
      {"best_isa", kernels::IsaName(kernels::BestRunnableIsa())},
      {"isas", nlohmann::json::array()},
      {"kernels", nlohmann::json::array()}};
  for (int i = 0; i < kernels::kIsaCount; ++i) {
    const auto isa = static_cast<kernels::Isa>(i);
    report["isas"].push_back({{"isa", kernels::IsaName(isa)},
                              {"cpu_supports", kernels::CpuSupportsIsa(isa)},
                              {"allowed", kernels::IsaAllowed(isa)},
                              {"runnable", kernels::IsaRunnable(isa)}});
  }
  for (int op = 0; op < kernels::kOpKindCount; ++op) {
    for (const kernels::KernelEntry& entry : kernels::KernelsOf(static_cast<kernels::OpKind>(op))) {
      report["kernels"].push_back({{"op", kernels::OpKindName(entry.op)},
                                   {"dtype", kernels::KernelDtypeName(entry.dtype)},
                                   {"isa", kernels::IsaName(entry.isa)},
                                   {"name", entry.name},
                                   {"built", entry.eval != nullptr},
                                   {"runnable", kernels::KernelRunnable(entry)}});
    }
  }
  if (json) {
    EmitJson(report);
    return Status::Ok();
  }
  fmt::print("kernel library {}, best ISA on this machine: {}\n\n{:<18} {:<6} {:<16} {}\n",
             report["kernel_version"].get<std::string>(), report["best_isa"].get<std::string>(),
             "op", "dtype", "isa", "runs here");
  for (const auto& kernel : report["kernels"]) {
    const char* state = kernel["runnable"].get<bool>() ? "yes"
                        : kernel["built"].get<bool>()  ? "no (CPU or ARENASTORE_ISA_ALLOW)"
                                                       : "size only";
    fmt::print("{:<18} {:<6} {:<16} {}\n", kernel["op"].get<std::string>(),
               kernel["dtype"].get<std::string>(), kernel["isa"].get<std::string>(), state);
  }
  return Status::Ok();
}

}  // namespace

Verb SetupKernels(CLI::App& app) {
  auto json = std::make_shared<bool>(false);
  CLI::App* command =
      app.add_subcommand("kernels", "List the kernel library version, ops and ISA variants");
  command->add_flag("--json", *json, "Print as JSON");
  command->footer("Example: arenastore kernels --json");
  return {command, [json] { return RunKernels(*json); }, json};
}

}  // namespace arenastore::cli
