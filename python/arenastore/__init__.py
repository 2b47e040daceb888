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
