#!/usr/bin/env python3
"""How much calling ``run`` from Python adds to the C++ executor, on one model (default
``hello_world_int8.tflite``: a microsecond of kernels, so the call is most of it).

Every row is measured in this process on the same compiled artifact, the same input bytes and
the same per-call work: a stateless frame (the model's initial state, the inputs copied in, one
invoke, the outputs copied out). The C++ row runs that loop in C++ (``Session.time_native_calls``:
no Python, no GIL hand-off); the others call it from Python. Rows are timed in turns, ``--repeats``
rounds of ``--calls`` calls each (short rounds: a shared host's load shifts within a second).
``us_per_call`` is a row's median round; ``ratio`` is the median over rounds of the row's time
over the C++ row's in the same round, so a load that slows one round slows both sides of its
ratio. A benchmark, not a test:
nothing here fails on a number (the ``python`` ctest label runs it with few calls so it keeps
working).

Example::

    PYTHONPATH=build/python /usr/bin/python3 python/bench/run_overhead.py
    PYTHONPATH=build/python /usr/bin/python3 python/bench/run_overhead.py kws.tflite --json
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import timeit
from typing import Dict, List

import numpy as np

import arenastore


def _default_model() -> str:
    shared = os.environ.get("ARENASTORE_SHARED_DIR") or os.path.join(
        os.path.dirname(__file__), "..", "..", "..", "shared")
    return os.path.join(shared, "models", "hello_world_int8.tflite")


def _python_rows(artifact: arenastore.Artifact, session: arenastore.Session,
                 x: np.ndarray) -> Dict[str, timeit.Timer]:
    """What a caller writes, from the leanest to the most convenient, each timed as that very
    statement in a loop (no lambda around it: a Python frame per call that no caller's loop
    has), with the garbage collector on, as in a caller's program."""
    names = {"gc": gc, "artifact": artifact, "session": session, "x": x,
             "y": [np.empty(t.shape, t.dtype) for t in artifact.outputs],
             "run_into": session._frames.run_into}
    statements = {
        "Session.run(x, out=y)": "session.run(x, out=y)",
        "Session.run(x)": "session.run(x)",
        "Artifact.run(x, out=y)": "artifact.run(x, out=y)",
        "Artifact.run(x)": "artifact.run(x)",
        "run_into(x, y), no wrapper": "run_into(x, y, True)",
    }
    return {row: timeit.Timer(statement, setup="gc.enable()", globals=names)
            for row, statement in statements.items()}


def measure(model: str, isa: str, calls: int, repeats: int, example: str = "") -> dict:
    artifact = (arenastore.compile(example=example, target=isa) if example
                else arenastore.compile(model, target=isa))
    rng = np.random.default_rng(0)
    x = rng.integers(-128, 128, size=artifact.inputs[0].shape).astype(artifact.inputs[0].dtype)
    inputs = [x] + [np.zeros(t.shape, t.dtype) for t in artifact.inputs[1:]]
    feed = x if len(inputs) == 1 else inputs
    session = artifact.session()
    # Every path gives the bytes the general path gives (a stateless run, so any order).
    expected = artifact.run(feed)
    for timer in _python_rows(artifact, session, feed).values():
        session.reset()
        timer.timeit(1)
    if not all(np.array_equal(a, b) for a, b in zip(artifact.run(feed), expected)):
        raise SystemExit("run_overhead: outputs differ between calls")
    rows = _python_rows(artifact, session, feed)
    # A stateful Session.run row would carry state over; it runs a stateless model here, so it
    # does the same work. For a stateful model the reset is part of Artifact.run's work only.
    native_row = "C++ executor (same per-call work)"
    times: Dict[str, List[float]] = {name: [] for name in [native_row, *rows]}
    ratios: Dict[str, List[float]] = {name: [] for name in times}
    for _ in range(repeats):
        native_seconds = session.time_native_calls(inputs, calls) / calls
        round_seconds = {native_row: native_seconds}
        round_seconds.update({name: timer.timeit(calls) / calls for name, timer in rows.items()})
        for name, seconds in round_seconds.items():
            times[name].append(seconds)
            ratios[name].append(seconds / native_seconds)
    return {
        "model": example or os.path.basename(model), "isa": isa, "calls": calls, "repeats": repeats,
        "rows": [{"path": name, "us_per_call": round(statistics.median(times[name]) * 1e6, 3),
                  "ratio": round(statistics.median(ratios[name]), 2)} for name in times],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", nargs="?", default=_default_model())
    parser.add_argument("--example", default="", help="a built-in example instead of a model")
    parser.add_argument("--isa", default="native", help="compile target (default native)")
    parser.add_argument("--calls", type=int, default=2000, help="calls per round")
    parser.add_argument("--repeats", type=int, default=150, help="rounds; medians are reported")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    if not args.example and not os.path.exists(args.model):
        print(f"run_overhead: no model at {args.model} (give one, or set ARENASTORE_SHARED_DIR)",
              file=sys.stderr)
        return 2
    result = measure(args.model, args.isa, args.calls, args.repeats, args.example)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{result['model']} compiled for {result['isa']}: median of {result['repeats']} rounds "
          f"of {result['calls']} calls")
    print(f"| {'path':<36} | {'us/call':>8} | {'ratio':>6} |")
    print(f"|{'-' * 38}|{'-' * 9}:|{'-' * 7}:|")
    for row in result["rows"]:
        print(f"| {row['path']:<36} | {row['us_per_call']:>8.3f} | {row['ratio']:>5.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
