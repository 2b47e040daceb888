"""``Artifact``: a compiled, planned model, from ``compile`` or ``Artifact.load``; and
``compile`` itself. Both call what ``arenastore compile``, ``inspect``, ``check`` and ``ops``
call, so every number and word is the CLI's.

Example::

    import arenastore
    kws = arenastore.compile("kws_ref_model.tflite", target="x86_avx2", pools={"sram": "64K"})
    print(kws.digest, kws.plan.planned_bytes, kws.ops)
    kws.save("kws.arena")
    same = arenastore.Artifact.load("kws.arena")      # or a store reference: "kws@prod"
"""
from __future__ import annotations

import json
import os
import threading
from html import escape
from typing import TYPE_CHECKING, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _core
from .plan import Plan, TensorInfo
from .verdict import Verdict

if TYPE_CHECKING:  # for the hints only: session imports this module
    from .session import Inputs, Outputs, Session

PathLike = Union[str, "os.PathLike[str]"]
Pools = Union[None, Mapping[str, Union[int, str]], Sequence[str]]


def _pool_texts(pools: Pools) -> List[str]:
    """``{"sram": 65536, "dtcm": "16K"}`` or ``["sram:64K", "io:2K:io"]`` -> --pool texts."""
    if pools is None:
        return []
    if isinstance(pools, Mapping):
        return [f"{name}:{size}" for name, size in pools.items()]
    return [str(pool) for pool in pools]


class Artifact:
    """A verified artifact (its bytes passed the runtime's verifier and plan proof).

    ``bytes``, ``digest`` (sha256 hex), ``source``, ``inputs``/``outputs`` (``TensorInfo``),
    ``ops`` (the ARENASTORE_OPS spelling), ``plan`` (``Plan``), ``description`` (the document
    ``inspect --json`` prints). Immutable: threads may share one.
    ``kws = arenastore.Artifact.load("kws.arena"); kws.plan.planned_bytes``"""

    def __init__(self, handle: "_core.ArtifactHandle", summary: Optional[dict] = None) -> None:
        self._handle = handle
        self._description = json.loads(handle.describe())
        #: For a compiled artifact, the summary ``arenastore compile --json`` prints.
        self.summary = summary
        self._sessions: Dict[Tuple[Optional[str], str], "Session"] = {}
        self._sessions_lock = threading.Lock()

    @staticmethod
    def load(source: PathLike, db: Optional[PathLike] = None) -> "Artifact":
        """A file (``./kws``, ``kws.arena``) or a store reference (``kws@prod``, with ``db`` or
        ``$ARENASTORE_DB``), read as ``arenastore check`` reads it.
        ``Artifact.load("kws.arena").plan.planned_bytes``"""
        return Artifact(_core.ArtifactHandle.load(os.fspath(source),
                                                  os.fspath(db) if db is not None else ""))

    @staticmethod
    def from_bytes(data: bytes, source: str = "<bytes>") -> "Artifact":
        """An artifact's bytes, verified; ``source`` names it in messages (a damaged one raises
        ``IntegrityError``, as ``arenastore inspect`` exits 4).
        ``arenastore.Artifact.from_bytes(open("kws.arena", "rb").read(), "kws.arena").digest``"""
        return Artifact(_core.ArtifactHandle.from_bytes(bytes(data), source))

    @property
    def bytes(self) -> bytes:
        """The artifact file's bytes, what ``arenastore compile -o`` writes.
        ``open("kws.arena", "wb").write(kws.bytes)``"""
        return self._handle.bytes

    @property
    def digest(self) -> str:
        """The sha256 of ``bytes`` in hex, as ``compile --json`` and ``show`` give it.
        ``kws.digest == store.show("kws@prod")["sha256"]``"""
        return self._handle.sha256

    @property
    def source(self) -> str:
        """Where it came from, as messages name it: a path, a store reference (``kws@1``) or, for
        a compiled one, the file name ``compile`` would write. ``store.load("kws@1").source``"""
        return self._handle.source

    @property
    def description(self) -> dict:
        """The document ``arenastore inspect --json`` prints for it (with ``plan.peak``, the
        buffers alive at the peak). ``kws.description["device_ram"]["total_bytes"]``"""
        return self._description

    @property
    def model_name(self) -> str:
        """The model's name as the artifact records it (``ls`` lists it so).
        ``kws.model_name``"""
        return self._description["model"]

    @property
    def target_isa(self) -> str:
        """The ISA it was planned for (``compile --target``). ``kws.target_isa  # "x86_avx2"``"""
        return self._description["target"]["isa"]

    @property
    def inputs(self) -> List[TensorInfo]:
        """The graph inputs, in order: name, dtype, shape, bytes, scale and zero point.
        ``x = np.zeros(kws.inputs[0].shape, kws.inputs[0].dtype)``"""
        return [TensorInfo._from_json(t) for t in self._description["inputs"]]

    @property
    def outputs(self) -> List[TensorInfo]:
        """The graph outputs, in order, as ``inputs`` describes the inputs.
        ``arenastore.dequantize(kws.run(x)[0], kws.outputs[0])``"""
        return [TensorInfo._from_json(t) for t in self._description["outputs"]]

    @property
    def ops(self) -> str:
        """The operators it uses, as ``arenastore ops`` prints them and ``ARENASTORE_OPS``
        takes them (a firmware built with just these runs it).
        ``kws.ops  # "conv2d,depthwise_conv2d,fully_connected,average_pool2d,softmax,reshape"``"""
        return self._handle.ops()

    @property
    def plan(self) -> Plan:
        """The memory plan (``Plan``): pools, planned bytes against the lower bound, the peak
        step and the buffers alive there, per-op scratch.
        ``kws.plan.planned_bytes, kws.plan.lower_bound_bytes``"""
        return Plan._from_json(self._description)

    def save(self, path: PathLike) -> None:
        """Writes the bytes to ``path`` (through a temporary file, then renamed).
        ``kws.save("kws.arena")``"""
        path = os.fspath(path)
        temporary = f"{path}.tmp-{os.getpid()}"
        with open(temporary, "wb") as out:
            out.write(self.bytes)
        os.replace(temporary, path)

    def check(self, isa: Optional[str] = None, policy: str = "default",
              pools: Pools = None) -> Verdict:
        """The gate's verdict, as ``arenastore check`` gives it (a rejection is a verdict here;
        ``run`` raises ``GateRejected``).
        ``artifact.check(isa="arm_mve", policy="strict", pools={"sram": "64K"}).verdict``"""
        return Verdict(json.loads(self._handle.check(isa or "", policy, _pool_texts(pools))))

    def session(self, isa: Optional[str] = None, policy: str = "default",
                max_memory: str = "1024M") -> "Session":
        """A ``Session`` that keeps the model's state between calls (``isa``: the runtime ISA
        to play, as ``run --isa``; ``max_memory``: the most its pools may plan in all, as
        ``run --max-memory`` refuses an untrusted artifact planning more).
        ``session = arenastore.compile(example="svdf-kws").session()``"""
        from .session import Session
        return Session(self, isa=isa, policy=policy, max_memory=max_memory)

    def run(self, inputs: "Inputs", isa: Optional[str] = None, frames: int = 1,
            policy: str = "default", out: "Outputs" = None) -> List[np.ndarray]:
        """Runs from the given inputs and the model's initial state (every call alike), as
        ``arenastore run`` does; ``frames`` > 1 runs that many frames (state kept between them)
        with each input holding them back to back. ``out``: arrays to write the outputs into
        (see ``Session.run``). Raises ``GateRejected`` for what the gate rejects.
        ``artifact.run(np.zeros((1, 49, 10, 1), np.int8))[0]``"""
        session = self._sessions.get((isa, policy)) or self._session_for(isa, policy)
        return session._frames.run_frames(inputs, frames, True, out)

    def _session_for(self, isa: Optional[str], policy: str) -> "Session":
        """The session ``run`` uses for (isa, policy), made once."""
        with self._sessions_lock:
            session = self._sessions.get((isa, policy))
            if session is None:
                session = self.session(isa=isa, policy=policy)
                self._sessions[(isa, policy)] = session
                if isa is None and policy == "default":
                    from .session import _bind_run
                    # From now on `artifact.run(x)` and `artifact.run(x, out=y)` reach the
                    # kernels from a builtin without this method's Python frame (a tenth of a
                    # small model's call); any other call comes on here, arguments unchanged.
                    # The builtin holds the artifact, as the artifact's sessions already do.
                    self.run = _bind_run(session._handle, Artifact.run, Artifact.run.__get__(self),
                                         True)
        return session

    def plan_svg(self) -> str:
        """The plan picture ``arenastore inspect --svg`` draws (one panel per pool, every buffer
        over its live steps at its offset), the same SVG.
        ``open("kws-plan.svg", "w").write(kws.plan_svg())``"""
        return self._handle.plan_svg()

    def _repr_svg_(self) -> str:
        return self.plan_svg()

    def _repr_html_(self) -> str:
        """In a notebook: the pool table, the plan's totals and the plan picture (a cell that
        ends with ``arenastore.compile(example="ds-cnn")`` shows them)."""
        plan = self.plan
        rows = "".join(
            f"<tr><td>{escape(p.name)}</td><td>{escape(p.kind)}</td>"
            f"<td style=\"text-align:right\">{p.planned_bytes:,}</td>"
            f"<td style=\"text-align:right\">{f'{p.capacity_bytes:,}' if p.capacity_bytes else '-'}"
            f"</td><td style=\"text-align:right\">{p.alignment}</td></tr>"
            for p in plan.pools)
        return (
            f"<div><p><b>{escape(self.model_name)}</b> for {escape(self.target_isa)}, "
            f"{len(self.bytes):,} B, sha256 {self.digest[:16]}</p>"
            "<table><thead><tr><th>pool</th><th>kind</th><th>planned B</th><th>capacity B</th>"
            f"<th>alignment</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p>planned {plan.planned_bytes:,} B, lower bound {plan.lower_bound_bytes:,} B "
            f"({plan.planned_over_lower_bound:.3f}x), {escape(plan.algorithm)}; peak at step "
            f"{plan.peak_step}: {plan.peak_bytes:,} B in {len(plan.peak_buffers)} buffers</p>"
            f"{self.plan_svg()}</div>")

    def __repr__(self) -> str:
        return (f"Artifact({self.model_name!r}, {len(self.bytes)} B, sha256 {self.digest[:16]}, "
                f"target {self.target_isa})")


def compile(model: Union[PathLike, bytes, None] = None, target: str = "ref", pools: Pools = None,
            *, example: Optional[str] = None, algorithm: str = "auto", reorder: bool = False,
            whole_tensors: bool = False, max_recompute: Optional[float] = None,
            name: str = "model.tflite") -> Artifact:
    """A .tflite model (a path, or its bytes named ``name``) or a built-in ``example`` -> a
    planned ``Artifact``, as ``arenastore compile`` makes it (the same bytes). ``algorithm``,
    ``reorder`` and ``whole_tensors`` are ``--algorithm``, ``--reorder`` and ``--whole-tensors``
    (every tensor its own bytes: the tensor-level bound TensorFlow Lite Micro's arena reaches);
    ``max_recompute`` is ``--max-recompute PERCENT`` (row stages recomputing at most that share of
    the model's MACs; None: no stages).
    ``arenastore.compile(example="ds-cnn", pools={"sram": "64K"}).plan.planned_bytes``"""
    if (model is None) == (example is None):
        from .errors import UsageError
        raise UsageError("give either a model (path or bytes) or example=NAME (not both)")
    if isinstance(model, (bytes, bytearray, memoryview)):
        handle, summary = _core.compile("", bytes(model), name, target, _pool_texts(pools),
                                        algorithm, reorder, whole_tensors, max_recompute,
                                        os.path.splitext(name)[0] + ".arena")
    else:
        path = os.fspath(model) if model is not None else ""
        source = (os.path.splitext(os.path.basename(path))[0] if path else example) + ".arena"
        handle, summary = _core.compile(example or "", None, path, target, _pool_texts(pools),
                                        algorithm, reorder, whole_tensors, max_recompute, source)
    return Artifact(handle, json.loads(summary))
