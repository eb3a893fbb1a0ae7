"""CI installs `pip install -e ".[dev]"` on a fresh machine: every third-party module that src/, tests/,
benchmarks/ or training/ import must come from a requirement pyproject.toml declares (directly or through what that
requirement itself installs), not from a package that only happens to be on this machine."""

from __future__ import annotations

import ast
import importlib.metadata as md
import re
import sys
from pathlib import Path

import pytest
from packaging.requirements import Requirement

tomllib = pytest.importorskip("tomllib")  # Python 3.11+

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("src", "tests", "benchmarks", "training")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared_requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    own = _norm(project["name"])
    found, todo = [], list(project["dependencies"])
    for extra_reqs in project["optional-dependencies"].values():
        todo.extend(extra_reqs)
    for text in todo:
        req = Requirement(text)
        if _norm(req.name) != own:  # tabtext[...] inside an extra: its extras are listed here already
            found.append(req)
    return found


def _installed_closure(requirements: list[Requirement]) -> set[str]:
    """Distribution names reachable from the requirements, honouring the extras each one asks for."""
    closure: set[tuple[str, frozenset[str]]] = set()
    todo = [(_norm(r.name), frozenset(r.extras)) for r in requirements]
    while todo:
        name, extras = todo.pop()
        if (name, extras) in closure:
            continue
        closure.add((name, extras))
        try:
            requires = md.distribution(name).requires or []
        except md.PackageNotFoundError:
            continue
        for text in requires:
            req = Requirement(text)
            environments = [{"extra": e} for e in extras] or [{"extra": ""}]
            if req.marker is None or any(req.marker.evaluate(env) for env in environments):
                todo.append((_norm(req.name), frozenset(req.extras)))
    return {name for name, _ in closure}


def _imported_top_modules() -> dict[str, str]:
    local = {p.stem for folder in ("tests", "benchmarks") for p in (ROOT / folder).glob("*.py")} | {"tabtext", "training"}
    modules: dict[str, str] = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top not in local and top not in sys.stdlib_module_names:
                        modules.setdefault(top, str(path.relative_to(ROOT)))
    return modules


def test_every_imported_third_party_module_is_declared_in_pyproject():
    requirements = _declared_requirements()
    declared = _installed_closure(requirements)
    providers = md.packages_distributions()
    undeclared = []
    for module, where in _imported_top_modules().items():
        dists = {_norm(d) for d in providers.get(module, [])} or {_norm(module)}
        if not dists & declared:
            undeclared.append(f"{module} (imported in {where})")
    assert not undeclared, "add to a pyproject.toml extra (dev for test-only ones): " + ", ".join(undeclared)

