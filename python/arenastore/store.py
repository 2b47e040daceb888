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
    store.sign("kws@prod", key="release.key")
    store.policy("require-signature", "on")
    store.verify()                         # raises IntegrityError on a damaged store
    report = store.audit(isa="arm_mve")    # an AuditReport; report.html() is the page
"""
from __future__ import annotations

import json
import os
from typing import List, Optional, Sequence, Union

from . import _core
from .artifact import Artifact, PathLike
from .audit import AuditReport


class Store:
    """A store at ``path`` (only ``push`` creates a missing one). Holds only the path, so threads
    may share it; every call opens the store, read-only for reading when it cannot be written."""

    def __init__(self, path: PathLike):
        self.path = os.fspath(path)

    def push(self, artifact: Union[Artifact, PathLike], model: Optional[str] = None,
             alias: Optional[str] = None, note: Optional[str] = None) -> dict:
        """Stores an ``Artifact`` (or an artifact file) as the next version of ``model`` (default:
        the name it records), moving ``alias`` to it: one ``push --json`` entry. Creates the
        store when missing, as ``push`` does."""
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
        as ``alias set --json`` prints it."""
        if version < 1:
            from .errors import UsageError
            raise UsageError(f"version must be 1 or more, not {version}; remove an alias with "
                             "unalias()")
        return json.loads(_core.store_alias(self.path, model, alias, version, allow_rollback))

    def unalias(self, model: str, alias: str) -> dict:
        """Removes ``model@alias``: the change as ``alias rm --json`` prints it."""
        return json.loads(_core.store_alias(self.path, model, alias, 0, False))

    def ls(self, model: Optional[str] = None, *, isa: Optional[str] = None,
           kernel_version: Optional[str] = None, limit: int = 100) -> List[dict]:
        """Versions, newest first, each as one ``ls --json`` entry (``limit=0``: all)."""
        return self.listing(model, isa=isa, kernel_version=kernel_version,
                            limit=limit)["versions"]

    def listing(self, model: Optional[str] = None, *, isa: Optional[str] = None,
                kernel_version: Optional[str] = None, limit: int = 100) -> dict:
        """The whole ``ls --json`` document (with ``total`` and ``truncated``)."""
        return json.loads(_core.store_ls(self.path, model or "", kernel_version or "",
                                         isa or "", limit))

    def show(self, reference: str) -> dict:
        """Everything stored about one version (``kws``, ``kws@3``, ``kws@prod``), as
        ``show --json`` prints it."""
        return json.loads(_core.store_show(self.path, reference))

    def load(self, reference: str) -> Artifact:
        """The stored artifact, re-hashed against its digest, signature policy applied."""
        return Artifact.load(reference, db=self.path)

    def verify(self) -> dict:
        """Re-hashes every blob and verifies every signature: the ``verify --json`` report;
        a damaged store raises ``IntegrityError`` with that report as ``details``."""
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

    def __repr__(self) -> str:
        return f"Store({self.path!r})"
