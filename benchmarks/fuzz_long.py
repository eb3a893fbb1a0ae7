"""The long fuzzing run: hostile prediction files for every scorer and hostile calculator inputs.

Writes ≥ 10,000 fuzzed prediction files per benchmark (TAT-QA, TANQ, ChatRAG ConvFinQA, ChatRAG INSCIT) against
the small gold files in tests/data, scores each in-process through the CLI's ``main`` (SystemExit caught), and
feeds ≥ 20,000 generated expressions to ``tabtext.calc``. A small sample also runs as real subprocesses.
Then the surfaces beyond prediction files (``fuzz_surfaces.py``, ``serve_fuzz.py``): run folders, special files,
gold files, report.json and table files (``--surfaces`` cases each, under a 10 s alarm and a ``--memory-gb``
address-space limit), and serve's slow request heads and CPU-heavy bodies.
Prints: what | tried | clean (exit 0, or exit 2 with one line) | tracebacks | over 10 s, then per new surface:
tried | clean | tracebacks | out of memory | hangs, then the first distinct failures.
Usage: PYTHONPATH=src python benchmarks/fuzz_long.py [--files 10000] [--calc 20000] [--surfaces 2000]
[--slow-heads 2000] [--heavy 2000] [--heavy-concurrency 1] [--seed 1]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOW = 10.0

GOLD = {  # name -> (benchmark, gold file, extra argv)
    "tatqa": ("tatqa", ROOT / "tests/data/tatqa/mini.json", []),
    "tanq": ("tanq", ROOT / "tests/data/tanq/full_schema.jsonl", []),
    "chatrag convfinqa": ("chatrag", ROOT / "tests/data/convfinqa/mini_pot.json", ["--dataset", "convfinqa"]),
    "chatrag inscit": ("chatrag", ROOT / "tests/data/chatrag/native/inscit_dev.json", ["--dataset", "inscit"]),
}

# ---------------------------------------------------------------- hostile material
HOSTILE_TEXT = [
    "1" * 5000, "9" * 310, "-" + "9" * 400 + ".5", "1" * 100_000, "1.5" * 30_000, "(1" * 20_000, "1 " * 50_000,
    "1 " + "2" * 289, "1e999", "-1e999", "nan", "Infinity", "1_000", "$(9.8) million", "(12,632)", "12.5%",
    "١٢٣", "\x1b[31mred\x1b[0m", "two\nlines", "tab\there", "\r", "", " ", "%", "-", "()", "0", "-0", "0.0001",
    "million", "percent", "yes", "no", "|", "| a | b |", "a" * 50_000, "\u202e", "\x00", "🙂" * 100,
]
HOSTILE_LITERAL = [
    "1" * 5000, "9" * 310, "-" + "9" * 320, "1e999", "-1e999", "NaN", "Infinity", "-Infinity", "1e-999",
    "true", "false", "null", "{}", "[]", '""', "0", "-0", "0.1", "[" * 3000 + "]" * 3000,
    "[" * 900 + "]" * 900, '{"a":' * 900 + "1" + "}" * 900, '"\\ud800"',
]
SCALES = ["", "thousand", "million", "billion", "percent", "hundred", None, 7, ["million"]]


def text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return rng.choice(HOSTILE_TEXT)
    return "".join(rng.choice("0123456789.,-+%$() eE|\nabc") for _ in range(rng.randint(0, 40)))


def value(rng: random.Random, depth: int = 0) -> str:
    """A JSON value as text (so that literals json.dumps cannot write, like 5,000-digit integers, appear)."""
    roll = rng.random()
    if roll < 0.3:
        return json.dumps(text(rng), ensure_ascii=rng.random() < 0.5)
    if roll < 0.55:
        return rng.choice(HOSTILE_LITERAL)
    if roll < 0.75 and depth < 4:
        return "[" + ", ".join(value(rng, depth + 1) for _ in range(rng.randint(0, 4))) + "]"
    if roll < 0.9 and depth < 4:
        keys = ["table", "answer", "uid", "meta", "x", "kind", "row"]
        return "{" + ", ".join(f'"{rng.choice(keys)}": {value(rng, depth + 1)}' for _ in range(rng.randint(0, 3))) + "}"
    return str(rng.choice([0, 1, -1, 2.5, 10**20]))


def answer_value(rng: random.Random) -> str:
    return json.dumps(text(rng)) if rng.random() < 0.6 else value(rng)


def field(rng: random.Random, good: str) -> str:
    return good if rng.random() < 0.6 else value(rng)


def tabtext_jsonl(rng: random.Random, uids: list[str], table: bool = False) -> str:
    lines = []
    for uid in uids:
        answer = json.dumps({"table": table_rows(rng)}) if table and rng.random() < 0.6 else answer_value(rng)
        parts = [f'"uid": {field(rng, json.dumps(uid))}', f'"answer": {answer}',
                 f'"scale": {field(rng, json.dumps(rng.choice(SCALES)))}', f'"derivation": {field(rng, chr(34) * 2)}']
        if rng.random() < 0.5:
            ev = '[{"kind": "cell", "row": 1, "col": 2, "text": "x"}]'
            parts.append(f'"evidence": {field(rng, ev)}')
        if rng.random() < 0.5:
            parts.append(f'"meta": {field(rng, "{}")}')
        if rng.random() < 0.3:
            parts.append(f'"error": {field(rng, json.dumps(text(rng)))}')
        lines.append("{" + ", ".join(parts) + "}")
    return "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")


def table_rows(rng: random.Random) -> list[list[str]]:
    width = rng.randint(1, 6)
    return [[rng.choice(HOSTILE_TEXT[:20]) if rng.random() < 0.2 else text(rng)[:20]
             for _ in range(rng.randint(1, width))] for _ in range(rng.randint(0, 6))]


def pipe_table(rng: random.Random) -> str:
    rows = table_rows(rng)
    if rng.random() < 0.1:
        rows = [["c"] * rng.randint(1, 400)] * rng.randint(1, 300)
    body = "\n".join("| " + " | ".join(r) + " |" for r in rows)
    if rows and rng.random() < 0.7:
        body = body.replace("\n", "\n|---|---|\n", 1)
    return body


def mutate(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        pos = rng.randint(0, len(out))
        op = rng.random()
        if op < 0.4 and out:
            del out[pos:pos + rng.randint(1, 8)]
        elif op < 0.8:
            out[pos:pos] = rng.choice([b"[", b"]", b"{", b"}", b'"', b",", b"9" * 400, b"\xff", b"\n", b"null"])
        else:
            out[pos:pos] = rng.choice(HOSTILE_LITERAL).encode()
    return bytes(out)


def tatqa_file(rng: random.Random, uids: list[str]) -> str:
    roll = rng.random()
    if roll < 0.4:
        entries = []
        for uid in uids:
            entry = (f"[{answer_value(rng)}, {json.dumps(rng.choice(SCALES))}]" if rng.random() < 0.7
                     else value(rng))
            entries.append(f"{field(rng, json.dumps(uid))}: {entry}" if rng.random() < 0.95 else f"{json.dumps(uid)}: {entry}")
        return "{" + ", ".join(entries) + "}"
    if roll < 0.8:
        return tabtext_jsonl(rng, uids)
    if roll < 0.9:
        return '{"benchmark": "tatqa", "scores": {"em": 0.5}, "items": []}' if rng.random() < 0.5 else value(rng)
    return "[" * rng.randint(1000, 20000) if rng.random() < 0.5 else value(rng)


def tanq_file(rng: random.Random, uids: list[str]) -> str:
    if rng.random() < 0.5:
        lines = []
        for uid in uids:
            table = json.dumps(pipe_table(rng)) if rng.random() < 0.8 else value(rng)
            lines.append(f'{{"init_qid": {field(rng, json.dumps(uid))}, "prediction_table": {table}}}')
        return "\n".join(lines) + "\n"
    return tabtext_jsonl(rng, uids, table=True)


def chatrag_file(rng: random.Random, uids: list[str]) -> str:
    if rng.random() < 0.5:
        n = len(uids) if rng.random() < 0.8 else rng.randint(0, 2 * len(uids))
        return "\n".join(text(rng).replace("\n", " ") for _ in range(n)) + "\n"
    return tabtext_jsonl(rng, uids)


MAKERS = {"tatqa": tatqa_file, "tanq": tanq_file, "chatrag": chatrag_file}


# ---------------------------------------------------------------- running the CLI in-process
def run_cli(argv: list[str]) -> tuple[int, str, float, str]:
    """(exit code, stderr, seconds, traceback or '') of one ``tabtext`` call inside this process."""
    from tabtext.cli import main

    err = io.StringIO()
    started = time.perf_counter()
    failure = ""
    with redirect_stdout(io.StringIO()), redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as exc:
            rc = exc.code if isinstance(exc.code, int) else 2
        except BaseException:  # noqa: BLE001 - counting every escape is the point
            rc, failure = 1, traceback.format_exc()
    return rc, err.getvalue(), time.perf_counter() - started, failure


def is_clean(rc: int, stderr: str) -> bool:
    if rc == 0:
        return True
    errors = [ln for ln in stderr.splitlines() if ln.startswith("error:")]
    return rc == 2 and len(errors) == 1 and stderr.rstrip("\n").endswith(errors[0])


def signature(failure: str) -> str:
    lines = [ln.strip() for ln in failure.strip().splitlines()]
    frames = [ln for ln in lines if ln.startswith("File ")]
    where = next((ln for ln in reversed(frames) if "/tabtext/" in ln), frames[-1] if frames else "")
    return f"{lines[-1][:120] if lines else '?'} at {where[-90:]}"


def fuzz_benchmark(name: str, n: int, seed: int, folder: Path, failures: Counter) -> dict[str, int]:
    from tabtext.benchmarks import BENCHMARKS

    bench, gold, extra = GOLD[name]
    uids = [ex.uid for ex in BENCHMARKS.get(bench).load(gold, dataset=(extra or [None, None])[1])]
    rng = random.Random(f"{seed}-{name}")
    row = {"tried": 0, "clean": 0, "tracebacks": 0, "unclean exits": 0, "over 10 s": 0}
    path = folder / "predictions.json"
    for _ in range(n):
        content = MAKERS[bench](rng, uids)
        data = content.encode("utf-8", "surrogatepass")
        path.write_bytes(mutate(rng, data) if rng.random() < 0.15 else data)
        rc, stderr, seconds, failure = run_cli(["score", bench, str(path), "--file", str(gold), *extra])
        row["tried"] += 1
        row["over 10 s"] += seconds > SLOW
        if failure:
            row["tracebacks"] += 1
            failures[f"{name}: {signature(failure)}"] += 1
        elif is_clean(rc, stderr):
            row["clean"] += 1
        else:
            row["unclean exits"] += 1
            failures[f"{name}: exit {rc}: {stderr.strip()[-160:]!r}"] += 1
    return row


def subprocess_sample(n: int, seed: int, folder: Path) -> dict[str, int]:
    """The same files through a real ``python -m tabtext.cli`` process (10 s timeout each)."""
    rng = random.Random(f"{seed}-subprocess")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    row = {"tried": 0, "clean": 0, "tracebacks": 0, "unclean exits": 0, "over 10 s": 0}
    for i in range(n):
        name = list(GOLD)[i % len(GOLD)]
        bench, gold, extra = GOLD[name]
        uids = ["q1", "q2", "q3"] if bench == "tatqa" else ["x"]
        path = folder / f"sub{i}.json"
        path.write_bytes(MAKERS[bench](rng, uids).encode("utf-8", "surrogatepass"))
        cmd = [sys.executable, "-m", "tabtext.cli", "score", bench, str(path), "--file", str(gold), *extra]
        row["tried"] += 1
        try:
            done = subprocess.run(cmd, capture_output=True, text=True, timeout=SLOW, env=env)
        except subprocess.TimeoutExpired:
            row["over 10 s"] += 1
            continue
        if "Traceback" in done.stderr:
            row["tracebacks"] += 1
        elif is_clean(done.returncode, done.stderr):
            row["clean"] += 1
        else:
            row["unclean exits"] += 1
    return row


# ---------------------------------------------------------------- calculator
CALC_ATOMS = ["0", "1", "-1", "2.5", "999999", "1e308", "1e-308", "9" * 400, "1" * 1999, "0.5", "(-8)", "1,234.5",
              "12.5%", "$3", "(19)", "const_100", "const_m1", "#0", "x0", "ans", "yes", "inf", "nan"]
CALC_OPS = ["+", "-", "*", "/", "**", "%", ">", "<", "//", "&", "@"]
CALC_FUNCS = ["add", "subtract", "multiply", "divide", "exp", "greater", "abs", "min", "max", "round", "sum",
              "avg", "table_sum", "__import__", "eval"]
CALC_HOSTILE = ["0**-1", "999999**64", "(-8)**0.5", "1/0", "1%0", "exp(0, -1)", "exp(-8, 0.5)", "round(1, 1e30)",
                "10**308*10", "(" * 5000 + "1" + ")" * 5000, "-" * 1999 + "1", "1" + "+1" * 999, "[1]", "'a'",
                "lambda: 1", "().__class__", "1 if 1 else 2", "x0 = 1; ans = x0 / 0", "ans = 9**9**9",
                "divide(1, 0), add(#0, 1)", "avg()", "min()", "round(1e29, -400)", "1e999", "2**1023*2"]


def calc_expression(rng: random.Random, depth: int = 0) -> str:
    roll = rng.random()
    if roll < 0.35 or depth > 6:
        return rng.choice(CALC_ATOMS)
    if roll < 0.7:
        return f"{calc_expression(rng, depth + 1)} {rng.choice(CALC_OPS)} {calc_expression(rng, depth + 1)}"
    if roll < 0.85:
        args = ", ".join(calc_expression(rng, depth + 1) for _ in range(rng.randint(0, 3)))
        return f"{rng.choice(CALC_FUNCS)}({args})"
    if roll < 0.93:
        return f"({calc_expression(rng, depth + 1)})"
    return "".join(rng.choice("0123456789.+-*/()%, e#x=;") for _ in range(rng.randint(1, 30)))


def fuzz_calc(n: int, seed: int, failures: Counter) -> dict[str, int]:
    import math

    from tabtext.calc import CalcError, evaluate, run_program

    rng = random.Random(f"{seed}-calc")
    row = {"tried": 0, "clean": 0, "tracebacks": 0, "unclean exits": 0, "over 10 s": 0}
    for i in range(n):
        expr = CALC_HOSTILE[i] if i < len(CALC_HOSTILE) else calc_expression(rng)
        fn = run_program if rng.random() < 0.3 else evaluate
        started = time.perf_counter()
        row["tried"] += 1
        try:
            result = fn(expr)
        except CalcError:
            row["clean"] += 1
            continue
        except Exception as exc:  # noqa: BLE001
            row["tracebacks"] += 1
            failures[f"calc: {type(exc).__name__}: {exc!s:.60} for {expr[:60]!r}"] += 1
            continue
        finally:
            row["over 10 s"] += time.perf_counter() - started > SLOW
        real = isinstance(result, float) and math.isfinite(result) or result in ("yes", "no")
        if real:
            row["clean"] += 1
        else:
            row["unclean exits"] += 1
            failures[f"calc: result {type(result).__name__} {result!r:.40} for {expr[:60]!r}"] += 1
    return row


def rows_of_surfaces(args: argparse.Namespace, folder: Path, failures: Counter) -> dict[str, dict[str, int]]:
    from fuzz_surfaces import SURFACES, Surfaces, fuzz_surface
    from serve_fuzz import fuzz_heavy, fuzz_slow_heads

    rows: dict[str, dict[str, int]] = {}
    if args.surfaces:
        surfaces = Surfaces(folder / "surfaces")
        for name in SURFACES:
            rows[name] = fuzz_surface(surfaces, name, args.surfaces, args.seed, failures)
            print(f"{name}: {rows[name]}", file=sys.stderr, flush=True)  # progress: the table comes at the end
    if args.slow_heads:
        rows["serve slow request heads"] = fuzz_slow_heads(args.slow_heads, args.seed)
        print(f"serve slow request heads: {rows['serve slow request heads']}", file=sys.stderr, flush=True)
    if args.heavy:
        rows["serve CPU-heavy bodies"] = fuzz_heavy(args.heavy, args.seed, concurrency=args.heavy_concurrency)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=10_000, help="fuzzed prediction files per benchmark")
    parser.add_argument("--calc", type=int, default=20_000, help="calculator inputs")
    parser.add_argument("--subprocess", type=int, default=40, help="files also run as real subprocesses")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--surfaces", type=int, default=2000, help="fuzzed cases per new surface (run folders, "
                        "special files, gold files, report.json, tables)")
    parser.add_argument("--slow-heads", type=int, default=2000, help="slow request heads sent to serve")
    parser.add_argument("--heavy", type=int, default=2000, help="CPU-heavy bodies sent to serve")
    parser.add_argument("--heavy-concurrency", type=int, default=1, help="CPU-heavy bodies in flight at once")
    parser.add_argument("--memory-gb", type=float, default=6.0, help="address-space limit: past it, an OOM")
    args = parser.parse_args()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    resource.setrlimit(resource.RLIMIT_AS, (int(args.memory_gb * 2**30), resource.RLIM_INFINITY))
    failures: Counter = Counter()
    rows: dict[str, dict[str, int]] = {}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for name in GOLD if args.files else ():
            rows[f"fuzzed {name} prediction files"] = fuzz_benchmark(name, args.files, args.seed, Path(tmp), failures)
        if args.calc:
            rows["hostile calculator inputs"] = fuzz_calc(args.calc, args.seed, failures)
        if args.subprocess:
            rows["subprocess sample (all benchmarks)"] = subprocess_sample(args.subprocess, args.seed, Path(tmp))
        surfaces = rows_of_surfaces(args, Path(tmp), failures)
    print("| what was tried | tried | clean (exit 0, or one line + exit 2) | tracebacks | unclean exits | over 10 s |")
    print("|---|---|---|---|---|---|")
    for what, r in rows.items():
        print(f"| {what} | {r['tried']:,} | {r['clean']:,} | {r['tracebacks']:,} | {r['unclean exits']:,} "
              f"| {r['over 10 s']:,} |")
    print("\n| new surface | tried | clean | tracebacks | out of memory | hangs | unclean exits |")
    print("|---|---|---|---|---|---|---|")
    for what, r in surfaces.items():
        print(f"| {what} | {r.get('tried', 0):,} | {r.get('clean', 0):,} | {r.get('traceback', 0):,} | "
              f"{r.get('oom', 0):,} | {r.get('hang', 0):,} | {r.get('unclean', 0) + r.get('5xx', 0):,} |")
    for what, r in surfaces.items():
        extra = {k: v for k, v in r.items() if k not in ("tried", "clean", "traceback", "oom", "hang", "unclean")}
        if extra:
            print(f"{what}: {extra}")
    print(f"\nseed {args.seed}, {time.perf_counter() - started:.0f} s in all")
    for what, count in failures.most_common(15):
        print(f"{count:6} x {what}")


if __name__ == "__main__":
    main()
