"""docs/architecture.md and CONTRIBUTING.md stay true: the paths they name exist, the names they pin are defined
there, and the architecture describes every layer folder of the solver."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
DOCS = (DOC, ROOT / "CONTRIBUTING.md")
SOLVER = ROOT / "src" / "tabtext" / "engines" / "solver"
#: `path`, `path/`, or `path.py: name` between backticks
_NAMED = re.compile(r"^(?P<path>[\w./-]+(?:\.py|\.json|\.md|/))(?::\s*(?P<name>[\w.]+))?$")


def _named_paths(docs: tuple[Path, ...] = DOCS) -> list[tuple[str, str | None]]:
    texts = [re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S) for doc in docs]  # code blocks
    spans = (" ".join(m.split()) for text in texts for m in re.findall(r"`([^`]+)`", text))
    return [(m["path"], m["name"]) for m in map(_NAMED.match, spans) if m]


def _resolve(path: str) -> Path:
    top = path.split("/", 1)[0]
    return ROOT / path if top in ("benchmarks", "tests", "docs", "src") else ROOT / "src" / "tabtext" / path


def test_docs_name_modules():
    assert len(_named_paths((DOC,))) > 40 and len(_named_paths((DOCS[1],))) > 15


def test_every_path_named_exists():
    missing = [path for path, _ in _named_paths() if not _resolve(path).exists()]
    assert not missing, f"the docs name paths that do not exist: {missing}"


def test_every_pinned_name_is_defined_in_its_file():
    undefined = []
    for path, name in _named_paths():
        if name is None or not path.endswith(".py"):
            continue
        head = re.escape(name.split(".")[0])
        source = _resolve(path).read_text(encoding="utf-8")
        if not re.search(rf"^\s*(?:def|class)\s+{head}\b|^{head}\s*(?::[^=]+)?=", source, re.M):
            undefined.append(f"{path}: {name}")
    assert not undefined, f"the docs pin names their files do not define: {undefined}"


def test_every_solver_layer_is_described():
    layers = {f"engines/solver/{d.relative_to(SOLVER)}/" for d in SOLVER.iterdir()
              if d.is_dir() and (d / "__init__.py").exists()}
    named = {path for path, _ in _named_paths((DOC,))}
    assert layers <= named, f"layers docs/architecture.md does not describe: {sorted(layers - named)}"
