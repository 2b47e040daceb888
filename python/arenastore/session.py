"""``Session``: an artifact set up to run on this host (gate, pools, kernels prepared once), whose
state persists between calls: a streaming model (SVDF, LSTM) sees frame after frame until
``reset()``. Kernels run without the GIL; calls on one session are serialised.

Example::

    session = artifact.session()
    for frame in frames:                      # one 40-feature frame per call
        scores = session.run(frame)[0]
    session.reset()                           # back to the initial state
"""
from __future__ import annotations

import json
from typing import List, Mapping, Optional

import numpy as np

from . import _core
from .errors import UsageError
from .plan import TensorInfo
from .verdict import Verdict


def _as_input(value, tensor: TensorInfo, count: int, frames: int) -> np.ndarray:
    array = value if isinstance(value, np.ndarray) else np.asarray(value, dtype=tensor.dtype)
    if array.dtype != tensor.dtype:
        hint = (f"; quantize it first: arenastore.quantize(x, artifact.inputs[{tensor.index}])"
                if tensor.scale is not None and array.dtype.kind == "f" else "")
        raise UsageError(f"input {tensor.index} ('{tensor.name}') is {tensor.dtype}, "
                         f"got {array.dtype}{hint}")
    expected = count * frames
    if array.size != expected:
        raise UsageError(f"input {tensor.index} ('{tensor.name}') takes shape "
                         f"{list(tensor.shape)}{f' x {frames} frames' if frames > 1 else ''} "
                         f"({expected} values), got shape {list(array.shape)}")
    return np.ascontiguousarray(array)


class Session:
    """``run(inputs, frames=1)`` -> outputs, state kept; ``reset()``; ``verdict`` (the gate's,
    warnings included). ``inputs``: one array per model input (a single array for a one-input
    model), or a dict by input name."""

    def __init__(self, artifact, isa: Optional[str] = None, policy: str = "default",
                 max_memory: str = "1024M"):
        self.artifact = artifact
        self._inputs = artifact.inputs
        self._outputs = artifact.outputs
        # Computed once: a small model's run is a few microseconds, np.prod a few more.
        self._counts = [int(np.prod(t.shape, dtype=np.int64)) for t in self._inputs]
        self._handle = _core.SessionHandle(artifact._handle, isa or "", policy, max_memory)
        self.verdict = Verdict(json.loads(self._handle.verdict))

    def _arrays(self, inputs, frames: int) -> List[np.ndarray]:
        if isinstance(inputs, np.ndarray):
            inputs = [inputs]
        elif isinstance(inputs, Mapping):
            names = [t.name for t in self._inputs]
            unknown = sorted(set(inputs) - set(names))
            missing = [name for name in names if name not in inputs]
            if unknown or missing:
                raise UsageError(f"inputs by name: the model's are {names}"
                                 f"{f'; unknown {unknown}' if unknown else ''}"
                                 f"{f'; missing {missing}' if missing else ''}")
            inputs = [inputs[name] for name in names]
        elif not isinstance(inputs, (list, tuple)):
            inputs = [inputs]
        if len(inputs) != len(self._inputs):
            raise UsageError(f"the model has {len(self._inputs)} inputs, {len(inputs)} given")
        return [_as_input(v, t, n, frames) for v, t, n in zip(inputs, self._inputs, self._counts)]

    def _run(self, inputs, frames: int, reset: bool) -> List[np.ndarray]:
        if frames < 1:
            raise UsageError(f"frames must be at least 1, not {frames}")
        raw = self._handle.run(self._arrays(inputs, frames), frames, reset)
        outputs = []
        for data, tensor in zip(raw, self._outputs):
            shape = tensor.shape if frames == 1 else (frames,) + tuple(tensor.shape)
            outputs.append(np.frombuffer(data, dtype=tensor.dtype).reshape(shape).copy())
        return outputs

    def run(self, inputs, frames: int = 1) -> List[np.ndarray]:
        """Runs ``frames`` frames from the state the last call left."""
        return self._run(inputs, frames, reset=False)

    def reset(self) -> None:
        """Back to the model's initial state (as a fresh session starts)."""
        self._handle.reset()
