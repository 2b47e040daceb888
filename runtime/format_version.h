// The artifact format version this runtime reads (runtime/schema/artifact.fbs, field 0).
// Used by the artifact view (refuses an unknown major before the Verifier runs) and by the
// planner's writer (stamps every artifact). Bump the minor for optional additions old readers
// may ignore, the major for anything an old reader would misread. Constants only.
#pragma once

#include <cstdint>

namespace arenastore::runtime {

inline constexpr uint16_t kFormatVersionMajor = 1;
inline constexpr uint16_t kFormatVersionMinor = 0;

}  // namespace arenastore::runtime
