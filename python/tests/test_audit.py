"""Store.audit: the report `arenastore audit --json` prints, as Python objects (one AuditResult
per device class x deployed version, the same fields), and the page `audit --html` writes, made
by the same C++; a run recorded from Python reads back with `audit show`, and one the CLI
recorded reads back from Python."""
import signal
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


def deployed_store(cli, tmp_path, name, devices_csv):
    """A store `name`.db holding ds-cnn planned for arm_mve as kws@prod, run by `devices_csv`."""
    db = tmp_path / f"{name}.db"
    cli("compile", "--example", "ds-cnn", "--target", "arm_mve", "-o", tmp_path / "kws.arena")
    cli("push", tmp_path / "kws.arena", "--model", "kws", "--alias", "prod", "--db", db)
    (tmp_path / f"{name}.csv").write_text(devices_csv)
    cli("fleet", "import", tmp_path / f"{name}.csv", "--db", db)
    return db


@pytest.fixture
def fleet(cli, tmp_path):
    return deployed_store(cli, tmp_path, "fleet", DEVICES)


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
                      "device_kernel_version", "pools", "placement", "ops", "devices", "reasons",
                      "reclaimable_bytes", "curable", "signature", "device_ram_bytes",
                      "planned_bytes", "tensor_bound_bytes", "saved_bytes", "replan_bytes",
                      "row_stages", "extra_macs", "model_macs", "reference_kernel_ops",
                      "own_slower_kernel_ops"):
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


def test_audit_runs_are_what_audit_ls_lists_whoever_recorded_them(cli, fleet):
    arenastore.Store(fleet).audit(note="from python")
    cli("audit", "--note", "from the cli", "--db", fleet, check=False)
    runs = arenastore.Store(fleet).audit_runs()
    assert runs == cli("audit", "ls", "--db", fleet, "--json").json()["runs"]
    assert [(r["id"], r["note"]) for r in runs] == [(2, "from the cli"), (1, "from python")]
    assert [r["id"] for r in arenastore.Store(fleet).audit_runs(limit=1)] == [2]


def test_audit_diff_is_what_audit_diff_prints(cli, fleet):
    store = arenastore.Store(fleet)
    store.audit()
    store.audit(isa="arm_mve")
    diff = store.audit_diff(1, 2)
    assert diff == cli("audit", "diff", "1", "2", "--db", fleet, "--json").json()
    assert diff != store.audit_diff(1, 1)


def test_a_reports_csv_is_what_audit_csv_prints(cli, fleet):
    report = arenastore.Store(fleet).audit()
    shown = cli("audit", "show", str(report.run.id), "--csv", "--db", fleet)
    assert report.csv() == shown.stdout
    assert len(report.csv().splitlines()) == 1 + len(report.results)


def test_an_unknown_run_to_diff_fails_as_the_cli_does(cli, fleet):
    arenastore.Store(fleet).audit()
    result = cli("audit", "diff", "1", "9", "--db", fleet, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(fleet).audit_diff(1, 9)
    assert raised.value.exit_code == result.exit_code != 0
    assert f"error: {raised.value.message}" in result.stderr


# kws@prod, planned for arm_mve, on an arm_dsp class with room for a re-plan: a curable reject.
CURABLE = """device,hardware,isa,kernel_version,pools,model
dev-1,big-board,arm_mve,1.0.0,sram=512K,kws@prod
dev-2,mid-board,arm_dsp,1.0.0,sram=512K,kws@prod
"""


@pytest.fixture
def curable(cli, tmp_path):
    """Two copies of one store with a curable reject: one for Python to fix, one for the CLI."""
    return [deployed_store(cli, tmp_path, name, CURABLE) for name in ("python", "cli")]


def test_audit_fix_replans_the_curable_reject_as_audit_fix_does(cli, curable):
    python_db, cli_db = curable
    fix = arenastore.Store(python_db).audit_fix()
    by_cli = cli("audit", "--fix", "--db", cli_db, "--json").json()
    assert fix.document.keys() == by_cli.keys()
    assert fix.document["before"] == by_cli["before"] and fix.document["after"] == by_cli["after"]
    assert [(a["fixed"], a["replanned"]["reference"], a["replanned"]["devices_moved"])
            for a in fix.actions] == [(True, "kws@2", 1)]
    assert fix.before.totals.reject.results == 1 and fix.after.totals.reject.results == 0
    assert not fix.fails and fix.raise_if_fails() is fix
    # Both audits are recorded, and the CLI reads the re-plan and the moved device back.
    runs = cli("audit", "ls", "--db", python_db, "--json").json()["runs"]
    assert [r["id"] for r in runs] == [fix.after.run.id, fix.before.run.id]
    assert cli("show", "kws@2", "--db", python_db, "--json").json()["version"] == 2
    assert cli("audit", "--db", python_db).exit_code == 0


def test_audit_fix_signs_its_replans_with_the_key_it_is_given(cli, curable, tmp_path):
    python_db, _ = curable
    store = arenastore.Store(python_db)
    arenastore.generate_key(tmp_path / "release")
    store.trust_key(tmp_path / "release.pub", name="release")
    store.policy("require-signature", "on")
    with pytest.raises(arenastore.IntegrityError) as raised:
        store.audit_fix()  # under require-signature a fix without a key changes nothing
    result = cli("audit", "--fix", "--db", python_db, check=False)
    assert result.exit_code == raised.value.exit_code == 4
    assert f"error: {raised.value.message}" in result.stderr
    assert len(store.ls("kws")) == 1 and store.audit_runs() == []
    store.sign("kws@prod", key=tmp_path / "release.key")  # what the devices run now
    fix = store.audit_fix(sign_with=tmp_path / "release.key")
    assert fix.actions[0]["replanned"]["signed"] is True
    assert cli("verify-signature", "kws@2", "--db", python_db).exit_code == 0


def test_audit_fix_with_nothing_curable_left_is_a_failing_report(cli, fleet):
    fix = arenastore.Store(fleet).audit_fix()  # tiny-board's 8K holds no re-plan
    assert fix.fails and fix.after.totals.reject.results == 1 and fix.actions == []
    assert [r["hardware"] for r in fix.document["remaining_rejects"]] == ["tiny-board"]
    result = cli("audit", "--fix", "--db", fleet, "--json", check=False)
    with pytest.raises(arenastore.GateRejected) as raised:
        fix.raise_if_fails()
    assert result.exit_code == raised.value.exit_code == 3
    assert result.json()["error"]["message"] == raised.value.message


def test_each_result_names_its_devices_and_the_bytes_each_memory_keeps_free(fleet):
    report = arenastore.Store(fleet).audit(record=False)
    by_hardware = {r.hardware: r for r in report.results}
    big = by_hardware["big-board"]
    assert big.device_ids == ("dev-1", "dev-2") and big.more_devices == 0
    assert [m.memory for m in big.memory_free] == ["sram"]
    assert f"sram: {big.memory_free[0].free_bytes:,} B free" in report.html()
    assert by_hardware["tiny-board"].memory_free == ()  # 8K cannot hold the plan: not placed


def test_the_fix_page_says_what_moved_to_which_version_on_which_devices(cli, curable, tmp_path):
    python_db, cli_db = curable
    fix = arenastore.Store(python_db).audit_fix()
    page = fix.html()
    xml.dom.minidom.parseString(page)  # well formed
    assert "Moved by audit --fix" in page and "<strong>kws@2</strong>" in page
    assert fix.actions[0]["rejected"]["device_ids"] == ["dev-2"]
    cli("audit", "--fix", "--db", cli_db, "--html", tmp_path / "fix.html")
    assert (tmp_path / "fix.html").read_text().count("dev-2") == page.count("dev-2")


def test_the_recorded_reaudit_reads_back_with_what_the_fix_moved_where(cli, curable):
    python_db, _ = curable
    store = arenastore.Store(python_db)
    fix = store.audit_fix()
    shown = store.audit(run=fix.after.run.id)
    assert shown.run.fix_of_run == fix.before.run.id
    assert shown.fix == {"run": fix.before.run.id, "actions": fix.actions}
    assert shown.fix == fix.after.fix
    assert shown.document == cli("audit", "show", str(fix.after.run.id), "--db", python_db,
                                 "--json").json()
    assert "<strong>kws@2</strong>" in shown.html()
    first = store.audit(run=fix.before.run.id)
    assert first.fix is None and first.run.fix_of_run is None


def test_each_result_says_the_device_ram_its_version_needs_as_its_description_does(cli, fleet):
    # Both classes are Cortex-M (arm_mve and arm_dsp), as is the arm_mve artifact: the runtime's
    # objects are the same size there, so the audit's figure is the artifact's own.
    store = arenastore.Store(fleet)
    report = store.audit()
    expected = store.load("kws@prod").description["device_ram"]["total_bytes"]
    assert [r.device_ram_bytes for r in report.results] == [expected, expected]
    assert all(r.device_ram_bytes == e["device_ram_bytes"]
               for r, e in zip(report.results, report.document["results"]))
    # A recorded run reads the figures back, from Python and from the CLI.
    assert [r.device_ram_bytes for r in store.audit(run=report.run.id).results] == [expected] * 2
    recorded = cli("audit", "show", str(report.run.id), "--json", "--db", fleet).json()
    assert [r["device_ram_bytes"] for r in recorded["results"]] == [expected, expected]
    assert f"device RAM {expected:,} B" in report.html()


# As CURABLE, with a second arm_dsp class: two curable rejects, fixed one at a time.
TWO_CURABLE = CURABLE + "dev-3,other-board,arm_dsp,1.0.0,sram=256K,kws@prod\n"


@pytest.fixture
def two_curable(cli, tmp_path):
    return deployed_store(cli, tmp_path, "two", TWO_CURABLE)


def test_audit_fix_hands_each_step_to_on_action_as_it_is_done(two_curable):
    seen = []
    fix = arenastore.Store(two_curable).audit_fix(on_action=seen.append)
    assert len(seen) == 2 and seen == fix.actions
    assert [a["rejected"]["device_ids"] for a in seen] == [["dev-2"], ["dev-3"]]


def test_audit_fix_stops_between_steps_when_on_action_raises_and_resumes_after(cli, two_curable):
    store = arenastore.Store(two_curable)
    done = []

    def stop_after_the_first(action):
        done.append(action)
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        store.audit_fix(on_action=stop_after_the_first)
    assert len(done) == 1 and done[0]["fixed"]
    # The first step is committed: its re-plan is stored and its device runs it.
    assert [v["version"] for v in cli("ls", "kws", "--db", two_curable, "--json").json()["versions"]] \
        == [2, 1]
    fix = store.audit_fix()
    assert [a["rejected"]["device_ids"] for a in fix.actions] == [["dev-3"]]
    assert fix.after.totals.reject.results == 0 and not fix.fails


def test_ctrl_c_stops_audit_fix_between_steps_as_a_keyboard_interrupt(two_curable):
    store = arenastore.Store(two_curable)
    with pytest.raises(KeyboardInterrupt):
        store.audit_fix(on_action=lambda action: signal.raise_signal(signal.SIGINT))
    fix = store.audit_fix()  # resumes with what is left
    assert len(fix.actions) == 1 and not fix.fails
