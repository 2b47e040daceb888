// Plan as a picture: one panel per pool, every buffer a rectangle spanning its live steps (x)
// and its bytes at its offset (y); scratch buffers hatched orange, tensors blue; each pool's own
// lower bound a dashed red line, its planned size a grey one. Used by `inspect --svg` (through
// the artifact reader) and by reports. Host-only, heap OK; no errors: `plan` must have passed
// ValidatePlan for these requests. Output is standalone SVG 1.1, no scripts or external links.
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
