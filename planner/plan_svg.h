// Plan as a picture: one panel per pool, every buffer a rectangle spanning its live steps (x)
// and its bytes at its offset (y); scratch buffers hatched orange, tensors blue; each pool's own
// lower bound a dashed red line, its planned size a grey one. On the chart itself: the names of
// each pool's largest buffers (up to five that have room, cut with an ellipsis to fit) and its
// peak (a marker line at the step with the largest live set, its step and bytes); every buffer's
// name, bytes, offset and steps are in its tooltip (<title>). Used by `inspect --svg`
// (tools/plan_picture.h), the Python Artifact's _repr_svg_, and reports.
// Deterministic: the same plan draws the same bytes. Host-only, heap OK; no errors: `plan` must
// have passed ValidatePlan for these requests. Output is standalone SVG 1.1, no scripts or external
// links.
#pragma once

#include <span>
#include <string>

#include "planner/memory_plan.h"

namespace arenastore::planner {

std::string RenderPlanSvg(std::span<const BufferRequest> buffers, std::span<const PoolSpec> pools,
                          const MemoryPlan& plan, const std::string& title);

// Text made safe for XML character data and attribute values (& < > " ').
std::string EscapeXml(const std::string& text);

}  // namespace arenastore::planner
