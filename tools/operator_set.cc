#include "tools/operator_set.h"

#include <fmt/format.h>

#include <vector>

#include "kernels/op_kind.h"
#include "runtime/op_params_builder.h"

namespace arenastore::cli {

Result<std::set<int>> KindsOf(const std::string& source, const runtime::ArtifactView& view) {
  std::set<int> kinds;
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    const int kind = static_cast<int>(view.op(i).kind());
    if (kernels::OpKindName(static_cast<kernels::OpKind>(kind)) == nullptr) {
      return Status::Error(ErrorCode::kKernelUnsupported,
                           "%s: operator %d has kind %d, unknown to this arenastore; upgrade it",
                           source.c_str(), i, kind);
    }
    kinds.insert(kind);
  }
  return kinds;
}

std::string NamesOf(const std::set<int>& kinds) {
  std::vector<std::string> names;
  for (int kind : kinds) names.push_back(kernels::OpKindName(static_cast<kernels::OpKind>(kind)));
  return fmt::format("{}", fmt::join(names, ","));
}

std::string DtypesOf(const runtime::ArtifactView& view) {
  for (int32_t i = 0; i < view.operator_count(); ++i) {
    kernels::OpParams params;
    if (runtime::BuildOpParams(view, i, &params).ok() &&
        params.dtype == kernels::KernelDtype::kInt16) {
      return "all";
    }
  }
  return "int8";
}

}  // namespace arenastore::cli
