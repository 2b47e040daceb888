// The audit as a page people read: a pure function from an AuditReport to one self-contained
// HTML document (XHTML syntax, so any XML parser can check it; inline CSS and inline SVG bar
// charts; no scripts, no network, no external files): totals, verdict counts per hardware and
// per model, the worst offenders, the re-plan list and the bytes re-plans would reclaim; per
// device class, its devices' ids (the first kAuditDeviceIdsRecorded, then "and K more"), the
// device RAM each deployed version needs there, and what each physical memory has left under
// it; and, on a re-audit of `audit --fix` (report.fix_moves, recorded with it), which rejected
// pairs were re-planned to which version on which devices, or why not. Called by `arenastore
// audit --html FILE`, `audit show RUN --html`, `audit --fix --html` (its re-audit), the Python
// AuditReport/AuditFix, and tests. Heap OK; no errors.
#pragma once

#include <string>

#include "store/audit_report.h"

namespace arenastore::store {

std::string RenderAuditHtml(const AuditReport& report);

}  // namespace arenastore::store
