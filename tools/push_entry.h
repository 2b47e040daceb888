// What `arenastore push` stores an artifact as and how it reports it: the model name (--model,
// else the one recorded in the artifact, else the file's) and one `push --json` entry. Called by
// the push verb and the Python module's Store.push, so both name and report a push alike.
// Host-only. Errors: kInvalidArgument (no usable model name).
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "base/result.h"
#include "store/artifact_metadata.h"
#include "store/push.h"

namespace arenastore::cli {

// `model_option` when given, else the recorded name, else `path`'s stem; either without a
// .tflite or .arena extension (artifacts compiled before names dropped it recorded "kws.tflite").
Result<std::string> ModelNameFor(const std::string& model_option,
                                 const store::ArtifactMetadata& metadata, const std::string& path);

nlohmann::json PushJson(const store::PushResult& result, const std::string& path);

}  // namespace arenastore::cli
