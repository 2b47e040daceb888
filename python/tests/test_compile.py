"""compile, Artifact and its plan: the bytes, digest and numbers `arenastore compile` and
`arenastore inspect --json` give."""
import hashlib

import numpy as np
import pytest

import arenastore
from conftest import EXAMPLES, shared_models


@pytest.mark.parametrize("example", EXAMPLES)
def test_compiling_an_example_gives_the_clis_bytes_and_summary(cli, tmp_path, example):
    out = tmp_path / "cli.arena"
    summary = cli("compile", "--example", example, "-o", out, "--pool", "sram:512K",
                  "--json").json()
    artifact = arenastore.compile(example=example, pools={"sram": "512K"})
    assert artifact.bytes == out.read_bytes()
    assert artifact.digest == summary["sha256"] == hashlib.sha256(artifact.bytes).hexdigest()
    for key in ("planned_bytes", "lower_bound_bytes", "algorithm", "pools", "peak",
                "operators", "weights_bytes"):
        assert artifact.summary[key] == summary[key], key


@pytest.mark.parametrize("example", EXAMPLES)
def test_plan_and_tensors_are_what_inspect_json_reports(cli, tmp_path, example):
    path = tmp_path / f"{example}.arena"
    cli("compile", "--example", example, "-o", path, "--target", "x86_avx2")
    inspected = cli("inspect", path, "--json").json()
    artifact = arenastore.Artifact.load(path)
    # The same document, the buffers alive at the peak included.
    assert artifact.description == inspected
    peak = inspected["plan"]["peak"]
    assert artifact.plan.planned_bytes == inspected["plan"]["planned_bytes"]
    assert artifact.plan.lower_bound_bytes == inspected["plan"]["lower_bound_bytes"]
    assert [p.planned_bytes for p in artifact.plan.pools] == [
        p["planned_bytes"] for p in inspected["pools"]]
    assert [op.scratch_bytes for op in artifact.plan.scratch] == [
        op["scratch_bytes"] for op in inspected["operators"]]
    assert [op.form for op in artifact.plan.scratch] == [
        op["form"] for op in inspected["operators"]]
    for tensor, entry in zip(artifact.inputs + artifact.outputs,
                             inspected["inputs"] + inspected["outputs"]):
        assert (tensor.name, list(tensor.shape), str(tensor.dtype), tensor.bytes) == (
            entry["name"], entry["shape"], entry["type"], entry["bytes"])
        assert tensor.scale == entry.get("scale")
        assert tensor.zero_point == entry.get("zero_point")
    # The peak live set read back from the artifact is the one compile printed.
    summary = cli("compile", "--example", example, "-o", tmp_path / "again.arena", "--target",
                  "x86_avx2", "--json").json()["peak"]
    assert artifact.plan.peak_step == summary["step"] == peak["step"]
    assert artifact.plan.peak_bytes == summary["bytes"]
    assert [(b.name, b.bytes) for b in artifact.plan.peak_buffers] == [
        (b["name"], b["bytes"]) for b in summary["buffers"]]


def test_ops_are_what_arenastore_ops_prints(cli, tmp_path):
    path = tmp_path / "all-ops.arena"
    cli("compile", "--example", "all-ops", "-o", path)
    assert arenastore.Artifact.load(path).ops == cli("ops", path).stdout.strip()


def test_save_and_load_give_back_the_same_artifact(tmp_path):
    artifact = arenastore.compile(example="ds-cnn", target="ref")
    artifact.save(tmp_path / "kws.arena")
    loaded = arenastore.Artifact.load(tmp_path / "kws.arena")
    assert loaded.bytes == artifact.bytes and loaded.digest == artifact.digest
    assert loaded.plan == artifact.plan
    assert arenastore.Artifact.from_bytes(artifact.bytes).digest == artifact.digest


@pytest.mark.parametrize("model", shared_models())
def test_compiling_a_real_model_from_path_or_bytes_gives_the_clis_bytes(cli, tmp_path, model):
    out = tmp_path / "cli.arena"
    cli("compile", model, "-o", out, "--target", "ref")
    assert arenastore.compile(model).bytes == out.read_bytes()
    from_bytes = arenastore.compile(model.read_bytes(), name=model.name)
    assert from_bytes.bytes == out.read_bytes()


def test_an_unknown_target_is_a_usage_error_with_the_clis_message(cli, tmp_path):
    result = cli("compile", "--example", "ds-cnn", "-o", tmp_path / "x.arena", "--target",
                 "z80", check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        arenastore.compile(example="ds-cnn", target="z80")
    assert raised.value.exit_code == result.exit_code == 2
    assert f"error: {raised.value.message}" in result.stderr


def test_a_missing_model_file_is_an_error_naming_it(cli, tmp_path):
    missing = tmp_path / "absent.tflite"
    result = cli("compile", missing, "-o", tmp_path / "x.arena", check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.compile(missing)
    assert raised.value.exit_code == result.exit_code
    assert str(missing) in raised.value.message
    assert f"error: {raised.value.message}" in result.stderr


def test_exception_classes_carry_the_exit_codes_of_the_one_mapping():
    codes = arenastore._core.EXIT_CODES
    assert arenastore.ArenastoreError.exit_code == codes["error"]
    assert arenastore.UsageError.exit_code == codes["usage"]
    assert arenastore.GateRejected.exit_code == codes["rejected"]
    assert arenastore.IntegrityError.exit_code == codes["integrity"]


def test_a_tampered_artifact_raises_integrity_error_with_the_clis_message(cli, tmp_path):
    path = tmp_path / "kws.arena"
    data = bytearray(arenastore.compile(example="ds-cnn").bytes)
    data[4:8] = b"ARSX"  # the file identifier: "ARST"
    path.write_bytes(bytes(data))
    result = cli("inspect", path, check=False)
    with pytest.raises(arenastore.IntegrityError) as raised:
        arenastore.Artifact.load(path)
    assert raised.value.exit_code == result.exit_code == 4
    assert f"error: {raised.value.message}" in result.stderr
    truncated = tmp_path / "short.arena"
    truncated.write_bytes(bytes(data[:100]))
    with pytest.raises(arenastore.IntegrityError):
        arenastore.Artifact.load(truncated)


@pytest.mark.parametrize("model", shared_models())
def test_a_real_models_plan_and_tensors_are_what_inspect_json_reports(cli, tmp_path, model):
    path = tmp_path / "model.arena"
    cli("compile", model, "-o", path, "--target", "arm_mve", "--pool", "sram:512K")
    inspected = cli("inspect", path, "--json").json()
    artifact = arenastore.Artifact.load(path)
    assert artifact.description == inspected
    plan = artifact.plan
    assert (plan.planned_bytes, plan.lower_bound_bytes, plan.peak_step) == (
        inspected["plan"]["planned_bytes"], inspected["plan"]["lower_bound_bytes"],
        inspected["plan"]["peak_step"])
    assert [(p.name, p.planned_bytes, p.capacity_bytes) for p in plan.pools] == [
        (p["name"], p["planned_bytes"], p["capacity_bytes"]) for p in inspected["pools"]]
    assert [(op.kind, op.scratch_bytes) for op in plan.scratch] == [
        (op["kind"], op["scratch_bytes"]) for op in inspected["operators"]]
    assert [(b.name, b.bytes) for b in plan.peak_buffers] == [
        (b["name"], b["bytes"]) for b in inspected["plan"]["peak"]["buffers"]]
    for tensor, entry in zip(artifact.inputs + artifact.outputs,
                             inspected["inputs"] + inspected["outputs"]):
        assert (tensor.name, list(tensor.shape), str(tensor.dtype), tensor.scale,
                tensor.zero_point) == (entry["name"], entry["shape"], entry["type"],
                                       entry.get("scale"), entry.get("zero_point"))
    assert artifact.ops == cli("ops", path).stdout.strip()


@pytest.mark.parametrize("options,flags", [
    ({"whole_tensors": True}, ["--whole-tensors"]),
    ({"reorder": True}, ["--reorder"]),
    ({"algorithm": "greedy_by_conflicts"}, ["--algorithm", "greedy_by_conflicts"]),
    ({"max_recompute": 20}, ["--max-recompute", "20"]),
])
def test_compile_options_are_the_clis_flags(cli, tmp_path, options, flags):
    out = tmp_path / "cli.arena"
    summary = cli("compile", "--example", "resnet8", "-o", out, *flags, "--json").json()
    artifact = arenastore.compile(example="resnet8", **options)
    assert artifact.bytes == out.read_bytes()
    assert artifact.summary["planned_bytes"] == summary["planned_bytes"]


def test_max_recompute_plans_row_stages_below_the_in_place_plan():
    # mobilenet-v1's early chains run strip by strip: fewer bytes, its MACs recomputed within
    # the budget, the stages named in the summary.
    in_place = arenastore.compile(example="mobilenet-v1")
    staged = arenastore.compile(example="mobilenet-v1", max_recompute=20)
    assert staged.plan.planned_bytes < in_place.plan.planned_bytes
    stages = staged.summary["over_input"]
    assert stages["row_stages"]
    assert stages["extra_macs"] * 5 <= stages["model_macs"]


def test_whole_tensors_plans_every_tensor_its_own_bytes():
    # No output written over its dying input: more bytes than the default plan, which does so.
    shared = arenastore.compile(example="mobilenet-v1")
    whole = arenastore.compile(example="mobilenet-v1", whole_tensors=True)
    assert whole.plan.planned_bytes > shared.plan.planned_bytes
    assert whole.bytes != shared.bytes
