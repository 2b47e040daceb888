"""``Store``: a store file read as ``arenastore ls``, ``show`` and ``verify`` read it, answering
with the documents their ``--json`` prints. (Read side only, for now: push, alias, pull, sign,
policy and audit are the CLI's.)

Example::

    store = arenastore.Store("arenastore.db")
    for row in store.ls("kws"):
        print(row["reference"], row["aliases"])
    details = store.show("kws@prod")
    kws = store.load("kws@prod")           # an Artifact, the store's signature policy applied
    store.verify()                         # raises IntegrityError on a damaged store
"""
from __future__ import annotations

import json
import os
from typing import List, Optional

from . import _core
from .artifact import Artifact, PathLike


class Store:
    """A store at ``path`` (it must exist: reading never creates one). Holds only the path, so
    threads may share it; every call opens the store, read-only when it cannot be written."""

    def __init__(self, path: PathLike):
        self.path = os.fspath(path)

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
