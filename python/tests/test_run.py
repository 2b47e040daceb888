"""run and Session: outputs byte for byte what `arenastore run` writes, every call from the given
inputs, state kept in a Session until reset(), the GIL released while kernels run."""
import gc
import inspect
import sys
import threading
import time
import weakref

import numpy as np
import pytest

import arenastore
from conftest import EXAMPLES, STATEFUL_EXAMPLES, shared_models, stateful_models


def random_inputs(artifact, seed, frames=1):
    generator = np.random.default_rng(seed)
    arrays = []
    for tensor in artifact.inputs:
        shape = tuple(tensor.shape) if frames == 1 else (frames,) + tuple(tensor.shape)
        if tensor.dtype == np.bool_:
            arrays.append(generator.integers(0, 2, shape).astype(np.bool_))
        elif tensor.dtype.kind == "f":
            arrays.append(generator.standard_normal(shape).astype(tensor.dtype))
        else:
            info = np.iinfo(tensor.dtype)
            arrays.append(generator.integers(info.min, info.max, shape, endpoint=True,
                                             dtype=tensor.dtype))
    return arrays


def cli_outputs(cli, tmp_path, path, arrays, *extra):
    args = ["run", path, *extra]
    for i, array in enumerate(arrays):
        (tmp_path / f"in{i}.bin").write_bytes(array.tobytes())
        args += ["--input", tmp_path / f"in{i}.bin"]
    outputs = [tmp_path / f"out{i}.bin" for i in range(len(arenastore.Artifact.load(path).outputs))]
    for output in outputs:
        args += ["--output", output]
    cli(*args)
    return [output.read_bytes() for output in outputs]


@pytest.mark.parametrize("example", EXAMPLES)
def test_outputs_are_the_clis_bytes(cli, tmp_path, example):
    path = tmp_path / f"{example}.arena"
    cli("compile", "--example", example, "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    arrays = random_inputs(artifact, seed=3)
    outputs = artifact.run(arrays)
    assert [o.tobytes() for o in outputs] == cli_outputs(cli, tmp_path, path, arrays)
    for output, tensor in zip(outputs, artifact.outputs):
        assert output.dtype == tensor.dtype and output.shape == tuple(tensor.shape)


@pytest.mark.parametrize("isa", ["ref", "native"])
def test_the_isa_played_gives_the_clis_bytes(cli, tmp_path, isa):
    path = tmp_path / "resnet8.arena"
    cli("compile", "--example", "resnet8", "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    arrays = random_inputs(artifact, seed=5)
    assert [o.tobytes() for o in artifact.run(arrays, isa=isa)] == cli_outputs(
        cli, tmp_path, path, arrays, "--isa", isa)


@pytest.mark.parametrize("example", STATEFUL_EXAMPLES)
def test_frames_keep_state_between_them_as_run_frames_does(cli, tmp_path, example):
    path = tmp_path / f"{example}.arena"
    cli("compile", "--example", example, "-o", path)
    artifact = arenastore.Artifact.load(path)
    arrays = random_inputs(artifact, seed=11, frames=4)
    outputs = artifact.run(arrays, frames=4)
    assert [o.tobytes() for o in outputs] == cli_outputs(cli, tmp_path, path, arrays,
                                                         "--frames", "4")
    # A session fed the same frames one call at a time gives the same frames.
    session = artifact.session()
    per_call = [session.run([a[frame] for a in arrays])[0] for frame in range(4)]
    assert np.array_equal(np.stack(per_call), outputs[0])
    # reset() starts again from the initial state: the first frame's output comes back.
    session.reset()
    assert np.array_equal(session.run([a[0] for a in arrays])[0], outputs[0][0])
    # Stateless run: every call starts from the initial state, so the second frame alone does
    # not give what it gave after the first.
    alone = artifact.run([a[1] for a in arrays])[0]
    assert np.array_equal(alone, artifact.run([a[1] for a in arrays])[0])
    assert not np.array_equal(alone, outputs[0][1])


def test_every_call_starts_from_the_given_inputs(tmp_path):
    artifact = arenastore.compile(example="ds-cnn")
    first, second = random_inputs(artifact, 1), random_inputs(artifact, 2)
    expected = artifact.run(first)[0]
    artifact.run(second)
    assert np.array_equal(artifact.run(first)[0], expected)


def test_inputs_by_name_or_single_array_give_the_same_outputs():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 4)
    by_list = artifact.run([x])[0]
    assert np.array_equal(artifact.run(x)[0], by_list)
    assert np.array_equal(artifact.run({artifact.inputs[0].name: x})[0], by_list)
    with pytest.raises(arenastore.UsageError, match="missing"):
        artifact.run({})
    with pytest.raises(arenastore.UsageError, match="quantize"):
        artifact.run(x.astype(np.float32))
    with pytest.raises(arenastore.UsageError, match="shape"):
        artifact.run(x[:, :20])


@pytest.mark.parametrize("example", EXAMPLES)
def test_outputs_written_into_out_arrays_are_the_bytes_run_returns(example):
    artifact = arenastore.compile(example=example)
    arrays = random_inputs(artifact, 5)
    expected = artifact.run(arrays)
    out = [np.ones(t.shape, t.dtype) for t in artifact.outputs]
    returned = artifact.run(arrays, out=out)
    assert len(returned) == len(out) and all(r is o for r, o in zip(returned, out))
    assert all(np.array_equal(o, e) for o, e in zip(out, expected))


def test_a_one_output_model_takes_one_out_array():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 3)
    y = np.empty(artifact.outputs[0].shape, artifact.outputs[0].dtype)
    (returned,) = artifact.session().run(x, out=y)
    assert returned is y and np.array_equal(y, artifact.run(x)[0])


@pytest.mark.parametrize("example", STATEFUL_EXAMPLES)
def test_a_session_writing_into_out_keeps_state_as_frames_do(example):
    artifact = arenastore.compile(example=example)
    frames = random_inputs(artifact, 6, frames=3)
    expected = artifact.run(frames, frames=3)
    session = artifact.session()
    out = [np.empty(t.shape, t.dtype) for t in artifact.outputs]
    for frame in range(3):
        session.run([a[frame] for a in frames], out=out)
        assert all(np.array_equal(o, e[frame]) for o, e in zip(out, expected))
    session.reset()
    session.run([a[0] for a in frames], out=out)
    assert all(np.array_equal(o, e[0]) for o, e in zip(out, expected))


def test_without_out_every_call_returns_new_arrays():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 7)
    first, second = artifact.run(x)[0], artifact.run(x)[0]
    assert not np.shares_memory(first, second)
    first[...] = 0
    assert np.array_equal(artifact.run(x)[0], second)


def test_run_takes_every_argument_form_its_method_takes_with_the_same_outputs():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 10)
    expected = artifact.run(x)[0]  # from here on artifact.run is the default session's builtin
    session = artifact.session()
    y = np.empty(artifact.outputs[0].shape, artifact.outputs[0].dtype)
    for run in (lambda: session.run(x), lambda: session.run(x, 1), lambda: session.run(x, out=None),
                lambda: session.run(inputs=x), lambda: session.run(x, frames=1, out=y),
                lambda: arenastore.Session.run(session, x), lambda: artifact.run(x, isa=None),
                lambda: artifact.run(x, None, 1, "default", y), lambda: artifact.run(x, out=y)):
        assert np.array_equal(run()[0], expected)
    with pytest.raises(TypeError):
        session.run(x, reset=True)
    with pytest.raises(TypeError):
        artifact.run()


def test_run_shows_its_methods_signature_and_help():
    artifact = arenastore.compile(example="ds-cnn")
    artifact.run(random_inputs(artifact, 12))  # artifact.run is the builtin from here on
    for run, method in ((artifact.session().run, arenastore.Session.run),
                        (artifact.run, arenastore.Artifact.run)):
        assert list(inspect.signature(run).parameters) == \
            list(inspect.signature(method).parameters)[1:]
        assert run.__doc__ == inspect.getdoc(method)


def test_a_session_is_freed_when_its_last_reference_goes_and_its_run_keeps_it():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 11)
    collecting = gc.isenabled()
    gc.disable()  # freed by its reference count, not by a garbage collector's pass
    try:
        session = artifact.session()
        gone = weakref.ref(session)
        del session
        assert gone() is None
        run = artifact.session().run
        assert np.array_equal(run(x)[0], artifact.run(x)[0])
        assert np.array_equal(run(x.tolist())[0], artifact.run(x)[0])  # through its fallback
    finally:
        if collecting:
            gc.enable()


def test_arrays_the_kernels_cannot_read_as_they_are_are_converted_first():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 8)
    expected = artifact.run(x)[0]
    column_major = np.asfortranarray(x.reshape(49, 10))  # the same values, other memory order
    assert not column_major.flags.c_contiguous
    assert np.array_equal(artifact.run(column_major)[0], expected)
    assert np.array_equal(artifact.run(x.tolist())[0], expected)
    read_only = x.copy()
    read_only.setflags(write=False)
    assert np.array_equal(artifact.run(read_only)[0], expected)


def test_out_arrays_that_cannot_take_the_outputs_are_refused_saying_what_would():
    artifact = arenastore.compile(example="ds-cnn")
    (x,) = random_inputs(artifact, 9)
    tensor = artifact.outputs[0]
    wanted = f"out 0 ('{tensor.name}') takes a writable C-contiguous int8 array of shape " \
             f"{list(tensor.shape)}"
    read_only = np.empty(tensor.shape, np.int8)
    read_only.setflags(write=False)
    for out, got in ((np.empty(tensor.shape, np.float32), "float32 array"),
                     (np.empty((1, 3), np.int8), "int8 array of shape [1, 3]"),
                     (read_only, "read-only int8 array"),
                     (np.empty((tensor.shape[-1], 2), np.int8)[:, 0], "non-contiguous"),
                     ([[1, 2]], "list")):
        with pytest.raises(arenastore.UsageError) as raised:
            artifact.run(x, out=out)
        assert wanted in raised.value.message and got in raised.value.message
    with pytest.raises(arenastore.UsageError, match="the model has 1 outputs, 2 arrays given"):
        artifact.run(x, out=[np.empty(tensor.shape, np.int8)] * 2)


def test_quantize_and_dequantize_use_the_tensors_scale_and_zero_point():
    artifact = arenastore.compile(example="ds-cnn")
    tensor = artifact.inputs[0]
    q = np.arange(-128, 128, dtype=np.int8)
    real = arenastore.dequantize(q, tensor)
    assert np.allclose(real, (q.astype(np.float64) - tensor.zero_point) * tensor.scale)
    assert np.array_equal(arenastore.quantize(real, tensor), q)
    assert arenastore.quantize([1e9], tensor)[0] == 127  # clamped to the dtype


def test_threads_sharing_an_artifact_get_the_same_outputs():
    artifact = arenastore.compile(example="mobilenet-v1", target="native")
    arrays = [random_inputs(artifact, seed) for seed in range(4)]
    expected = [artifact.run(a)[0] for a in arrays]
    results = {i: [] for i in range(4)}

    def worker(i):
        for _ in range(3):
            results[i].append(artifact.run(arrays[i])[0])

    workers = [threading.Thread(target=worker, args=(i,)) for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    for i in range(4):
        assert len(results[i]) == 3
        assert all(np.array_equal(r, expected[i]) for r in results[i])


def test_python_threads_run_while_kernels_run():
    artifact = arenastore.compile(example="mobilenet-v1")
    arrays = random_inputs(artifact, 1)
    artifact.run(arrays)
    ticks = []
    interval = sys.getswitchinterval()
    # Threads then switch only where the GIL is given up, not every 5 ms.
    sys.setswitchinterval(30)
    try:
        worker = threading.Thread(target=lambda: [artifact.run(arrays) for _ in range(20)])
        worker.start()
        while worker.is_alive():
            ticks.append(1)
            time.sleep(0.0005)
        worker.join()
    finally:
        sys.setswitchinterval(interval)
    assert len(ticks) > 20


@pytest.mark.parametrize("model", shared_models())
def test_real_models_give_the_clis_bytes(cli, tmp_path, model):
    path = tmp_path / "model.arena"
    cli("compile", model, "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    arrays = random_inputs(artifact, seed=7)
    assert [o.tobytes() for o in artifact.run(arrays)] == cli_outputs(cli, tmp_path, path,
                                                                      arrays)


@pytest.mark.parametrize("model", stateful_models())
def test_real_stateful_models_keep_state_as_the_cli_and_tensorflow_lite_micro_do(cli, tmp_path,
                                                                                 model):
    path = tmp_path / "model.arena"
    cli("compile", model, "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    # Three frames in one call are what `arenastore run --frames 3` writes.
    arrays = random_inputs(artifact, seed=13, frames=3)
    outputs = artifact.run(arrays, frames=3)
    assert [o.tobytes() for o in outputs] == cli_outputs(cli, tmp_path, path, arrays,
                                                         "--frames", "3")
    # TensorFlow Lite Micro's outputs for its golden frames, one Session call per frame (the
    # model's one input and one output; a golden file holds the frames back to back).
    golden = model.parent / "golden"
    cases = sorted(golden.glob(f"{model.stem}.seed*.in.bin"))
    assert cases, f"no golden frames for {model.stem} in {golden}"
    (tensor,) = artifact.inputs
    session = artifact.session()
    for case in cases:
        frames = np.frombuffer(case.read_bytes(), tensor.dtype).reshape((-1,) + tensor.shape)
        expected = case.with_name(case.name.replace(".in.bin", ".out.bin")).read_bytes()
        session.reset()  # each case starts from the initial state, as TFLM's interpreter did
        got = b"".join(session.run(frame)[0].tobytes() for frame in frames)
        assert got == expected, case.name
        session.reset()
        assert session.run(frames[0])[0].tobytes() == expected[:len(expected) // len(frames)]


def test_a_model_with_float32_edges_takes_and_gives_float32_as_the_cli_does(cli, tmp_path):
    # No model in ../shared/models nor built-in example takes float32 in: one is written here
    # (QUANTIZE -> FULLY_CONNECTED -> DEQUANTIZE, float32 [1,4] in, float32 [1,3] out).
    from tflite_builder import float_edged_classifier
    model = tmp_path / "float_edges.tflite"
    model.write_bytes(float_edged_classifier())
    path = tmp_path / "float_edges.arena"
    cli("compile", model, "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    assert arenastore.compile(model.read_bytes(), target="native",
                              name=model.name).bytes == path.read_bytes()
    (tensor,), (scores,) = artifact.inputs, artifact.outputs
    assert (tensor.dtype, tensor.shape, tensor.scale) == (np.float32, (1, 4), None)
    assert (scores.dtype, scores.shape, scores.scale) == (np.float32, (1, 3), None)
    x = np.array([[0.3, -0.8, 1.25, 0.05]], np.float32)
    (y,) = artifact.run(x)
    assert y.dtype == np.float32 and y.shape == (1, 3)
    assert y.tobytes() == cli_outputs(cli, tmp_path, path, [x])[0]
    # What the graph computes, within one output step (0.04): quantize at 0.05 (zero point -3),
    # int8 weights at 0.02 and an int32 bias at 0.001, then dequantize.
    q = np.clip(np.round(x / 0.05) - 3, -128, 127)
    weights = np.array([[1, -2, 3, -4], [5, 6, -7, 8], [9, -10, 11, 12]])
    real = ((q + 3) * 0.05) @ (weights * 0.02).T + np.array([100, -50, 7]) * 0.001
    expected = (np.clip(np.round(real / 0.04) + 5, -128, 127) - 5) * 0.04
    assert np.allclose(y, expected, atol=0.04 + 1e-6), (y, expected)
    # Floats go in as they are; the quantize helper says so, and integers are refused.
    assert np.array_equal(artifact.run(x.tolist())[0], y)
    with pytest.raises(arenastore.UsageError, match="not quantized"):
        arenastore.quantize(x, tensor)
    with pytest.raises(arenastore.UsageError, match="float32"):
        artifact.run(x.astype(np.int8))


def test_threads_sharing_one_session_take_turns_so_its_state_advances_call_by_call():
    # Calls on one Session are serialised: whatever the interleaving, 4 threads x 10 calls with
    # the same frame get exactly the 40 outputs 40 calls in a row get (lstm-gesture's state
    # makes each of them different), and leave the state where those calls leave it.
    artifact = arenastore.compile(example="lstm-gesture")
    x = random_inputs(artifact, 21)
    sequential = artifact.session()
    expected = [sequential.run(x)[0].tobytes() for _ in range(41)]
    assert len(set(expected)) == 41
    shared = artifact.session()
    got, errors = [], []

    def worker():
        try:
            for _ in range(10):
                got.append(shared.run(x)[0].tobytes())
        except Exception as error:
            errors.append(error)

    workers = [threading.Thread(target=worker) for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors
    assert sorted(got) == sorted(expected[:40])
    assert shared.run(x)[0].tobytes() == expected[40]
