"""``Store``: a store file used as ``arenastore push``, ``pull``, ``alias``, ``ls``, ``show``,
``sign``, ``policy``, ``verify`` and ``audit`` use it, through the same C++ functions, answering
with the documents their ``--json`` prints (an audit: an ``AuditReport``).

Example::

    store = arenastore.Store("arenastore.db")
    store.push(arenastore.compile(example="ds-cnn"), model="kws", alias="prod")
    store.alias("kws", "canary", 1)
    for row in store.ls("kws"):
        print(row["reference"], row["aliases"])
    details = store.show("kws@prod")
    kws = store.load("kws@prod")           # an Artifact, the store's signature policy applied
    store.pull("kws@prod", "kws.arena")    # to a file; store.pull("hub/kws@prod"): from a remote
    arenastore.generate_key("release")     # release.key, release.pub
    store.trust_key("release.pub", name="release")
    store.sign("kws@prod", key="release.key")
    store.verify_signature("kws@prod")["status"]
    store.policy("require-signature", "on")
    store.verify()                         # raises IntegrityError on a damaged store
    report = store.audit(isa="arm_mve")    # an AuditReport; report.html() is the page
    store.audit_runs(); store.audit_diff(1, 2); store.audit_fix(sign_with="release.key")
"""
from __future__ import annotations

import json
import os
from typing import Callable, List, Optional, Sequence, Union

from . import _core
from .artifact import Artifact, PathLike
from .audit import AuditFix, AuditReport


def _fd(passphrase_fd: Optional[int]) -> int:
    return -1 if passphrase_fd is None else passphrase_fd


def generate_key(out: PathLike = "arenastore-signing", *, passphrase_env: Optional[str] = None,
                 passphrase_fd: Optional[int] = None) -> dict:
    """``arenastore key generate --out OUT``: writes a new Ed25519 key pair, ``OUT.key`` (private,
    0600; encrypted when a passphrase comes from the environment variable ``passphrase_env`` or
    the first line of the open descriptor ``passphrase_fd``) and ``OUT.pub``, never replacing a
    file (a taken name raises, with the CLI's message).
    The ``key generate --json`` document ``{"private_key_file", "public_key_file",
    "public_key"}``. ``arenastore.generate_key("release")["public_key"]``"""
    return json.loads(_core.key_generate(os.fspath(out), passphrase_env or "", _fd(passphrase_fd)))


class Store:
    """A store at ``path`` (only ``push`` creates a missing one). Holds only the path, so threads
    may share it; every call opens the store, read-only for reading when it cannot be written.
    ``arenastore.Store("arenastore.db").show("kws@prod")["sha256"]``"""

    def __init__(self, path: PathLike) -> None:
        self.path = os.fspath(path)

    def push(self, artifact: Union[Artifact, PathLike], model: Optional[str] = None,
             alias: Optional[str] = None, note: Optional[str] = None) -> dict:
        """Stores an ``Artifact`` (or an artifact file) as the next version of ``model`` (default:
        the name it records), moving ``alias`` to it: one ``push --json`` entry. Creates the
        store when missing, as ``push`` does.
        ``store.push(arenastore.compile(example="ds-cnn"), model="kws", alias="prod")``"""
        if isinstance(artifact, Artifact):
            data, path = artifact.bytes, artifact.source
        else:
            path = os.fspath(artifact)
            with open(path, "rb") as file:
                data = file.read()
        document = json.loads(_core.store_push(self.path, data, path, model or "", alias or "",
                                               note or ""))
        return document["pushed"][0]

    def alias(self, model: str, alias: str, version: int, allow_rollback: bool = False) -> dict:
        """Points ``model@alias`` at ``version``, under the store's rollback policy: the change
        as ``alias set --json`` prints it. ``store.alias("kws", "canary", 2)["old_version"]``"""
        if version < 1:
            from .errors import UsageError
            raise UsageError(f"version must be 1 or more, not {version}; remove an alias with "
                             "unalias()")
        return json.loads(_core.store_alias(self.path, model, alias, version, allow_rollback))

    def unalias(self, model: str, alias: str) -> dict:
        """Removes ``model@alias``: the change as ``alias rm --json`` prints it.
        ``store.unalias("kws", "canary")``"""
        return json.loads(_core.store_alias(self.path, model, alias, 0, False))

    def ls(self, model: Optional[str] = None, *, isa: Optional[str] = None,
           kernel_version: Optional[str] = None, limit: int = 100) -> List[dict]:
        """Versions, newest first, each as one ``ls --json`` entry (``limit=0``: all).
        ``[v["reference"] for v in store.ls("kws", isa="arm_mve")]``"""
        return self.listing(model, isa=isa, kernel_version=kernel_version,
                            limit=limit)["versions"]

    def listing(self, model: Optional[str] = None, *, isa: Optional[str] = None,
                kernel_version: Optional[str] = None, limit: int = 100) -> dict:
        """The whole ``ls --json`` document (with ``total`` and ``truncated``).
        ``store.listing(limit=10)["truncated"]``"""
        return json.loads(_core.store_ls(self.path, model or "", kernel_version or "",
                                         isa or "", limit))

    def show(self, reference: str) -> dict:
        """Everything stored about one version (``kws``, ``kws@3``, ``kws@prod``), as
        ``show --json`` prints it. ``store.show("kws@prod")["sha256"]``"""
        return json.loads(_core.store_show(self.path, reference))

    def load(self, reference: str) -> Artifact:
        """The stored artifact, re-hashed against its digest, signature policy applied.
        ``store.load("kws@prod").run(x)``"""
        return Artifact.load(reference, db=self.path)

    def verify(self) -> dict:
        """Re-hashes every blob and verifies every signature: the ``verify --json`` report;
        a damaged store raises ``IntegrityError`` with that report as ``details``.
        ``store.verify()["ok"]``"""
        return json.loads(_core.store_verify(self.path))

    def pull(self, reference: str, path: Optional[PathLike] = None, *,
             all_versions: bool = False, allow_rollback: bool = False) -> dict:
        """``arenastore pull REFERENCE [-o PATH]``: the ``pull --json`` document.

        A version of this store (``kws@prod``) is written to ``path`` (required), signature
        policy applied and digest re-verified. A remote's model (``hub/kws@prod``, a remote
        ``arenastore remote ls`` shows) or an OCI image layout (``oci:/media/usb/kws:prod``) is
        brought into this store, verified and under its policies (``all_versions``: every version
        and alias; ``allow_rollback``: as ``--allow-rollback``), then written to ``path`` when
        given. ``store.pull("kws@prod", "kws.arena")["sha256"]``"""
        output = os.fspath(path) if path is not None else ""
        return json.loads(_core.store_pull(self.path, reference, output, all_versions,
                                           allow_rollback))

    def sign(self, reference: str, key: PathLike, *, passphrase_env: Optional[str] = None,
             passphrase_fd: Optional[int] = None) -> dict:
        """``arenastore sign REFERENCE --key KEY``: signs the version with the Ed25519 private key
        file ``key`` (``arenastore key generate`` writes one); an encrypted key's passphrase comes
        from the environment variable ``passphrase_env`` or the first line read from the open
        descriptor ``passphrase_fd``, as ``--passphrase-env`` / ``--passphrase-fd`` take it.
        The ``sign --json`` document: ``{"signed", "sha256", "status"}``.
        ``store.sign("kws@prod", key="release.key")["status"]``"""
        return json.loads(_core.store_sign(self.path, reference, os.fspath(key),
                                           passphrase_env or "",
                                           -1 if passphrase_fd is None else passphrase_fd))

    generate_key = staticmethod(generate_key)

    def trust_key(self, public_key: PathLike, name: str, *, force: bool = False) -> dict:
        """``arenastore key trust PUBLIC_KEY --name NAME [--force]``: trusts a public key (an
        ``OUT.pub`` file or its 64 hex digits; never the private ``.key``, which is refused) for
        signatures, creating a missing store. A revoked key is refused unless ``force``, which
        lifts the revocation (the document then has ``lifted_revocation``). The ``key trust
        --json`` document ``{"name", "public_key"}``.
        ``store.trust_key("release.pub", name="release")["public_key"]``"""
        public_key = os.fspath(public_key)
        return json.loads(_core.store_key_trust(self.path, public_key, name, force))

    def revoke_key(self, key: str, reason: Optional[str] = None) -> dict:
        """``arenastore key revoke KEY [--reason R]``: stops trusting a key (its name, its
        fingerprint or 8+ leading hex digits of it); its signatures no longer count anywhere.
        The ``key revoke --json`` document ``{"revoked", "public_key", "revoked_at", "reason",
        "signs"}`` (``signs``: the versions to re-sign).
        ``store.revoke_key("release", reason="laptop stolen")["signs"]``"""
        return json.loads(_core.store_key_revoke(self.path, key, reason or ""))

    def keys(self) -> dict:
        """``arenastore key ls --json``: ``{"trusted_keys": [{"name", "public_key", "signs",
        "trusted_at"}], "revoked_keys": [{"name", "public_key", "signs", "revoked_at",
        "reason"}]}``. ``[k["name"] for k in store.keys()["trusted_keys"]]``"""
        return json.loads(_core.store_key_ls(self.path))

    def verify_signature(self, reference: str) -> dict:
        """``arenastore verify-signature REFERENCE``: every signature of the version and whether a
        trusted one verifies, the ``--json`` document ``{"reference", "sha256", "trusted",
        "status", "signatures"}``. Raises ``IntegrityError`` (``details``: that document) when
        none does, as the verb exits 4. ``store.verify_signature("kws@prod")["status"]``"""
        return json.loads(_core.store_verify_signature(self.path, reference))

    def policy(self, name: Optional[str] = None, value: Union[str, bool, None] = None) -> dict:
        """The store's policies, as ``policy show --json`` prints them:
        ``{"require_signature": bool, "allow_rollback": bool}``. With ``name``
        (``"require-signature"`` or ``"allow-rollback"``) and ``value`` (``"on"``/``"off"``, or a
        bool), sets that policy first, as ``policy set NAME VALUE`` does (creating a missing
        store). ``store.policy("require-signature", "on")["require_signature"]``"""
        if name is None:
            if value is not None:
                from .errors import UsageError
                raise UsageError("policy(): a value needs the policy's name, e.g. "
                                 "policy(\"require-signature\", \"on\")")
            return json.loads(_core.store_policy(self.path, False, "", ""))
        if isinstance(value, bool):
            value = "on" if value else "off"
        return json.loads(_core.store_policy(self.path, True, name,
                                             "" if value is None else value))

    def audit(self, isa: Union[str, Sequence[str], None] = None, *, policy: str = "default",
              note: Optional[str] = None, record: bool = True,
              run: Optional[int] = None) -> AuditReport:
        """``arenastore audit``: would this build's runtime run what the fleet has deployed?
        Judges every (device class, deployed model version) pair of the device classes of
        ``isa`` (one or several; default every ISA) with the gate under ``policy``, and records
        the run unless ``record`` is False. ``run=N`` reads recorded run N instead
        (``audit show N``). A failing audit is a report here (``report.fails``; the CLI exits
        3); ``report.raise_if_fails()`` raises ``GateRejected``.
        ``store.audit(isa="arm_mve").totals.reject.devices``"""
        if run is not None:
            return AuditReport(_core.store_audit_show(self.path, run))
        isas = [isa] if isinstance(isa, str) else list(isa or [])
        return AuditReport(_core.store_audit(self.path, isas, policy, note or "", record))

    def audit_runs(self, limit: int = 20) -> List[dict]:
        """``arenastore audit ls --json``'s runs, newest first (``limit=0``: all), each as
        ``AuditReport.run`` has it. ``[r["id"] for r in store.audit_runs()]``"""
        return json.loads(_core.store_audit_ls(self.path, limit))["runs"]

    def audit_diff(self, run_a: int, run_b: int) -> dict:
        """``arenastore audit diff RUN_A RUN_B --json``: what changed between two recorded runs.
        ``store.audit_diff(3, 4)``"""
        return json.loads(_core.store_audit_diff(self.path, run_a, run_b))

    def audit_fix(self, isa: Union[str, Sequence[str], None] = None, *, policy: str = "default",
                  note: Optional[str] = None, sign_with: Optional[PathLike] = None,
                  passphrase_env: Optional[str] = None,
                  passphrase_fd: Optional[int] = None,
                  on_action: Optional[Callable[[dict], None]] = None) -> AuditFix:
        """``arenastore audit --fix``: audits (recorded), re-plans every curable reject for its
        device class, moves the devices onto the re-plan and audits again (recorded).
        ``sign_with``: a private key file (as ``sign`` takes it, with ``passphrase_env`` /
        ``passphrase_fd`` for an encrypted one) that signs each re-plan before devices move
        onto it; under require-signature, without one the fix refuses (``IntegrityError``)
        before changing anything. Remaining rejections are a report here (``fix.fails``), not
        an exception. ``on_action``: called with each step as it is done (the entry
        ``fix.actions`` will hold). The fix stops between steps when ``on_action`` raises or on
        Ctrl-C, and the exception propagates; every step done before is committed, and calling
        ``audit_fix`` again resumes. ``store.audit_fix(isa="arm_mve").after.totals.reject.results``"""
        isas = [isa] if isinstance(isa, str) else list(isa or [])
        return AuditFix(_core.store_audit_fix(
            self.path, isas, policy, note or "",
            os.fspath(sign_with) if sign_with is not None else "", passphrase_env or "",
            _fd(passphrase_fd), on_action))

    def __repr__(self) -> str:
        return f"Store({self.path!r})"
