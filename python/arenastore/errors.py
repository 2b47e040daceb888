"""arenastore's errors: one class per CLI exit code, so ``except GateRejected`` catches exactly
what makes ``arenastore`` exit 3.

The C++ module picks the class through the CLI's own exit-code mapping (tools/exit_code.h) and
gives it the message the CLI prints::

    try:
        artifact.run(x)
    except arenastore.GateRejected as rejected:
        for finding in rejected.verdict.findings:
            print(finding.message)
"""
from __future__ import annotations

import json
from typing import List, Optional

from .verdict import Finding, Verdict


class ArenastoreError(Exception):
    """Any arenastore failure (exit code 1 unless a subclass says otherwise).

    ``code`` is the Status code's name (e.g. ``"NotFound"``), ``exit_code`` what the CLI exits
    with, ``message`` what it prints after ``error:``.
    ``except arenastore.ArenastoreError as error: sys.exit(error.exit_code)``"""

    exit_code = 1

    def __init__(self, message: str, code: str = "", details: Optional[dict] = None) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.details = details


class UsageError(ArenastoreError):
    """Wrong arguments: an unknown ISA, policy, pool text or example (exit 2).
    ``arenastore.compile(example="ds-cnn", target="z80")  # raises UsageError``"""

    exit_code = 2


class GateRejected(ArenastoreError):
    """The gate refused the artifact: nothing ran (exit 3). ``verdict`` holds its findings.
    ``except arenastore.GateRejected as rejected: print(rejected.verdict.advice)``"""

    exit_code = 3

    @property
    def verdict(self) -> Optional[Verdict]:
        """The gate's verdict (what ``check --json`` reports), or None for a rejection that is
        not one artifact's (a failing audit: ``details`` is its report).
        ``rejected.verdict.advice.command``"""
        return Verdict(self.details) if self.details is not None else None

    @property
    def findings(self) -> List[Finding]:
        """The verdict's findings, the reasons in the gate's words ([] without a verdict).
        ``[f.message for f in rejected.findings if f.rejects]``"""
        verdict = self.verdict
        return verdict.findings if verdict is not None else []


class IntegrityError(ArenastoreError):
    """Bytes that claim to be an artifact and are not, a digest or signature that fails (exit 4).
    ``arenastore.Artifact.load("tampered.arena")  # raises IntegrityError``"""

    exit_code = 4


_BY_EXIT_CODE = {cls.exit_code: cls for cls in (ArenastoreError, UsageError, GateRejected,
                                                IntegrityError)}


def _error_for(exit_code: int, code: str, message: str, details_json: str) -> ArenastoreError:
    """Called by the C++ module with ExitCodeFor(status): the exception to raise."""
    details = json.loads(details_json) if details_json else None
    return _BY_EXIT_CODE.get(exit_code, ArenastoreError)(message, code, details)
