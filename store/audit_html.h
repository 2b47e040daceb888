// The audit as a page people read: a pure function from an AuditReport to one self-contained
// HTML document (XHTML syntax, so any XML parser can check it; inline CSS and inline SVG bar
// charts; no scripts, no network, no external files): totals, verdict counts per hardware and
// per model, the worst offenders, the re-plan list and the bytes re-plans would reclaim.
// Called by `arenastore audit --html FILE` and tests. Heap OK; no errors.
#pragma once

#include <string>

#include "store/audit_report.h"

namespace arenastore::store {

std::string RenderAuditHtml(const AuditReport& report);

}  // namespace arenastore::store
