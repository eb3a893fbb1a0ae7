"""Structure the issue asked for: one arithmetic evaluator (tabtext.calc) outside the official scorers' own
rules, and tests that use the package, never private copies put on sys.path from benchmarks/."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tabtext.metrics import chatrag

TESTS = Path(__file__).resolve().parent


def test_the_strict_convfinqa_rule_reads_runs_with_calc(monkeypatch):
    seen = []

    def recording_evaluate(expression):
        seen.append(expression)
        return 42.0

    monkeypatch.setattr(chatrag, "evaluate", recording_evaluate)
    assert chatrag.strict_value("It is (60.94 - 25.14) / 25.14 so about") == (42.0, False)
    assert seen == ["(60.94 - 25.14) / 25.14"]
    assert not hasattr(chatrag, "_evaluate")


def test_strict_value_keeps_its_pinned_fallbacks():
    assert chatrag.strict_value("1.5 + 2 * 3") == (7.5, False)
    assert chatrag.strict_value("up 3 / 0 %") == (0.0, True)  # not arithmetic: the last number of the run
    assert chatrag.strict_value("no number") == (None, False)


def test_no_test_imports_a_private_copy_from_benchmarks():
    offenders = [p.name for p in TESTS.glob("*.py")
                 if re.search(r"sys\.path\.insert\(.*benchmarks", p.read_text(encoding="utf-8"))]
    assert not offenders


# ---------------------------------------------------------------- the house rules of src/ (DESIGN.md)
SRC = Path(__file__).resolve().parents[1] / "src" / "tabtext"
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 400


def _modules() -> dict[str, Path]:
    return {".".join(p.relative_to(SRC.parent).with_suffix("").parts).removesuffix(".__init__"): p
            for p in SRC.rglob("*.py")}


def _runtime_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Modules of the package that ``name`` imports when it runs (imports under ``if TYPE_CHECKING`` are not)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only or not isinstance(node, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            stem = f"{base}.{node.module}" if node.level and node.module else (node.module or base)
            targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in known else stem for a in node.names]
        out.update(t for t in targets if t in known and t != name)
    return out


def test_no_function_in_src_is_longer_than_80_lines():
    long = [f"{p.relative_to(SRC.parent)}:{n.name} ({n.end_lineno - n.lineno + 1} lines)"
            for p in SRC.rglob("*.py") for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > MAX_FUNCTION_LINES]
    assert not long, "split these functions: " + ", ".join(long)


def test_no_module_in_src_is_longer_than_400_lines():
    big = [f"{p.relative_to(SRC.parent)} ({n} lines)" for p in SRC.rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert not big, "split these modules: " + ", ".join(big)


def test_src_has_no_import_cycles():
    modules = _modules()
    graph = {name: _runtime_imports(name, path, set(modules)) for name, path in modules.items()}
    # a package's __init__ importing its own submodules is how packages expose names, not a cycle
    graph = {n: {t for t in ts if not (t.startswith(n + ".") and modules[n].name == "__init__.py")}
             for n, ts in graph.items()}
    cycles, state = [], {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycles.append(" -> ".join(stack[stack.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, stack + [nxt])
        state[node] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert not cycles, "import cycles: " + "; ".join(cycles)


def test_each_solver_layer_imports_only_the_layers_docs_list_below_it():
    doc = (SRC.parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    order = re.findall(r"^\| `engines/solver/(\w+)/` \|", doc, re.M)  # top layer first
    modules = _modules()
    solver = "tabtext.engines.solver."
    wrong = []
    for name, path in modules.items():
        if not name.startswith(solver) or name.count(".") < 3:
            continue
        layer = name[len(solver):].split(".")[0]
        for target in _runtime_imports(name, path, set(modules)):
            other = target[len(solver):].split(".")[0] if target.startswith(solver) else None
            if other in order and other != layer and order.index(other) < order.index(layer):
                wrong.append(f"{name} -> {target}")
    assert len(order) >= 8 and not wrong, f"imports up the layers of docs/architecture.md: {wrong}"
