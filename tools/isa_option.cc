#include "tools/isa_option.h"

#include "kernels/cpu_features.h"

namespace arenastore::cli {

Result<kernels::Isa> ParseIsaOption(std::string_view option, const std::string& text) {
  if (text == "native") return kernels::BestRunnableIsa();
  kernels::Isa isa;
  if (kernels::ParseIsa(text.c_str(), &isa)) return isa;
  std::string names;
  for (int i = 0; i < kernels::kIsaCount; ++i) {
    names += std::string(kernels::IsaName(static_cast<kernels::Isa>(i))) + ", ";
  }
  const std::string option_text(option);
  return Status::Error(ErrorCode::kInvalidArgument, "%s: unknown ISA '%s'; use %snative",
                       option_text.c_str(), text.c_str(), names.c_str());
}

Result<std::string> IsaOptionName(std::string_view option, const std::string& text) {
  ARENASTORE_ASSIGN_OR_RETURN(const kernels::Isa isa, ParseIsaOption(option, text));
  return std::string(kernels::IsaName(isa));
}

}  // namespace arenastore::cli
