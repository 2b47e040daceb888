"""Store.pull, sign and policy: what the CLI's pull, sign and policy verbs do, through the same
C++ functions, answering with their --json documents and failing with their exit-code classes
and messages. A store written from Python reads back with the CLI and the other way round."""
import os
import subprocess
import time
from pathlib import Path

import pytest

import arenastore

REGISTRY = Path("/usr/bin/docker-registry")


@pytest.fixture
def store(cli, tmp_path):
    db = tmp_path / "store.db"
    for example, target in (("ds-cnn", "ref"), ("ds-cnn", "x86_avx2")):
        path = tmp_path / f"{example}-{target}.arena"
        cli("compile", "--example", example, "-o", path, "--target", target)
        cli("push", path, "--model", "kws", "--alias", "prod", "--db", db)
    return db


@pytest.fixture
def key(cli, tmp_path):
    """A key pair the store trusts as `release`: the private key file's path."""
    cli("key", "generate", "--out", tmp_path / "release")
    return tmp_path / "release.key"


def expect_same_error(cli_result, raised, exit_code):
    assert cli_result.exit_code == raised.value.exit_code == exit_code
    assert f"error: {raised.value.message}" in cli_result.stderr


def test_pull_writes_a_stored_version_as_the_cli_does(cli, store, tmp_path):
    python = arenastore.Store(store).pull("kws@prod", tmp_path / "python.arena")
    by_cli = cli("pull", "kws@prod", "-o", tmp_path / "cli.arena", "--db", store, "--json").json()
    assert (tmp_path / "python.arena").read_bytes() == (tmp_path / "cli.arena").read_bytes()
    assert python == {**by_cli, "file": str(tmp_path / "python.arena")}
    assert python["reference"] == "kws@2"


def test_pull_of_a_stored_version_without_a_path_fails_as_the_cli_does(cli, store):
    result = cli("pull", "kws@prod", "--db", store, check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        arenastore.Store(store).pull("kws@prod")
    expect_same_error(result, raised, 2)
    assert "it needs -o FILE" in raised.value.message


def test_pull_never_reads_a_file_and_says_so_as_the_cli_does(cli, store, tmp_path):
    result = cli("pull", "kws.arena", "-o", tmp_path / "x", "--db", store, check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        arenastore.Store(store).pull("kws.arena", tmp_path / "x")
    expect_same_error(result, raised, 2)


def test_pull_from_an_oci_layout_brings_the_version_into_the_store(cli, store, tmp_path):
    layout = tmp_path / "layout"
    cli("export", "kws@prod", "--oci-layout", layout, "--db", store)
    python_db, cli_db = tmp_path / "python.db", tmp_path / "cli.db"
    cli("policy", "set", "allow-rollback", "on", "--db", python_db)
    cli("policy", "set", "allow-rollback", "on", "--db", cli_db)
    pulled = arenastore.Store(python_db).pull(f"oci:{layout}:prod", tmp_path / "python.arena")
    by_cli = cli("pull", f"oci:{layout}:prod", "-o", tmp_path / "cli.arena", "--db", cli_db,
                 "--json").json()
    assert pulled["pulled"] == by_cli["pulled"]
    assert pulled["pulled"][0]["reference"] == "kws@2" and pulled["pulled"][0]["new_version"]
    assert (tmp_path / "python.arena").read_bytes() == (tmp_path / "cli.arena").read_bytes()
    # What Python pulled reads back with the CLI.
    assert cli("show", "kws@prod", "--json", "--db", python_db).json()["sha256"] == \
        pulled["pulled"][0]["sha256"]
    cli("verify", "--db", python_db)


@pytest.fixture
def registry(tmp_path):
    """A CNCF Distribution registry on 127.0.0.1 (Debian's docker-registry), or a skip."""
    if not REGISTRY.exists():
        pytest.skip(f"{REGISTRY} is missing (Debian's docker-registry package)")
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = tmp_path / "registry.yml"
    config.write_text("version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\n"
                      f"storage:\n  filesystem:\n    rootdirectory: {tmp_path / 'registry'}\n"
                      f"http:\n  addr: 127.0.0.1:{port}\n")
    process = subprocess.Popen([str(REGISTRY), "serve", str(config)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            with socket.socket() as client:
                if client.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.05)
        else:
            pytest.fail(f"docker-registry did not listen on 127.0.0.1:{port}")
        yield f"http://127.0.0.1:{port}/team"
    finally:
        process.kill()
        process.wait()


def test_pull_from_a_remote_brings_it_into_the_store_as_the_cli_does(cli, store, key,
                                                                       registry, tmp_path):
    cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store)
    arenastore.Store(store).sign("kws@prod", key=key)
    cli("remote", "add", "hub", registry, "--db", store)
    cli("push", "kws", "--remote", "hub", "--db", store)
    python_db, cli_db = tmp_path / "python.db", tmp_path / "cli.db"
    for db in (python_db, cli_db):
        cli("remote", "add", "hub", registry, "--db", db)
    pulled = arenastore.Store(python_db).pull("hub/kws@prod", tmp_path / "python.arena")
    by_cli = cli("pull", "hub/kws@prod", "-o", tmp_path / "cli.arena", "--db", cli_db,
                 "--json").json()
    assert pulled["pulled"] == by_cli["pulled"]
    assert (pulled["remote"], pulled["repository"]) == (by_cli["remote"], by_cli["repository"])
    assert pulled["pulled"][0]["signatures_found"] == 1  # signed from Python, carried along
    assert (tmp_path / "python.arena").read_bytes() == (tmp_path / "cli.arena").read_bytes()
    everything = arenastore.Store(python_db).pull("hub/kws", all_versions=True)
    assert sorted(p["reference"] for p in everything["pulled"]) == ["kws@1", "kws@2"]
    listed = cli("ls", "--json", "--db", python_db).json()["versions"]
    assert sorted(v["reference"] for v in listed) == ["kws@1", "kws@2"]


def test_pull_from_an_unknown_remote_fails_as_the_cli_does(cli, store, tmp_path):
    result = cli("pull", "nowhere/kws@prod", "--db", store, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).pull("nowhere/kws@prod")
    expect_same_error(result, raised, result.exit_code)


def test_policy_reads_and_sets_what_the_cli_reads_and_sets(cli, store):
    python = arenastore.Store(store)
    assert python.policy() == cli("policy", "show", "--json", "--db", store).json() == {
        "require_signature": False, "allow_rollback": True}
    assert python.policy("require-signature", "on") == {"require_signature": True,
                                                        "allow_rollback": True}
    assert cli("policy", "show", "--json", "--db", store).json()["require_signature"] is True
    cli("policy", "set", "allow-rollback", "off", "--db", store)
    assert python.policy() == {"require_signature": True, "allow_rollback": False}
    assert python.policy("require-signature", False)["require_signature"] is False


@pytest.mark.parametrize("name,value", [("require-signatures", "on"),
                                        ("require-signature", "yes")])
def test_a_wrong_policy_word_is_a_usage_error_with_the_clis_message(cli, store, name, value):
    result = cli("policy", "set", name, value, "--db", store, check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        arenastore.Store(store).policy(name, value)
    expect_same_error(result, raised, 2)


def test_a_version_signed_from_python_verifies_with_the_cli(cli, store, key, tmp_path):
    cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store)
    signed = arenastore.Store(store).sign("kws@prod", key=key)
    assert signed["signed"] == "kws@2"
    verified = cli("verify-signature", "kws@prod", "--json", "--db", store).json()
    assert verified["trusted"] and signed["status"] == verified["status"]
    assert signed["sha256"] == verified["sha256"]


def test_under_require_signature_only_signed_versions_load_and_pull(cli, store, key, tmp_path):
    python = arenastore.Store(store)
    cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store)
    python.policy("require-signature", "on")
    refused = cli("pull", "kws@prod", "-o", tmp_path / "cli.arena", "--db", store, check=False)
    with pytest.raises(arenastore.IntegrityError) as raised:
        python.pull("kws@prod", tmp_path / "python.arena")
    expect_same_error(refused, raised, 4)
    with pytest.raises(arenastore.IntegrityError):
        python.load("kws@prod")
    cli("sign", "kws@prod", "--key", key, "--db", store)  # signed by the CLI, read by Python
    python.pull("kws@prod", tmp_path / "python.arena")
    assert python.load("kws@prod").bytes == (tmp_path / "python.arena").read_bytes()


def test_an_encrypted_key_signs_with_its_passphrase_from_env_or_fd(cli, store, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("ARENASTORE_TEST_PASSPHRASE", "correct horse")
    cli("key", "generate", "--out", tmp_path / "locked", "--passphrase-env",
        "ARENASTORE_TEST_PASSPHRASE")
    python = arenastore.Store(store)
    result = cli("sign", "kws@1", "--key", tmp_path / "locked.key", "--db", store, check=False)
    with pytest.raises(arenastore.UsageError) as raised:
        python.sign("kws@1", key=tmp_path / "locked.key")
    expect_same_error(result, raised, 2)
    signed = python.sign("kws@1", key=tmp_path / "locked.key",
                         passphrase_env="ARENASTORE_TEST_PASSPHRASE")
    assert signed["signed"] == "kws@1"
    read, write = os.pipe()
    os.write(write, b"correct horse\n")
    os.close(write)
    try:
        assert python.sign("kws@2", key=tmp_path / "locked.key",
                           passphrase_fd=read)["signed"] == "kws@2"
    finally:
        os.close(read)


def test_signing_with_a_missing_key_file_fails_as_the_cli_does(cli, store, tmp_path):
    result = cli("sign", "kws@1", "--key", tmp_path / "absent.key", "--db", store, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).sign("kws@1", key=tmp_path / "absent.key")
    expect_same_error(result, raised, result.exit_code)
