#include "tools/key_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace arenastore::cli {

Result<std::string> ReadKeyFile(const std::string& path) {
  std::ifstream file(path);
  ARENASTORE_CHECK_OR_RETURN(file.good(), ErrorCode::kNotFound, "cannot read key file %s",
                             path.c_str());
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

Result<std::string> ReadPublicKeyArgument(const std::string& argument) {
  std::error_code error;
  std::string text = argument;
  if (std::filesystem::is_regular_file(argument, error)) {
    ARENASTORE_ASSIGN_OR_RETURN(text, ReadKeyFile(argument));
  }
  if (text.find("PRIVATE KEY") == std::string::npos) return text;
  return Status::Error(ErrorCode::kInvalidArgument,
                       "%s is a PRIVATE key; trust its public key instead: the .pub file "
                       "`arenastore key generate` wrote beside it, or derive one with `openssl "
                       "pkey -in %s -pubout -out KEY.pub`. Keep the private key where only "
                       "signers can read it",
                       argument.c_str(), argument.c_str());
}

}  // namespace arenastore::cli
