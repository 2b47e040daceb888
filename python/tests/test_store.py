"""Store (read side): a store the CLI wrote reads back from Python as `ls --json`, `show --json`
and `verify --json` report it; a stored version loads as the artifact pushed; a damaged blob
raises IntegrityError as verify exits 4."""
import signal
import sqlite3

import pytest

import arenastore


@pytest.fixture
def store(cli, tmp_path):
    db = tmp_path / "store.db"
    for example, target in (("ds-cnn", "ref"), ("ds-cnn", "x86_avx2"), ("resnet8", "ref")):
        path = tmp_path / f"{example}-{target}.arena"
        cli("compile", "--example", example, "-o", path, "--target", target)
        cli("push", path, "--model", example, "--alias", "prod", "--db", db)
    return db


def test_a_store_the_cli_wrote_reads_back_as_ls_and_show_json(cli, store):
    python = arenastore.Store(store)
    assert python.listing() == cli("ls", "--json", "--db", store).json()
    assert python.ls("ds-cnn", isa="x86_avx2") == cli(
        "ls", "ds-cnn", "--isa", "x86_avx2", "--json", "--db", store).json()["versions"]
    assert python.show("ds-cnn@prod") == cli("show", "ds-cnn@prod", "--json", "--db",
                                             store).json()


def test_a_stored_version_loads_as_the_artifact_pushed(store, tmp_path):
    stored = arenastore.Store(store).load("ds-cnn@1")
    assert stored.bytes == (tmp_path / "ds-cnn-ref.arena").read_bytes()
    assert stored.source == "ds-cnn@1"


def test_verify_reports_an_intact_store_as_verify_json_does(cli, store):
    assert arenastore.Store(store).verify() == cli("verify", "--json", "--db", store).json()


def test_a_damaged_blob_raises_integrity_error_as_verify_exits_4(cli, store):
    # A tamperer first drops the trigger that keeps blobs immutable.
    with sqlite3.connect(store) as db:
        db.execute("DROP TRIGGER blobs_are_immutable")
        db.execute("UPDATE blobs SET bytes = zeroblob(length(bytes)) WHERE artifact_id = 1")
    result = cli("verify", "--json", "--db", store, check=False)
    with pytest.raises(arenastore.IntegrityError) as raised:
        arenastore.Store(store).verify()
    assert raised.value.exit_code == result.exit_code == 4
    document = result.json()
    assert raised.value.message == document.pop("error")["message"]
    assert raised.value.details == document and not document["ok"]
    # Loading the damaged version re-hashes it, as `check ds-cnn@1` does.
    check = cli("check", "ds-cnn@1", "--db", store, check=False)
    with pytest.raises(arenastore.IntegrityError) as raised:
        arenastore.Store(store).load("ds-cnn@1")
    assert check.exit_code == 4 and f"error: {raised.value.message}" in check.stderr


def test_an_unknown_reference_is_an_error_with_the_clis_message(cli, store):
    result = cli("show", "nosuch@prod", "--db", store, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).show("nosuch@prod")
    assert raised.value.exit_code == result.exit_code
    assert f"error: {raised.value.message}" in result.stderr


def test_a_missing_store_is_never_created_by_reading(tmp_path):
    with pytest.raises(arenastore.ArenastoreError):
        arenastore.Store(tmp_path / "absent.db").ls()
    assert not (tmp_path / "absent.db").exists()


def test_a_store_written_from_python_reads_back_with_the_cli(cli, tmp_path):
    db = tmp_path / "python.db"
    store = arenastore.Store(db)
    kws = arenastore.compile(example="ds-cnn")
    pushed = store.push(kws, model="kws", alias="prod", note="from python")
    assert (pushed["reference"], pushed["sha256"], pushed["alias"]) == ("kws@1", kws.digest,
                                                                       "prod")
    path = tmp_path / "resnet8.arena"
    arenastore.compile(example="resnet8").save(path)
    assert store.push(path)["reference"] == "resnet8@1"  # named as the artifact records
    store.push(arenastore.compile(example="ds-cnn", target="x86_avx2"), model="kws")
    assert store.alias("kws", "canary", 1) == {"model": "kws", "alias": "canary",
                                               "old_version": 0, "new_version": 1,
                                               "rolled_back_past": 0}
    assert cli("alias", "set", "kws", "canary", "2", "--json", "--db", db).json() == {
        "model": "kws", "alias": "canary", "old_version": 1, "new_version": 2,
        "rolled_back_past": 0}
    assert "canary" in {v["reference"]: v for v in store.ls()}["kws@2"]["aliases"]
    listed = cli("ls", "--json", "--db", db).json()
    assert [v["reference"] for v in listed["versions"]] == [v["reference"] for v in store.ls()]
    assert cli("show", "kws@prod", "--json", "--db", db).json()["sha256"] == kws.digest
    out = tmp_path / "pulled.arena"
    cli("pull", "kws@prod", "-o", out, "--db", db)
    assert out.read_bytes() == kws.bytes
    assert store.unalias("kws", "canary")["new_version"] == 0
    cli("verify", "--db", db)


def test_a_store_the_cli_pushed_to_takes_python_pushes_alike(cli, store, tmp_path):
    python = arenastore.Store(store)
    entry = python.push(tmp_path / "resnet8-ref.arena", model="resnet8")
    assert entry["new_version"] is False  # the same bytes as the latest: nothing new stored
    assert python.ls("resnet8") == cli("ls", "resnet8", "--json", "--db",
                                       store).json()["versions"]


def test_ctrl_c_after_creating_a_store_is_a_keyboard_interrupt_not_the_end_of_python(tmp_path):
    # Creating a store writes its file atomically, which in the CLI arms handlers that end the
    # process on SIGINT; inside Python, Ctrl-C must stay the interpreter's KeyboardInterrupt.
    store = arenastore.Store(tmp_path / "new.db")
    store.push(arenastore.compile(example="ds-cnn"), model="kws")
    assert (tmp_path / "new.db").exists()
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)


def test_threads_sharing_a_store_push_and_read_and_the_cli_sees_every_version(cli, tmp_path):
    # A Store holds only its path and each call opens the store, without the GIL: threads may
    # share one. Eight pushes of different artifacts from four threads make eight versions,
    # while other calls read; the CLI then lists all eight and verifies the store.
    import threading
    db = tmp_path / "shared.db"
    store = arenastore.Store(db)
    store.push(arenastore.compile(example="resnet8"), model="seed")  # the store exists
    artifacts = [arenastore.compile(example="ds-cnn", pools={"sram": f"{64 + i}K"})
                 for i in range(8)]
    assert len({a.digest for a in artifacts}) == 8
    errors = []

    def worker(share):
        try:
            for artifact in share:
                store.push(artifact, model="kws")
                store.ls("kws")
                store.show("seed@1")
        except Exception as error:
            errors.append(error)

    workers = [threading.Thread(target=worker, args=(artifacts[i::4],)) for i in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors, errors
    listed = cli("ls", "kws", "--json", "--limit", "0", "--db", db).json()["versions"]
    assert sorted(v["sha256"] for v in listed) == sorted(a.digest for a in artifacts)
    assert sorted(v["version"] for v in listed) == list(range(1, 9))
    cli("verify", "--db", db)
