// `arenastore kernels`: the kernel library this build carries: version, ops, and which ISA
// variants exist (size function everywhere; runnable only where compiled in).
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "kernels/registry.h"
#include "kernels/version.h"
#include "tools/verb.h"

namespace arenastore::cli {
namespace {

Status RunKernels(bool json) {
  const auto version = kernels::kLibraryVersion;
  nlohmann::json report = {
      {"kernel_version", fmt::format("{}.{}.{}", version.major, version.minor, version.patch)},
      {"kernels", nlohmann::json::array()}};
  for (const kernels::KernelEntry& entry : kernels::AllKernels()) {
    report["kernels"].push_back({{"op", kernels::OpKindName(entry.op)},
                                 {"isa", kernels::IsaName(entry.isa)},
                                 {"name", entry.name},
                                 {"runnable", entry.eval != nullptr}});
  }
  if (json) {
    fmt::print("{}\n", report.dump(2));
    return Status::Ok();
  }
  fmt::print("kernel library {}\n\n{:<18} {:<16} {}\n", report["kernel_version"].get<std::string>(),
             "op", "isa", "runnable");
  for (const auto& kernel : report["kernels"]) {
    fmt::print("{:<18} {:<16} {}\n", kernel["op"].get<std::string>(),
               kernel["isa"].get<std::string>(),
               kernel["runnable"].get<bool>() ? "yes" : "size only");
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
