// Validation of the names users give the store: model names and aliases. Called by push,
// alias set and reference parsing so a bad name fails with a message saying what is allowed
// (kInvalidArgument) before any SQL runs; the schema's CHECK constraints enforce the same
// rules as a last line. Heap OK.
#pragma once

#include <string>
#include <string_view>

#include "base/status.h"

namespace arenastore::store {

// 1-128 of [A-Za-z0-9._-], starting with a letter or digit.
Status ValidateModelName(std::string_view name);

// The model name a file or a recorded name stands for: its last path component without a
// model or artifact extension ("models/kws_ref_model.tflite" -> "kws_ref_model",
// "kws.arena" -> "kws"). Only .tflite and .arena are dropped: "resnet8.v2" stays.
std::string ModelNameOf(std::string_view file_name);
// 1-64 of [A-Za-z0-9._-], starting with a letter (so `kws@3` is always a version number),
// and not "latest" (`kws@latest` is the newest version).
Status ValidateAlias(std::string_view alias);

}  // namespace arenastore::store
