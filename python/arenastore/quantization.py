"""Quantizing real values into a tensor's integers and back, with the tensor's own scale and
zero point (``TensorInfo``): ``q = round(x / scale) + zero_point``, clamped to the dtype;
``x = (q - zero_point) * scale``.

Example::

    x = arenastore.quantize(features, artifact.inputs[0])      # float -> int8
    y = arenastore.dequantize(artifact.run(x)[0], artifact.outputs[0])
"""
from __future__ import annotations

import numpy as np
import numpy.typing as npt

from .errors import UsageError
from .plan import TensorInfo


def _parameters(tensor: TensorInfo):
    if tensor.scale is None:
        raise UsageError(f"tensor '{tensor.name}' is not quantized ({tensor.dtype}); "
                         "pass its values as they are")
    if tensor.quantized_axis is not None:
        raise UsageError(f"tensor '{tensor.name}' is quantized per channel along axis "
                         f"{tensor.quantized_axis}; quantize() takes per-tensor parameters only")
    return float(tensor.scale), int(tensor.zero_point if tensor.zero_point is not None else 0)


def quantize(values: "npt.ArrayLike", tensor: TensorInfo) -> np.ndarray:
    """Real values -> ``tensor``'s integer dtype (round half to even, then clamp); a tensor
    without per-tensor quantization raises ``UsageError``.
    ``x = arenastore.quantize(features, artifact.inputs[0])``"""
    scale, zero_point = _parameters(tensor)
    info = np.iinfo(tensor.dtype)
    q = np.round(np.asarray(values, dtype=np.float64) / scale) + zero_point
    return np.clip(q, info.min, info.max).astype(tensor.dtype)


def dequantize(values: "npt.ArrayLike", tensor: TensorInfo) -> np.ndarray:
    """``tensor``'s integers -> float32 real values.
    ``probabilities = arenastore.dequantize(artifact.run(x)[0], artifact.outputs[0])``"""
    scale, zero_point = _parameters(tensor)
    return ((np.asarray(values).astype(np.float64) - zero_point) * scale).astype(np.float32)
