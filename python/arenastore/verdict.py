"""The gate's verdict on an artifact, as ``arenastore check --json`` reports it: the same
findings in the same words.

Example::

    verdict = artifact.check(isa="arm_mve", pools={"sram": 16 * 1024})
    print(verdict.verdict)                      # "accept", "warn" or "reject"
    for finding in verdict.findings:
        print(finding.severity, finding.message)
    if verdict.advice:
        print(verdict.advice.command)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Finding:
    """One finding: ``kind`` (e.g. ``"scratch_short"``), the op it concerns (index and kind, or
    None), the planned and needed bytes, and the CLI's line about it (``message``).
    ``[(f.kind, f.op_index, f.planned_bytes, f.required_bytes) for f in verdict.findings]``"""

    severity: str
    kind: str
    message: str
    op_index: Optional[int] = None
    op_kind: Optional[str] = None
    planned_bytes: Optional[int] = None
    required_bytes: Optional[int] = None
    pool_index: Optional[int] = None

    @property
    def rejects(self) -> bool:
        """True for a finding that makes the verdict a reject (severity ``"reject"``).
        ``[f.message for f in verdict.findings if f.rejects]``"""
        return self.severity == "reject"


@dataclass(frozen=True)
class PoolChange:
    pool: str
    before_bytes: int
    after_bytes: int


@dataclass(frozen=True)
class Advice:
    """What a real re-plan for the judging runtime would do: whether it fits, every pool's bytes
    before and after, what it reclaims, or why none fits; and the next command.
    ``verdict.advice.command if verdict.advice and verdict.advice.fits else None``"""

    target_isa: str
    fits: bool
    pools: list
    reclaimable_bytes: int
    command: str
    no_fit: Optional[str] = None


class Verdict:
    """``verdict`` ("accept", "warn", "reject"), ``policy``, the runtime judged as
    (``runtime_isa``, ``kernel_version``, ``reason``), ``findings``, ``advice`` (warn and
    reject) and ``json`` (the document ``check --json`` prints).
    ``artifact.check(isa="arm_mve", pools={"sram": "64K"}).verdict``"""

    def __init__(self, document: dict) -> None:
        self.json = document
        self.verdict: str = document["verdict"]
        self.policy: str = document["policy"]
        self.runtime_isa: str = document["runtime"]["isa"]
        self.kernel_version: str = document["runtime"]["kernel_version"]
        self.reason: str = document["runtime"]["reason"]
        self.finding_count: int = document["finding_count"]
        self.reclaimable_bytes: int = document["reclaimable_bytes"]
        self.findings = [Finding(**finding) for finding in document["findings"]]
        replan = document.get("replan")
        self.advice: Optional[Advice] = None
        if replan is not None:
            self.advice = Advice(
                target_isa=replan["target_isa"], fits=replan["fits"],
                pools=[PoolChange(**pool) for pool in replan["pools"]],
                reclaimable_bytes=replan["reclaimable_bytes"], command=replan["command"],
                no_fit=replan.get("no_fit"))

    @property
    def accepted(self) -> bool:
        """True for accept and warn: the runtime would run it.
        ``assert artifact.check(isa="arm_mve", pools={"sram": "64K"}).accepted``"""
        return self.verdict != "reject"

    @property
    def rejected(self) -> bool:
        """True when the gate refuses it (``arenastore check`` exits 3; ``run`` would raise
        ``GateRejected``). ``if artifact.check(pools={"sram": "1K"}).rejected: ...``"""
        return self.verdict == "reject"

    def __repr__(self) -> str:
        return (f"Verdict({self.verdict!r}, policy={self.policy!r}, isa={self.runtime_isa!r}, "
                f"findings={len(self.findings)})")
