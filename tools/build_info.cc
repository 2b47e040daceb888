#include "tools/build_info.h"

#include <fmt/core.h>

#include "kernels/version.h"
#include "tools/build_commit.h"  // generated: ARENASTORE_BUILD_COMMIT, ARENASTORE_VERSION

namespace arenastore::cli {

std::string VersionText() {
  const kernels::LibraryVersion& kernels = kernels::kLibraryVersion;
  return fmt::format("arenastore {} (kernel library {}.{}.{}, commit {})", ARENASTORE_VERSION,
                     kernels.major, kernels.minor, kernels.patch, ARENASTORE_BUILD_COMMIT);
}

}  // namespace arenastore::cli
