#include "store/names.h"

#include <string>

namespace arenastore::store {
namespace {

bool IsNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool AllNameChars(std::string_view text) {
  for (char c : text) {
    if (!IsNameChar(c)) return false;
  }
  return true;
}

}  // namespace

std::string ModelNameOf(std::string_view file_name) {
  const size_t slash = file_name.find_last_of('/');
  if (slash != std::string_view::npos) file_name.remove_prefix(slash + 1);
  for (std::string_view extension : {".tflite", ".arena"}) {
    if (file_name.size() > extension.size() && file_name.ends_with(extension)) {
      file_name.remove_suffix(extension.size());
    }
  }
  return std::string(file_name);
}

Status ValidateModelName(std::string_view name) {
  const std::string text(name);
  ARENASTORE_CHECK_OR_RETURN(!name.empty() && name.size() <= 128 &&
                                 (IsLetter(name[0]) || IsDigit(name[0])) && AllNameChars(name),
                             ErrorCode::kInvalidArgument,
                             "model name '%s' is not allowed: use 1-128 letters, digits, '.', "
                             "'_' or '-', starting with a letter or digit (e.g. kws-v2)",
                             text.c_str());
  return Status::Ok();
}

Status ValidateAlias(std::string_view alias) {
  const std::string text(alias);
  ARENASTORE_CHECK_OR_RETURN(
      !alias.empty() && alias.size() <= 64 && IsLetter(alias[0]) && AllNameChars(alias),
      ErrorCode::kInvalidArgument,
      "alias '%s' is not allowed: use 1-64 letters, digits, '.', '_' or '-', starting with a "
      "letter (e.g. prod, canary)",
      text.c_str());
  ARENASTORE_CHECK_OR_RETURN(alias != "latest", ErrorCode::kInvalidArgument,
                             "alias 'latest' is reserved: MODEL@latest always means the newest "
                             "version; pick another name");
  return Status::Ok();
}

}  // namespace arenastore::store
