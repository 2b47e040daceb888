"""``Store``: a store file used as ``arenastore push``, ``alias``, ``ls``, ``show`` and ``verify``
use it, answering with the documents their ``--json`` prints. (pull, sign, policy and audit are
the CLI's, for now.)

Example::

    store = arenastore.Store("arenastore.db")
    store.push(arenastore.compile(example="ds-cnn"), model="kws", alias="prod")
    store.alias("kws", "canary", 1)
    for row in store.ls("kws"):
        print(row["reference"], row["aliases"])
    details = store.show("kws@prod")
    kws = store.load("kws@prod")           # an Artifact, the store's signature policy applied
    store.verify()                         # raises IntegrityError on a damaged store
"""
from __future__ import annotations

import json
import os
from typing import List, Optional, Union

from . import _core
from .artifact import Artifact, PathLike


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

    def __repr__(self) -> str:
        return f"Store({self.path!r})"
