"""arenastore from Python: compile a model, learn its exact memory plan per ISA, ask the gate,
and run it, offline, through the same C++ the ``arenastore`` CLI runs.

Example::

    import numpy as np
    import arenastore

    kws = arenastore.compile(example="ds-cnn", target="ref", pools={"sram": "64K"})
    print(kws.plan.planned_bytes, kws.plan.lower_bound_bytes)
    print(kws.check(isa="arm_mve", pools={"sram": "32K"}).verdict)
    scores = kws.run(np.zeros((1, 49, 10, 1), np.int8))[0]
"""
import sys as _sys

try:
    import numpy as _numpy  # noqa: F401
    from . import _core  # noqa: F401
except ImportError as _missing:  # another interpreter than the one the module was built for
    raise ImportError(
        f"arenastore needs the Python its module was built for, with numpy (Debian 12's "
        f"/usr/bin/python3 and python3-numpy unless built with -DPython3_EXECUTABLE); this is "
        f"{_sys.executable} {_sys.version.split()[0]}: {_missing}") from _missing

from .artifact import Artifact, compile
from .audit import (AuditCounts, AuditFix, AuditFinding, AuditReport, AuditResult, AuditRun, MemoryFree,
                    RevokedKey, VerdictCount)
from .errors import ArenastoreError, GateRejected, IntegrityError, UsageError
from .plan import LiveBuffer, OpScratch, Plan, PoolPlan, TensorInfo
from .quantization import dequantize, quantize
from .session import Session
from .store import Store, generate_key
from .verdict import Advice, Finding, Verdict

__all__ = [
    "Advice", "ArenastoreError", "Artifact", "AuditCounts", "AuditFix", "AuditFinding", "AuditReport",
    "AuditResult", "AuditRun", "MemoryFree", "RevokedKey", "VerdictCount", "Finding", "GateRejected", "IntegrityError",
    "LiveBuffer", "OpScratch", "Plan", "PoolPlan", "Session", "TensorInfo", "UsageError",
    "Store", "Verdict", "compile", "dequantize", "generate_key", "quantize",
]
