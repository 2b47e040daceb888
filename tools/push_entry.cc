#include "tools/push_entry.h"

#include "store/names.h"

namespace arenastore::cli {

Result<std::string> ModelNameFor(const std::string& model_option,
                                 const store::ArtifactMetadata& metadata, const std::string& path) {
  if (!model_option.empty()) return model_option;
  const std::string recorded = store::ModelNameOf(metadata.model_name);
  if (store::ValidateModelName(recorded).ok()) return recorded;
  const std::string stem = store::ModelNameOf(path);
  ARENASTORE_CHECK_OR_RETURN(store::ValidateModelName(stem).ok(), ErrorCode::kInvalidArgument,
                             "%s records no usable model name; pass --model NAME", path.c_str());
  return stem;
}

nlohmann::json PushJson(const store::PushResult& result, const std::string& path) {
  return {{"file", path},
          {"model", result.model},
          {"version", result.version},
          {"reference", result.model + "@" + std::to_string(result.version)},
          {"sha256", result.sha256},
          {"size_bytes", result.size_bytes},
          {"new_artifact", result.new_artifact},
          {"new_version", result.new_version},
          {"note_recorded", !result.note_not_recorded},
          {"alias", result.alias}};
}

}  // namespace arenastore::cli
