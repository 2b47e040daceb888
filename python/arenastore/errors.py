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
from typing import Optional

from .verdict import Verdict


class ArenastoreError(Exception):
    """Any arenastore failure (exit code 1 unless a subclass says otherwise).

    ``code`` is the Status code's name (e.g. ``"NotFound"``), ``exit_code`` what the CLI exits
    with, ``message`` what it prints after ``error:``."""

    exit_code = 1

    def __init__(self, message: str, code: str = "", details: Optional[dict] = None):
        super().__init__(message)
        self.message = message
        self.code = code
        self.details = details


class UsageError(ArenastoreError):
    """Wrong arguments: an unknown ISA, policy, pool text or example (exit 2)."""

    exit_code = 2


class GateRejected(ArenastoreError):
    """The gate refused the artifact: nothing ran (exit 3). ``verdict`` holds its findings."""

    exit_code = 3

    @property
    def verdict(self) -> Optional[Verdict]:
        return Verdict(self.details) if self.details is not None else None

    @property
    def findings(self) -> list:
        verdict = self.verdict
        return verdict.findings if verdict is not None else []


class IntegrityError(ArenastoreError):
    """Bytes that claim to be an artifact and are not, a digest or signature that fails (exit 4)."""

    exit_code = 4


_BY_EXIT_CODE = {cls.exit_code: cls for cls in (ArenastoreError, UsageError, GateRejected,
                                                IntegrityError)}


def _error_for(exit_code: int, code: str, message: str, details_json: str) -> ArenastoreError:
    """Called by the C++ module with ExitCodeFor(status): the exception to raise."""
    details = json.loads(details_json) if details_json else None
    return _BY_EXIT_CODE.get(exit_code, ArenastoreError)(message, code, details)
