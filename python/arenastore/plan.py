"""What an artifact holds, as ``arenastore inspect --json`` describes it: its inputs and outputs
(``TensorInfo``) and its memory plan (``Plan``: pools, lower bound, the peak step and the
buffers alive there, per-op scratch).

Example::

    plan = artifact.plan
    for pool in plan.pools:
        print(pool.name, pool.planned_bytes)
    print(plan.planned_bytes, "planned,", plan.lower_bound_bytes, "lower bound")
    print("peak at step", plan.peak_step, [b.name for b in plan.peak_buffers])
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple, Union

import numpy as np

_DTYPES = {"int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
           "bool": np.bool_, "float32": np.float32}


@dataclass(frozen=True)
class TensorInfo:
    """A graph input or output: what a caller feeds or reads back. ``scale`` and ``zero_point``
    are numbers for per-tensor quantization, lists along ``quantized_axis`` for per-channel,
    None for an unquantized tensor.
    ``tensor = artifact.inputs[0]; np.zeros(tensor.shape, tensor.dtype)``"""

    index: int
    name: str
    dtype: np.dtype
    shape: Tuple[int, ...]
    bytes: int
    scale: Union[float, list, None] = None
    zero_point: Union[int, list, None] = None
    quantized_axis: Optional[int] = None

    @staticmethod
    def _from_json(entry: dict) -> "TensorInfo":
        return TensorInfo(index=entry["index"], name=entry["name"],
                          dtype=np.dtype(_DTYPES[entry["type"]]), shape=tuple(entry["shape"]),
                          bytes=entry["bytes"], scale=entry.get("scale"),
                          zero_point=entry.get("zero_point"),
                          quantized_axis=entry.get("quantized_axis"))


@dataclass(frozen=True)
class PoolPlan:
    """A memory pool: its planned bytes and the capacity it was planned against (0: unbounded).
    ``[(p.name, p.planned_bytes, p.capacity_bytes) for p in artifact.plan.pools]``"""

    name: str
    kind: str
    planned_bytes: int
    capacity_bytes: int
    alignment: int


@dataclass(frozen=True)
class OpScratch:
    """One operator's planned scratch: bytes, and the pool and offset it sits at (None: none),
    and its execution form ("whole", or "over-input": its output written over its dying input).
    ``[(op.kind, op.scratch_bytes) for op in artifact.plan.scratch if op.scratch_bytes]``"""

    index: int
    kind: str
    output_shape: str
    scratch_bytes: int
    form: str = "whole"
    scratch_pool: Optional[str] = None
    scratch_offset: Optional[int] = None


@dataclass(frozen=True)
class LiveBuffer:
    """A buffer alive at the plan's peak step: its name, its bytes, and whether it is an
    operator's scratch (else a tensor).
    ``[(b.name, b.bytes) for b in artifact.plan.peak_buffers if not b.scratch]``"""

    name: str
    bytes: int
    scratch: bool


@dataclass(frozen=True)
class Plan:
    """The memory plan: ``pools``, ``planned_bytes`` (summed over the pools) against
    ``lower_bound_bytes`` (no plan can use less), ``algorithm``, the ``peak_step`` with the
    ``peak_buffers`` alive there (``peak_bytes`` in all) and per-op ``scratch``.
    ``artifact.plan.planned_bytes / artifact.plan.lower_bound_bytes``"""

    algorithm: str
    planned_bytes: int
    lower_bound_bytes: int
    planned_over_lower_bound: float
    peak_step: int
    peak_bytes: int
    peak_buffers: Tuple[LiveBuffer, ...]
    pools: Tuple[PoolPlan, ...]
    scratch: Tuple[OpScratch, ...]

    @staticmethod
    def _from_json(description: dict) -> "Plan":
        plan = description["plan"]
        peak = plan.get("peak", {})
        return Plan(
            algorithm=plan["algorithm"], planned_bytes=plan["planned_bytes"],
            lower_bound_bytes=plan["lower_bound_bytes"],
            planned_over_lower_bound=plan["planned_over_lower_bound"],
            peak_step=plan["peak_step"], peak_bytes=peak.get("bytes", 0),
            peak_buffers=tuple(LiveBuffer(**b) for b in peak.get("buffers", [])),
            pools=tuple(PoolPlan(**pool) for pool in description["pools"]),
            scratch=tuple(OpScratch(**op) for op in description["operators"]))
