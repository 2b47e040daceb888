"""An upgrade audit's report (``Store.audit``), as ``arenastore audit --json`` prints it: the run,
the totals, the counts by hardware and by model, and one ``AuditResult`` per (device class,
deployed model version) pair, with the same fields; ``html()`` is the page ``audit --html``
writes, made by the same C++ (store/audit_html.h).

Example::

    report = arenastore.Store("fleet.db").audit(isa="arm_mve")
    print(report.totals.reject.results, "pairs rejected on", report.totals.reject.devices,
          "devices")
    for row in report.results:
        if row.verdict == "reject":
            print(row.reference, row.hardware, row.class_key, row.reasons)
    open("audit.html", "w").write(report.html())     # in a notebook: just `report`
"""
from __future__ import annotations

import html as html_text
from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from . import _core


@dataclass(frozen=True)
class AuditRun:
    """The run: when, this build's kernels, the gate policy, the ISA filter (empty: every ISA),
    the store's require-signature policy then, and what it covered. ``id`` is 0 when the run
    was not recorded (``record=False``); ``fix_of_run`` is, on the re-audit ``audit --fix``
    records, the run whose rejects the fix acted on (None on every other run).
    ``report.run.id, report.run.devices, report.run.runtime_kernel_version``"""

    id: int
    started_at: str
    elapsed_ms: int
    runtime_kernel_version: str
    policy: str
    isas: Tuple[str, ...]
    note: str
    require_signature: bool
    devices: int
    undeployed_devices: int
    classes: int
    artifacts: int
    evaluations: int
    fix_of_run: Optional[int] = None

    @staticmethod
    def _from_json(run: dict) -> "AuditRun":
        return AuditRun(**{**run, "isas": tuple(run["isas"])})


@dataclass(frozen=True)
class VerdictCount:
    """How many pairs (``results``) got a verdict, and on how many ``devices``.
    ``report.totals.reject.devices``"""

    results: int
    devices: int


@dataclass(frozen=True)
class AuditCounts:
    """Pairs and devices per verdict (``ok``, ``warn``, ``reject``), the bytes a re-plan would
    reclaim summed over devices, the curable rejects, and the pairs without a trusted signature
    (``unsigned``).
    ``report.by_hardware["nrf5340"].warn.devices``"""

    ok: VerdictCount
    warn: VerdictCount
    reject: VerdictCount
    reclaimable_device_bytes: int
    curable_rejects: int
    unsigned: VerdictCount

    @staticmethod
    def _from_json(counts: dict) -> "AuditCounts":
        return AuditCounts(
            ok=VerdictCount(**counts["ok"]), warn=VerdictCount(**counts["warn"]),
            reject=VerdictCount(**counts["reject"]),
            reclaimable_device_bytes=counts["reclaimable_device_bytes"],
            curable_rejects=counts["curable_rejects"],
            unsigned=VerdictCount(**counts["unsigned"]))


@dataclass(frozen=True)
class AuditFinding:
    """One gate finding on a pair, in the gate's words (``message``); ``op_index`` is -1 and
    ``op_kind``/``pool`` empty when it is not about an operator or a pool.
    ``[f.message for f in report.results[0].findings if f.rejects]``"""

    kind: str
    rejects: bool
    op_index: int
    op_kind: str
    pool: str
    planned_bytes: int
    required_bytes: int
    message: str


@dataclass(frozen=True)
class RevokedKey:
    """The revoked key whose signature a deployed version carries, and why it was revoked.
    ``[(r.reference, r.revoked_key.reason) for r in report.results if r.revoked_key]``"""

    name: str
    reason: str


@dataclass(frozen=True)
class MemoryFree:
    """What one of a device class's physical memories keeps free under a deployed version.
    ``[(m.memory, m.free_bytes) for m in report.results[0].memory_free]``"""

    memory: str
    free_bytes: int


@dataclass(frozen=True)
class AuditResult:
    """One (device class, deployed model version) pair: an ``audit --json`` result, field for
    field, except that its ``class`` is ``class_key`` (``class`` is Python's word).
    ``[(r.reference, r.hardware, r.reasons) for r in report.results if r.verdict == "reject"]``"""

    verdict: str  # "ok", "warn" or "reject"
    model: str
    version: int
    sha256: str
    class_key: str
    hardware: str
    isa: str
    device_kernel_version: str
    pools: str
    # Where the class's memories take the pools and what each has left, e.g. "ram: sram 336 B +
    # state 640 B, 1,047,600 B free"; "" when no memories are listed or the pools do not fit.
    placement: str
    # The same as numbers: each memory's free bytes, in the class's order; () when not placed.
    memory_free: Tuple[MemoryFree, ...]
    # The RAM the version needs on one of the class's devices, in all: its pools (state included)
    # plus the runtime's prepared operators and executor, sized for the class's ISA. A Cortex-M
    # class gives what ``Artifact.description["device_ram"]["total_bytes"]`` says of a Cortex-M
    # artifact. None in runs recorded before the audit kept it.
    device_ram_bytes: Optional[int]
    # The version's plan against its tensor-level bound (every tensor whole, TensorFlow Lite
    # Micro's arena), as ``Artifact.description`` gives them; None in runs recorded before.
    planned_bytes: Optional[int]
    tensor_bound_bytes: Optional[int]
    saved_bytes: Optional[int]
    # For a reject whose pools are too small: what a re-plan for the class needs when the class's
    # runtime accepts it (``audit_fix`` makes it); None when no such re-plan exists.
    replan_bytes: Optional[int]
    # The version's row stages (``compile --max-recompute``): how many, the MACs their strips
    # compute again and the model's MACs (None in runs recorded before the audit kept them).
    row_stages: int
    extra_macs: int
    model_macs: Optional[int]
    # Its ops on slower kernels, taken to fit its pools: the ones its variant borrows from ref
    # and its variant's own slower ones (0 for most versions, and in runs recorded before the
    # audit kept them).
    reference_kernel_ops: int
    own_slower_kernel_ops: int
    ops: str  # "all", or the class's runtime's operators
    devices: int
    # The first device ids (ascending, at most 20) of those ``devices``; ``more_devices`` the rest.
    device_ids: Tuple[str, ...]
    more_devices: int
    reasons: str
    reclaimable_bytes: int  # per device
    curable: bool
    signature: str
    revoked_key: Optional[RevokedKey]
    findings: Tuple[AuditFinding, ...]

    @property
    def reference(self) -> str:
        """``model@version``, as the store names it.
        ``[r.reference for r in report.results if r.verdict == "reject"]``"""
        return f"{self.model}@{self.version}"

    @staticmethod
    def _from_json(result: dict) -> "AuditResult":
        fields = dict(result)
        fields["class_key"] = fields.pop("class")
        revoked = fields["revoked_key"]
        fields["revoked_key"] = RevokedKey(**revoked) if revoked is not None else None
        fields["findings"] = tuple(AuditFinding(**f) for f in fields["findings"])
        fields["memory_free"] = tuple(MemoryFree(**m) for m in fields["memory_free"])
        fields["device_ids"] = tuple(fields["device_ids"])
        return AuditResult(**fields)


class AuditReport:
    """What ``Store.audit`` returns: ``run``, ``totals``, ``by_hardware`` and ``by_model``
    (name -> ``AuditCounts``), ``results`` (rejects first, then warnings, then ok; most devices
    first), ``document`` (exactly what ``audit --json`` prints), ``fix`` (on a re-audit of
    ``audit --fix``, what the fix moved where: ``{"run", "actions"}``, the actions as
    ``AuditFix.actions`` lists them; None otherwise) and ``fails`` (what makes ``audit`` exit 3:
    a reject, or an unsigned deployment under require-signature).
    Immutable: threads may share one.

    ``report.html()`` is the page; a notebook shows it for ``report``::

        report = store.audit()
        worst = [r for r in report.results if r.verdict == "reject"][:5]
        print(report.totals.reject.devices, [r.reference for r in worst])
    """

    def __init__(self, handle: "_core.AuditReportHandle") -> None:
        import json
        self._handle = handle
        self.document: dict = json.loads(handle.json())
        self.run = AuditRun._from_json(self.document["run"])
        self.totals = AuditCounts._from_json(self.document["totals"])
        self.by_hardware: Dict[str, AuditCounts] = {
            name: AuditCounts._from_json(c) for name, c in self.document["by_hardware"].items()}
        self.by_model: Dict[str, AuditCounts] = {
            name: AuditCounts._from_json(c) for name, c in self.document["by_model"].items()}
        self.results: Tuple[AuditResult, ...] = tuple(
            AuditResult._from_json(r) for r in self.document["results"])
        self.fix: Optional[dict] = self.document.get("fix")
        self.fails: bool = handle.fails()

    def html(self) -> str:
        """The self-contained page ``audit --html`` writes for this run (no scripts, no network).
        ``open("audit.html", "w").write(report.html())``"""
        return self._handle.html()

    def csv(self) -> str:
        """The CSV ``audit --csv`` prints (``audit show N --csv`` for a recorded run): a header,
        then one row per (device class, model version) pair.
        ``open("audit.csv", "w").write(report.csv())``"""
        return self._handle.csv()

    def raise_if_fails(self) -> "AuditReport":
        """Raises ``GateRejected`` (with the CLI's message, ``details`` the document) when the
        audit fails, as ``audit`` exits 3; else returns the report.
        ``store.audit(isa="arm_mve").raise_if_fails()   # in a CI job, before a rollout``"""
        self._handle.raise_if_fails()
        return self

    def _repr_html_(self) -> str:
        # The page in an iframe: its own CSS stays out of the notebook's.
        return ('<iframe style="width:100%;height:640px;border:1px solid #ccc" '
                f'srcdoc="{html_text.escape(self.html(), quote=True)}"></iframe>')

    def __repr__(self) -> str:
        totals = self.totals
        return (f"AuditReport(run {self.run.id or 'not recorded'}, {len(self.results)} pairs: "
                f"{totals.reject.results} reject, {totals.warn.results} warn, "
                f"{totals.ok.results} ok)")


class AuditFix:
    """What ``Store.audit_fix`` did, as ``arenastore audit --fix --json`` prints it: ``document``
    (``before``/``after`` totals, ``actions``, ``remaining_rejects``, ``interrupted``), and both audits as
    ``AuditReport``s: ``before`` (the first audit, recorded) and ``after`` (the re-audit, None if
    the fix stopped early). ``fails``: rejections or unsigned deployments remain (``audit --fix``
    exits 3); ``raise_if_fails()`` raises ``GateRejected`` with the CLI's message instead.
    Immutable.

    Example::

        fix = store.audit_fix(isa="arm_mve", sign_with="release.key")
        for action in fix.actions:
            print(action["rejected"], action["fixed"], action.get("replanned"))
        print(fix.after.totals.reject.results, "rejections left")
    """

    def __init__(self, handle: "_core.AuditFixHandle") -> None:
        import json
        self._handle = handle
        self.document: dict = json.loads(handle.json())
        self.before = AuditReport(handle.before)
        self.after: Optional[AuditReport] = (AuditReport(handle.after)
                                             if handle.after is not None else None)
        self.fails: bool = handle.fails()

    @property
    def actions(self) -> list:
        """One entry per curable reject, as ``audit --fix --json`` lists them: ``rejected`` (the
        pair), ``fixed``, then ``replanned`` (reference, sha256, signed, devices_moved,
        before_bytes, after_bytes, and what the re-plan pays in speed: row_stages, extra_macs,
        model_macs, reference_kernel_ops, own_slower_kernel_ops) or ``error``.
        ``[a["replanned"]["reference"] for a in fix.actions if a["fixed"]]``"""
        return self.document.get("actions", [])

    def raise_if_fails(self) -> "AuditFix":
        """Raises ``GateRejected`` when rejections or unsigned deployments remain after the fix
        (as ``audit --fix`` exits 3); else returns the fix.
        ``store.audit_fix(sign_with="release.key").raise_if_fails()``"""
        self._handle.raise_if_fails()
        return self

    def html(self) -> str:
        """The page ``audit --fix --html`` writes: the re-audit (or, stopped early, the first
        audit) with what was moved where. ``open("fix.html", "w").write(fix.html())``"""
        return self._handle.html()

    def _repr_html_(self) -> str:
        return (f'<iframe style="width: 100%; height: 40em; border: 0" '
                f'srcdoc="{html_text.escape(self.html(), quote=True)}"></iframe>')

    def __repr__(self) -> str:
        after = self.after
        return (f"AuditFix(run {self.before.run.id} -> "
                f"{after.run.id if after is not None else 'stopped'}, {len(self.actions)} "
                f"actions, {'fails' if self.fails else 'passes'})")
