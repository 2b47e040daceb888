"""``Session``: an artifact set up to run on this host (gate, pools, kernels prepared once), whose
state persists between calls: a streaming model (SVDF, LSTM) sees frame after frame until
``reset()``. Kernels run without the GIL; calls on one session are serialised.

Example::

    session = artifact.session()
    for frame in frames:                      # one 40-feature frame per call
        scores = session.run(frame)[0]
    session.reset()                           # back to the initial state

    scores = np.empty(artifact.outputs[0].shape, artifact.outputs[0].dtype)
    for frame in frames:                      # the fast path: no allocation per call
        session.run(frame, out=scores)
"""
from __future__ import annotations

import inspect
import json
from typing import TYPE_CHECKING, List, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import _core
from .errors import UsageError
from .plan import TensorInfo
from .verdict import Verdict

if TYPE_CHECKING:  # for the hints only: artifact imports this module
    from .artifact import Artifact


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


def _as_list(out) -> List[np.ndarray]:
    return out if isinstance(out, list) else list(out) if isinstance(out, tuple) else [out]


#: What ``run`` takes as inputs: one array-like per model input (a single one for a one-input
#: model), or a dict of them by input name.
Inputs = Union["npt.ArrayLike", Sequence["npt.ArrayLike"], Mapping[str, "npt.ArrayLike"]]
#: What ``run`` takes as ``out``: one array per output (a single one for a one-output model).
Outputs = Union[None, np.ndarray, Sequence[np.ndarray]]


def _bind_run(handle: "_core.SessionHandle", method, fallback, reset: bool):
    """The builtin that stands in for ``method`` (``Session.run``, ``Artifact.run``) on one
    frame and hands other calls to ``fallback``, with ``method``'s docstring and signature (for
    ``help``, ``inspect.signature``, a notebook's tooltip)."""
    parameters = [p.replace(annotation=inspect.Parameter.empty)
                  for p in inspect.signature(method).parameters.values()]
    signature = "($" + str(inspect.Signature(parameters))[1:]  # ($self, inputs, ...)
    return handle.bind_run(fallback, reset, f"run{signature}\n--\n\n{inspect.getdoc(method)}")


class _Frames:
    """A session's handle and tensors, and its Python path: conversions, checks, any number of
    frames. Apart from ``Session`` because ``Session.run`` is a builtin that falls back to
    ``_Frames.run``: were that fallback a ``Session`` method, the session would hold itself
    (session -> run -> session) and live until the garbage collector's next pass, not until its
    last reference goes."""

    def __init__(self, handle: "_core.SessionHandle", inputs: List[TensorInfo],
                 outputs: List[TensorInfo]):
        self.handle = handle
        self.inputs = inputs
        self.outputs = outputs
        # Computed once: a small model's run is a few microseconds, np.prod a few more.
        self.counts = [int(np.prod(t.shape, dtype=np.int64)) for t in inputs]
        handle.set_dtypes([t.dtype.num for t in inputs], [t.dtype.num for t in outputs],
                          [list(t.shape) for t in outputs])
        # run_into(inputs, out, reset) -> [outputs], or None when the arrays are not exactly what
        # the model takes (nothing ran): the fast path (python/src/session.cc).
        self.run_into = handle.bind_run_into()

    def arrays(self, inputs, frames: int) -> List[np.ndarray]:
        if isinstance(inputs, np.ndarray):
            inputs = [inputs]
        elif isinstance(inputs, Mapping):
            names = [t.name for t in self.inputs]
            unknown = sorted(set(inputs) - set(names))
            missing = [name for name in names if name not in inputs]
            if unknown or missing:
                raise UsageError(f"inputs by name: the model's are {names}"
                                 f"{f'; unknown {unknown}' if unknown else ''}"
                                 f"{f'; missing {missing}' if missing else ''}")
            inputs = [inputs[name] for name in names]
        elif not isinstance(inputs, (list, tuple)):
            inputs = [inputs]
        if len(inputs) != len(self.inputs):
            raise UsageError(f"the model has {len(self.inputs)} inputs, {len(inputs)} given")
        return [_as_input(v, t, n, frames) for v, t, n in zip(inputs, self.inputs, self.counts)]

    def out_arrays(self, out, frames: int) -> List[np.ndarray]:
        """``out`` checked: one writable C-contiguous array of each output's dtype and size."""
        arrays = _as_list(out)
        if len(arrays) != len(self.outputs):
            raise UsageError(f"out: the model has {len(self.outputs)} outputs, "
                             f"{len(arrays)} arrays given")
        for array, tensor in zip(arrays, self.outputs):
            expected = int(np.prod(tensor.shape, dtype=np.int64)) * frames
            if (not isinstance(array, np.ndarray) or array.dtype != tensor.dtype
                    or array.size != expected or not array.flags.c_contiguous
                    or not array.flags.writeable):
                given = (f"{'read-only ' if not array.flags.writeable else ''}"
                         f"{'' if array.flags.c_contiguous else 'non-contiguous '}"
                         f"{array.dtype} array of shape {list(array.shape)}"
                         if isinstance(array, np.ndarray) else type(array).__name__)
                raise UsageError(f"out {tensor.index} ('{tensor.name}') takes a writable "
                                 f"C-contiguous {tensor.dtype} array of shape "
                                 f"{list(tensor.shape)}{f' x {frames} frames' if frames > 1 else ''}"
                                 f" ({expected} values), got a {given}")
        return arrays

    def general(self, inputs, frames: int, reset: bool, out: Outputs = None) -> List[np.ndarray]:
        """The general path: converts and checks everything, any number of frames."""
        if frames < 1:
            raise UsageError(f"frames must be at least 1, not {frames}")
        arrays = self.arrays(inputs, frames)
        targets = self.out_arrays(out, frames) if out is not None else None
        raw = self.handle.run(arrays, frames, reset)
        outputs = []
        for index, (data, tensor) in enumerate(zip(raw, self.outputs)):
            values = np.frombuffer(data, dtype=tensor.dtype)
            if targets is not None:
                np.copyto(targets[index].reshape(-1), values)
                outputs.append(targets[index])
                continue
            shape = tensor.shape if frames == 1 else (frames,) + tuple(tensor.shape)
            outputs.append(values.reshape(shape).copy())
        return outputs

    def run_frames(self, inputs, frames: int, reset: bool, out: Outputs) -> List[np.ndarray]:
        """``Session.run`` (``reset`` False) and ``Artifact.run`` (True): run_into when it takes
        the arrays, else the general path."""
        if frames == 1:
            outputs = self.run_into(inputs, out, reset)
            if outputs is not None:
                return outputs
        return self.general(inputs, frames, reset, out)

    def run(self, inputs, frames: int = 1, out: Outputs = None) -> List[np.ndarray]:
        """``Session.run``, with its signature: the builtin's fallback."""
        return self.run_frames(inputs, frames, False, out)


class Session:
    """``run(inputs, frames=1, out=None)`` -> outputs, state kept; ``reset()``; ``verdict`` (the
    gate's, warnings included). ``inputs``: one array per model input (a single array for a
    one-input model), or a dict by input name. ``out``: arrays to write the outputs into (one
    per output; a single array for a one-output model), returned instead of new ones.

    A call with C-contiguous arrays of the inputs' dtypes and sizes (and, as ``out``, writable
    ones of the outputs') goes straight to the kernels: nothing converted, nothing allocated but
    the outputs when ``out`` is not given. Anything else is converted first, or refused with
    ``UsageError`` saying what the model takes."""

    def __init__(self, artifact: "Artifact", isa: Optional[str] = None, policy: str = "default",
                 max_memory: str = "1024M") -> None:
        self.artifact = artifact
        self._handle = _core.SessionHandle(artifact._handle, isa or "", policy, max_memory)
        self.verdict = Verdict(json.loads(self._handle.verdict))
        self._frames = _Frames(self._handle, artifact.inputs, artifact.outputs)
        # `session.run(x)` and `session.run(x, out=y)`, what a loop calls, reach the kernels from
        # a builtin without this class's Python frame (a tenth of a small model's call); every
        # other call goes on, arguments unchanged, to _Frames.run: the method below, same result.
        self.run = _bind_run(self._handle, Session.run, self._frames.run, False)

    def run(self, inputs: Inputs, frames: int = 1, out: Outputs = None) -> List[np.ndarray]:
        """Runs ``frames`` frames from the state the last call left; ``out``: arrays to fill
        (``frames`` x the output's size each) instead of new ones.
        ``session.run(x, out=y)`` (``y = np.empty(shape, dtype)``, allocated once)"""
        return self._frames.run_frames(inputs, frames, False, out)

    def time_native_calls(self, inputs: Inputs, calls: int) -> float:
        """Seconds that ``calls`` stateless one-frame runs take from C++ (reset, inputs in,
        invoke, outputs out; no Python, no GIL hand-off): the baseline of
        ``python/bench/run_overhead.py``. ``session.time_native_calls(x, 10000) / 10000``"""
        return self._handle.time_native_calls(self._frames.arrays(inputs, 1), calls, True)

    def reset(self) -> None:
        """Back to the model's initial state (as a fresh session starts).
        ``session.reset()  # before the next utterance``"""
        self._handle.reset()
