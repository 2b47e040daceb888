#include "tools/build_info.h"

#include <fmt/core.h>

#include "kernels/version.h"

#ifndef ARENASTORE_BUILD_COMMIT
#define ARENASTORE_BUILD_COMMIT "unknown"
#endif
#ifndef ARENASTORE_VERSION
#define ARENASTORE_VERSION "unknown"
#endif

namespace arenastore::cli {

std::string VersionText() {
  const kernels::LibraryVersion& kernels = kernels::kLibraryVersion;
  return fmt::format("arenastore {} (kernel library {}.{}.{}, commit {})", ARENASTORE_VERSION,
                     kernels.major, kernels.minor, kernels.patch, ARENASTORE_BUILD_COMMIT);
}

}  // namespace arenastore::cli
