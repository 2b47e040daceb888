// An artifact's plan as a picture: the SVG `inspect --svg` writes, drawn by planner/plan_svg.h
// from the plan read back out of the artifact, with the title naming the model, digest and ISA.
// Called by the inspect verb and the Python module (Artifact._repr_svg_), so both draw the same
// picture. Host-only; the artifact must have passed the runtime's verifier (OpenView).
#pragma once

#include <string>

#include "base/result.h"
#include "runtime/artifact_view.h"
#include "tools/artifact_source.h"

namespace arenastore::cli {

Result<std::string> PlanSvg(const LoadedArtifact& loaded, const runtime::ArtifactView& view);

}  // namespace arenastore::cli
