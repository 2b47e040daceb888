"""Store.audit: the report `arenastore audit --json` prints, as Python objects (one AuditResult
per device class x deployed version, the same fields), and the page `audit --html` writes, made
by the same C++; a run recorded from Python reads back with `audit show`, and one the CLI
recorded reads back from Python."""
import xml.dom.minidom

import pytest

import arenastore

# Two classes run kws@prod, planned for arm_mve: one of that ISA with room for it, one of
# another ISA whose 8K of SRAM cannot hold its plan.
DEVICES = """device,hardware,isa,kernel_version,pools,model
dev-1,big-board,arm_mve,1.0.0,sram=512K,kws@prod
dev-2,big-board,arm_mve,1.0.0,sram=512K,kws@prod
dev-3,tiny-board,arm_dsp,1.0.0,sram=8K,kws@prod
"""


@pytest.fixture
def fleet(cli, tmp_path):
    db = tmp_path / "fleet.db"
    cli("compile", "--example", "ds-cnn", "--target", "arm_mve", "-o", tmp_path / "kws.arena")
    cli("push", tmp_path / "kws.arena", "--model", "kws", "--alias", "prod", "--db", db)
    (tmp_path / "devices.csv").write_text(DEVICES)
    cli("fleet", "import", tmp_path / "devices.csv", "--db", db)
    return db


def test_an_audit_from_python_is_the_run_audit_show_prints(cli, fleet):
    report = arenastore.Store(fleet).audit(note="from python")
    assert report.run.id == 1 and report.run.note == "from python"
    assert report.document == cli("audit", "show", "1", "--json", "--db", fleet).json()
    assert report.fails  # `audit` exits 3 for this fleet
    assert cli("audit", "--no-record", "--db", fleet, check=False).exit_code == 3


def test_the_reports_rows_carry_the_fields_of_audit_json(fleet):
    report = arenastore.Store(fleet).audit()
    assert len(report.results) == len(report.document["results"]) == 2
    for row, entry in zip(report.results, report.document["results"]):
        assert row.class_key == entry["class"]
        for field in ("verdict", "model", "version", "sha256", "hardware", "isa",
                      "device_kernel_version", "pools", "ops", "devices", "reasons",
                      "reclaimable_bytes", "curable", "signature"):
            assert getattr(row, field) == entry[field], field
        assert [f.message for f in row.findings] == [f["message"] for f in entry["findings"]]
    rejected = report.results[0]  # rejects first
    assert (rejected.verdict, rejected.hardware, rejected.devices) == ("reject", "tiny-board", 1)
    assert rejected.reference == "kws@1" and any(f.rejects for f in rejected.findings)
    assert report.totals.reject == arenastore.VerdictCount(results=1, devices=1)
    assert report.by_hardware["big-board"].reject.results == 0
    assert report.by_model["kws"].reject.devices == 1
    assert report.run.devices == 3 and report.run.classes == 2


def test_an_audit_filtered_by_isa_and_not_recorded_is_audit_no_record(cli, fleet):
    report = arenastore.Store(fleet).audit(isa="arm_mve", record=False)
    assert report.run.id == 0 and report.run.isas == ("arm_mve",)
    assert not report.fails and [r.hardware for r in report.results] == ["big-board"]
    assert report.raise_if_fails() is report
    assert cli("audit", "ls", "--json", "--db", fleet).json()["runs"] == []
    by_cli = cli("audit", "--runtime-isa", "arm_mve", "--no-record", "--json", "--db",
                 fleet).json()
    for document in (by_cli, report.document):
        document["run"].pop("started_at")
        document["run"].pop("elapsed_ms")
    assert report.document == by_cli


def test_a_failing_audit_raises_gate_rejected_on_request_with_the_clis_message(cli, fleet):
    result = cli("audit", "--no-record", "--db", fleet, check=False)
    report = arenastore.Store(fleet).audit(record=False)
    with pytest.raises(arenastore.GateRejected) as raised:
        report.raise_if_fails()
    assert raised.value.exit_code == result.exit_code == 3
    # The CLI prints why instead of the message, as it does for every gate rejection.
    assert raised.value.message == "the audit found rejections or unsigned deployments"
    assert "1 pairs on 1 devices would be rejected" in result.stderr
    assert raised.value.details == report.document


def test_a_run_the_cli_recorded_reads_back_from_python_with_its_page(cli, fleet, tmp_path):
    cli("audit", "--note", "from the cli", "--html", tmp_path / "cli.html", "--db", fleet,
        check=False)
    report = arenastore.Store(fleet).audit(run=1)
    assert report.run.note == "from the cli"
    assert report.html() == (tmp_path / "cli.html").read_text()
    xml.dom.minidom.parseString(report.html())  # XHTML: any XML parser reads it


def test_an_audit_reports_page_shows_in_a_notebook(fleet):
    report = arenastore.Store(fleet).audit(record=False)
    shown = report._repr_html_()
    assert shown.startswith("<iframe") and "srcdoc=" in shown
    assert "tiny-board" in shown and "<!DOCTYPE" not in shown  # the page, escaped


def test_an_unknown_run_or_isa_fails_as_the_cli_does(cli, fleet):
    result = cli("audit", "show", "7", "--db", fleet, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(fleet).audit(run=7)
    assert raised.value.exit_code == result.exit_code
    assert f"error: {raised.value.message}" in result.stderr
    result = cli("audit", "--runtime-isa", "z80", "--db", fleet, check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        arenastore.Store(fleet).audit(isa="z80")
    assert f"error: {raised.value.message}" in result.stderr
