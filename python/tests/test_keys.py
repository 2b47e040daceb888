"""Key management: generate_key, Store.trust_key, revoke_key, keys and verify_signature do what
`arenastore key generate | trust | revoke | ls` and `verify-signature` do, through the same C++
functions, answering with their --json documents and failing with their exit-code classes and
messages. Keys and trust written from Python are read by the CLI and the other way round."""
import os
import stat

import pytest

import arenastore


@pytest.fixture
def store(cli, tmp_path):
    """kws@1 (alias prod) in a store that trusts no key yet."""
    db = tmp_path / "store.db"
    cli("compile", "--example", "ds-cnn", "-o", tmp_path / "kws.arena")
    cli("push", tmp_path / "kws.arena", "--model", "kws", "--alias", "prod", "--db", db)
    return db


def expect_same_error(cli_result, raised, exit_code):
    assert cli_result.exit_code == raised.value.exit_code == exit_code
    assert f"error: {raised.value.message}" in cli_result.stderr


def test_a_key_pair_generated_from_python_is_one_the_cli_trusts_and_signs_with(cli, store,
                                                                                 tmp_path):
    made = arenastore.generate_key(tmp_path / "release")
    assert made == {"private_key_file": str(tmp_path / "release.key"),
                    "public_key_file": str(tmp_path / "release.pub"),
                    "public_key": made["public_key"]}
    assert len(made["public_key"]) == 64
    assert stat.S_IMODE(os.stat(tmp_path / "release.key").st_mode) == 0o600
    trusted = cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store,
                  "--json").json()
    assert trusted["public_key"] == made["public_key"]
    cli("sign", "kws@prod", "--key", tmp_path / "release.key", "--db", store)
    assert cli("verify-signature", "kws@prod", "--db", store).exit_code == 0


def test_generate_key_never_replaces_a_file_and_says_so_as_the_cli_does(cli, tmp_path):
    arenastore.generate_key(tmp_path / "release")
    before = (tmp_path / "release.key").read_bytes()
    result = cli("key", "generate", "--out", tmp_path / "release", check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.generate_key(tmp_path / "release")
    assert raised.value.exit_code == result.exit_code != 0
    assert f"error: {raised.value.message}" in result.stderr
    assert "choose another --out" in raised.value.message
    assert (tmp_path / "release.key").read_bytes() == before


def test_an_encrypted_key_generated_from_python_signs_with_its_passphrase(cli, store, tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("RELEASE_PASSPHRASE", "correct horse")
    arenastore.generate_key(tmp_path / "locked", passphrase_env="RELEASE_PASSPHRASE")
    store_ = arenastore.Store(store)
    store_.trust_key(tmp_path / "locked.pub", name="locked")
    with pytest.raises(arenastore.ArenastoreError):
        store_.sign("kws@prod", key=tmp_path / "locked.key")  # no passphrase given
    signed = store_.sign("kws@prod", key=tmp_path / "locked.key",
                         passphrase_env="RELEASE_PASSPHRASE")
    assert "locked" in signed["status"]


def test_keys_trusted_from_python_are_the_ones_key_ls_lists_and_the_other_way_round(cli, store,
                                                                                     tmp_path):
    python_key = arenastore.generate_key(tmp_path / "python")
    cli_key = cli("key", "generate", "--out", tmp_path / "cli", "--json").json()
    trusted = arenastore.Store(store).trust_key(tmp_path / "python.pub", name="python")
    assert trusted == {"name": "python", "public_key": python_key["public_key"]}
    by_cli = cli("key", "trust", cli_key["public_key"], "--name", "cli", "--db", store,
                 "--json").json()
    assert by_cli == {"name": "cli", "public_key": cli_key["public_key"]}
    listed = arenastore.Store(store).keys()
    assert listed == cli("key", "ls", "--db", store, "--json").json()
    assert sorted(k["name"] for k in listed["trusted_keys"]) == ["cli", "python"]
    assert listed["revoked_keys"] == []


def test_trust_refuses_a_private_key_file_as_the_cli_does(cli, store, tmp_path):
    arenastore.generate_key(tmp_path / "release")
    result = cli("key", "trust", tmp_path / "release.key", "--name", "release", "--db", store,
                 check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).trust_key(tmp_path / "release.key", name="release")
    assert raised.value.exit_code == result.exit_code != 0
    assert f"error: {raised.value.message}" in result.stderr
    assert arenastore.Store(store).keys()["trusted_keys"] == []


def test_a_key_revoked_from_python_no_longer_counts_for_the_cli(cli, store, tmp_path):
    arenastore.generate_key(tmp_path / "release")
    python_store = arenastore.Store(store)
    python_store.trust_key(tmp_path / "release.pub", name="release")
    python_store.sign("kws@prod", key=tmp_path / "release.key")
    assert cli("verify-signature", "kws@prod", "--db", store).exit_code == 0
    revoked = python_store.revoke_key("release", reason="laptop stolen")
    assert revoked["revoked"] == "release" and revoked["reason"] == "laptop stolen"
    assert revoked["signs"] == ["kws@1"]
    result = cli("verify-signature", "kws@prod", "--db", store, "--json", check=False)
    assert result.exit_code == 4
    listed = cli("key", "ls", "--db", store, "--json").json()
    assert [k["name"] for k in listed["revoked_keys"]] == ["release"]
    assert listed["revoked_keys"][0]["reason"] == "laptop stolen"


def test_a_key_the_cli_revoked_needs_force_to_be_trusted_again_from_python(cli, store, tmp_path):
    made = arenastore.generate_key(tmp_path / "release")
    cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store)
    cli("key", "revoke", "release", "--reason", "rotated", "--db", store)
    result = cli("key", "trust", tmp_path / "release.pub", "--name", "release", "--db", store,
                 check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).trust_key(tmp_path / "release.pub", name="release")
    assert raised.value.exit_code == result.exit_code != 0
    assert f"error: {raised.value.message}" in result.stderr
    lifted = arenastore.Store(store).trust_key(tmp_path / "release.pub", name="release",
                                               force=True)
    assert lifted["public_key"] == made["public_key"]
    assert lifted["lifted_revocation"]["name"] == "release"
    assert lifted["lifted_revocation"]["reason"] == "rotated"
    assert cli("key", "ls", "--db", store, "--json").json()["revoked_keys"] == []


def test_verify_signature_is_the_clis_document_and_raises_as_it_exits_4(cli, store, tmp_path):
    python_store = arenastore.Store(store)
    unsigned = cli("verify-signature", "kws@prod", "--db", store, "--json", check=False)
    with pytest.raises(arenastore.IntegrityError) as raised:
        python_store.verify_signature("kws@prod")
    assert unsigned.exit_code == raised.value.exit_code == 4
    document = unsigned.json()
    assert document.pop("error")["message"] == raised.value.message  # the CLI adds its error
    assert raised.value.details == document
    assert "has no valid signature by a trusted key" in raised.value.message
    arenastore.generate_key(tmp_path / "release")
    python_store.trust_key(tmp_path / "release.pub", name="release")
    python_store.sign("kws@prod", key=tmp_path / "release.key")
    verified = python_store.verify_signature("kws@prod")
    assert verified == cli("verify-signature", "kws@prod", "--db", store, "--json").json()
    assert verified["trusted"] is True
    assert verified["signatures"][0]["trusted_key_name"] == "release"


def test_revoking_an_unknown_key_fails_as_the_cli_does(cli, store):
    result = cli("key", "revoke", "nobody", "--db", store, check=False)
    with pytest.raises(arenastore.ArenastoreError) as raised:
        arenastore.Store(store).revoke_key("nobody")
    assert raised.value.exit_code == result.exit_code != 0
    assert f"error: {raised.value.message}" in result.stderr
