// The artifact format version this runtime reads (runtime/schema/artifact.fbs.in, field 0).
// Used by the artifact view (refuses an unknown major before the Verifier runs) and by the
// planner's writer (stamps every artifact). Bump the minor for optional additions old readers
// may ignore, the major for anything an old reader would misread. Constants only.
#pragma once

#include <cstdint>

namespace arenastore::runtime {

inline constexpr uint16_t kFormatVersionMajor = 1;
// 1.1: data types INT16, INT64, BOOL and FLOAT32, and the op kinds after concatenation (a 1.0
// reader refuses both cleanly: unknown data type, unknown op kind). 1.0 artifacts read as before.
// 1.2: pool kind STATE (variable tensors kept between invokes; a 1.1 reader refuses the unknown
// pool kind) and the op kinds after cast.
// 1.3: Operator.form, the execution form (over-input: an output written over its dying input).
// A 1.2 reader ignores the field and its plan verification refuses such an artifact's shared
// bytes (two live buffers overlap); artifacts planned whole read as before.
// 1.4: Artifact.stages, row stages (a chain run strip by strip; runtime/artifact_stages.h). A
// stage's inner tensors keep their whole shape but their `bytes` are their strip buffer's, smaller
// than the shape needs, so a 1.3 reader, which ignores the field, refuses such an artifact in its
// semantic validation ("tensors[k].bytes: ..., but shape ... needs ... bytes") before its plan
// proof would see the strip buffers overlap; artifacts without stages read as before.
inline constexpr uint16_t kFormatVersionMinor = 4;

}  // namespace arenastore::runtime
