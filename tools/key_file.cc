#include "tools/key_file.h"

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

}  // namespace arenastore::cli
