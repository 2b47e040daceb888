"""The package's public face, as issue #38 asks for it: every public function, method and
property has a docstring showing an example of its use and type hints on every parameter and
its result (hints that resolve to real types), and the hints of the C++ module (_core.pyi) name
exactly what the module defines."""
import ast
import inspect
import re
import typing
from pathlib import Path

import pytest

import arenastore
import arenastore._core

PACKAGE = Path(arenastore.__file__).resolve().parent


def public_callables():
    """(qualified name, attribute name, function, kind) for what `__all__` exports: functions,
    and the methods, static methods and properties its classes define themselves."""
    for name in arenastore.__all__:
        exported = getattr(arenastore, name)
        if inspect.isfunction(exported):
            yield name, name, exported, "call"
        elif inspect.isclass(exported):
            for attribute, value in vars(exported).items():
                if attribute.startswith("_"):
                    continue
                if isinstance(value, property):
                    yield f"{name}.{attribute}", attribute, value.fget, "property"
                elif isinstance(value, (staticmethod, classmethod)):
                    yield f"{name}.{attribute}", attribute, value.__func__, "call"
                elif inspect.isfunction(value):
                    yield f"{name}.{attribute}", attribute, value, "call"


CALLABLES = list(public_callables())
CLASSES = [name for name in arenastore.__all__ if inspect.isclass(getattr(arenastore, name))]


def test_the_walk_sees_the_api():
    names = {qualified for qualified, *_ in CALLABLES}
    for expected in ("compile", "quantize", "Artifact.run", "Artifact.load", "Artifact.plan",
                     "Session.reset", "Store.push", "Store.audit", "Verdict.rejected"):
        assert expected in names
    assert len(CALLABLES) > 50


@pytest.mark.parametrize("qualified,attribute,function,kind", CALLABLES,
                         ids=[c[0] for c in CALLABLES])
def test_every_public_function_has_a_docstring_showing_an_example(qualified, attribute,
                                                                  function, kind):
    doc = inspect.getdoc(function)
    assert doc, f"{qualified} has no docstring"
    # An example is code: a ``...`` span or an indented block after `::` that calls the function
    # (`name(`) or, for a property, reads it (`.name`).
    code = " ".join(re.findall(r"``(.+?)``", doc, re.S))
    code += " ".join(re.findall(r"::\n\n((?:\s+.*\n?)+)", doc))
    pattern = rf"\b{re.escape(attribute)}\(" if kind == "call" else rf"\.{re.escape(attribute)}\b"
    assert re.search(pattern, code), f"{qualified}'s docstring shows no example using it"


@pytest.mark.parametrize("name", CLASSES)
def test_every_public_class_has_a_docstring_showing_an_example(name):
    doc = inspect.getdoc(getattr(arenastore, name))
    assert doc, f"{name} has no docstring"
    code = re.findall(r"``(.+?)``", doc, re.S) + re.findall(r"::\n\n((?:\s+.*\n?)+)", doc)
    assert any(re.search(r"\w\(|[\w\])]\.\w", span) for span in code), \
        f"{name}'s docstring shows no example"


def hint_namespace():
    """Every module's names, those imported only for type checking included."""
    namespace = {"npt": __import__("numpy.typing").typing}
    for module in ("artifact", "audit", "errors", "plan", "quantization", "session", "store",
                   "verdict"):
        namespace.update(vars(getattr(arenastore, module)))
    return namespace


@pytest.mark.parametrize("qualified,attribute,function,kind", CALLABLES,
                         ids=[c[0] for c in CALLABLES])
def test_every_public_function_has_type_hints_that_resolve(qualified, attribute, function, kind):
    signature = inspect.signature(function)
    unhinted = [name for name, parameter in signature.parameters.items()
                if name not in ("self", "cls") and parameter.annotation is parameter.empty]
    assert not unhinted, f"{qualified}: no hint for {unhinted}"
    assert signature.return_annotation is not signature.empty, f"{qualified}: no return hint"
    typing.get_type_hints(function, globalns=hint_namespace())  # raises on a hint naming nothing


def stub_names():
    """What _core.pyi declares: module-level names, and each class's members."""
    tree = ast.parse((PACKAGE / "_core.pyi").read_text())
    module, classes = set(), {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            module.add(node.name)
            classes[node.name] = {item.name for item in node.body
                                  if isinstance(item, ast.FunctionDef)
                                  and not item.name.startswith("_")}
        elif isinstance(node, ast.FunctionDef):
            module.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            module.add(node.target.id)
    return module, classes


def test_the_core_stub_declares_exactly_what_the_module_defines():
    module, classes = stub_names()
    core = arenastore._core
    assert module == {name for name in dir(core) if not name.startswith("_")}
    for name, members in classes.items():
        assert members == {m for m in dir(getattr(core, name)) if not m.startswith("_")}, name


def test_importing_without_numpy_says_which_python_the_module_needs():
    # As on a host whose `python3` is not Debian's (pyenv): numpy missing, the import says why.
    import subprocess
    import sys
    done = subprocess.run(
        [sys.executable, "-c", "import sys; sys.modules['numpy'] = None; import arenastore"],
        capture_output=True, text=True, env={"PYTHONPATH": str(PACKAGE.parent)})
    assert done.returncode != 0
    assert "arenastore needs the Python its module was built for, with numpy" in done.stderr
    assert sys.executable in done.stderr
