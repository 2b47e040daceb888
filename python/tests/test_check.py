"""check and the gate: the verdict `arenastore check --json` reports, with the same findings in
the same words; what the gate rejects never runs and raises GateRejected with its findings."""
import numpy as np
import pytest

import arenastore
from conftest import shared_models

CASES = [(None, "default", None), ("ref", "strict", None), ("arm_mve", "default", None),
         ("arm_dsp", "strict", {"sram": "64K"}), ("x86_avx2", "fallback", None),
         ("ref", "default", {"sram": "1K"})]


@pytest.mark.parametrize("isa,policy,pools", CASES)
def test_verdict_is_what_check_json_reports(cli, tmp_path, isa, policy, pools):
    path = tmp_path / "all-ops.arena"
    cli("compile", "--example", "all-ops", "-o", path, "--target", "arm_mve")
    args = ["check", path, "--json", "--policy", policy]
    if isa:
        args += ["--isa", isa]
    for name, size in (pools or {}).items():
        args += ["--pool", f"{name}:{size}"]
    result = cli(*args, check=False)
    verdict = arenastore.Artifact.load(path).check(isa=isa, policy=policy, pools=pools)
    document = result.json()
    error = document.pop("error", None)  # the CLI's exit-3 outcome; a verdict here
    assert verdict.json == document
    assert result.exit_code == (3 if verdict.rejected else 0)
    assert (error is not None) == verdict.rejected
    assert [f.message for f in verdict.findings] == [f["message"] for f in document["findings"]]


def test_a_device_with_too_little_memory_gets_a_reject_naming_the_pool():
    artifact = arenastore.compile(example="ds-cnn", pools={"sram": "512K"})
    verdict = artifact.check(pools={"sram": "1K"})
    assert verdict.rejected and not verdict.accepted
    assert any(f.kind == "pool_too_small" and f.rejects for f in verdict.findings)


def test_running_what_the_gate_rejects_raises_gate_rejected_with_its_findings(cli, tmp_path):
    path = tmp_path / "all-ops.arena"
    cli("compile", "--example", "all-ops", "-o", path, "--target", "native")
    artifact = arenastore.Artifact.load(path)
    x = [np.zeros(t.shape, t.dtype) for t in artifact.inputs]
    result = cli("run", path, "--random-input", "1", "--isa", "ref", "--policy", "strict",
                 "--json", check=False)
    assert result.exit_code == 3
    with pytest.raises(arenastore.GateRejected) as raised:
        artifact.run(x, isa="ref", policy="strict")
    rejected = raised.value
    assert rejected.exit_code == 3
    assert rejected.message == result.json()["error"]["message"]
    assert rejected.findings and any(f.rejects for f in rejected.findings)
    assert [f.message for f in rejected.findings] == [
        f["message"] for f in result.json()["findings"]]
    assert rejected.verdict.advice is not None


def test_an_unknown_policy_is_a_usage_error():
    with pytest.raises(arenastore.UsageError, match="policy"):
        arenastore.compile(example="ds-cnn").check(policy="lenient")


@pytest.mark.parametrize("model", shared_models())
@pytest.mark.parametrize("isa,policy,pools", [("arm_mve", "default", {"sram": "512K"}),
                                              ("ref", "strict", {"sram": "2K"})])
def test_a_real_models_verdict_is_what_check_json_reports(cli, tmp_path, model, isa, policy,
                                                          pools):
    # Planned for arm_dsp and judged by another runtime, with room and with too little.
    path = tmp_path / "model.arena"
    cli("compile", model, "-o", path, "--target", "arm_dsp")
    args = ["check", path, "--json", "--isa", isa, "--policy", policy]
    for name, size in pools.items():
        args += ["--pool", f"{name}:{size}"]
    result = cli(*args, check=False)
    document = result.json()
    document.pop("error", None)
    verdict = arenastore.Artifact.load(path).check(isa=isa, policy=policy, pools=pools)
    assert verdict.json == document
    assert result.exit_code == (3 if verdict.rejected else 0)
    assert [(f.kind, f.op_index, f.planned_bytes, f.required_bytes, f.message)
            for f in verdict.findings] == [
        (f["kind"], f.get("op_index"), f.get("planned_bytes"), f.get("required_bytes"),
         f["message"]) for f in document["findings"]]
    if verdict.rejected:
        assert (verdict.advice is not None) == ("replan" in document)
    # The same words `arenastore check` prints for people.
    text = cli(*[a for a in args if a != "--json"], check=False).stdout
    assert f"{verdict.verdict.upper()} (judged as" in text
    for finding in verdict.findings:
        assert f"  {finding.severity:<6} {finding.message}\n" in text
