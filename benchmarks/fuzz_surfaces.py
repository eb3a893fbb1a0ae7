"""The surfaces beyond prediction files, fuzzed: run folders, special files, gold files, report.json, table files,
and serve's slow request heads and CPU-heavy bodies. Used by ``fuzz_long.py`` (the long run) and
tests/test_fuzz_surfaces.py (a small seeded subset in CI).

Each case runs tabtext's CLI ``main`` in this process under a 10 s alarm (a case still running then is a hang)
and an address-space limit set by the caller (a MemoryError is an out-of-memory). A case is clean when it exits
0, or 2 with one ``error:`` line last on stderr.
"""

from __future__ import annotations

import copy
import io
import json
import os
import random
import shutil
import signal
import time
import traceback
from collections import Counter
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
MINI = DATA / "tatqa" / "mini.json"
INSCIT = DATA / "chatrag" / "native" / "inscit_dev.json"
TANQ = DATA / "tanq" / "full_schema.jsonl"
HANG_SECONDS = 10
HOSTILE = [None, "", "text", "first", 7, -1, 2.5, 10**30, True, [], {}, [None], {"x": 1}, ["a", 1], "\ud800",
           "9" * 400, "\x1b[31m", "a" * 5000, [[[]]], {"table": None}]
SPECIAL = ("loop", "zero", "fifo", "folder", "missing", "dangling")


class Hang(BaseException):  # not Exception: code that turns failures into error rows must not swallow it
    pass


def _alarm(signum, frame):  # noqa: ANN001 - signal handler signature
    raise Hang()


def run_case(argv: list[str]) -> tuple[str, str]:
    """(outcome, detail): outcome is clean | unclean | traceback | oom | hang."""
    from tabtext.cli import main

    err = io.StringIO()
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(HANG_SECONDS)
    try:
        with redirect_stdout(io.StringIO()), redirect_stderr(err):
            rc = main(argv)
    except SystemExit as exc:
        rc = exc.code if isinstance(exc.code, int) else 2
    except Hang:
        return "hang", " ".join(argv)[:120]
    except MemoryError:
        return "oom", " ".join(argv)[:120]
    except BaseException:  # noqa: BLE001 - counting every escape is the point
        return "traceback", traceback.format_exc().strip().splitlines()[-1][:160]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    stderr = err.getvalue()
    errors = [ln for ln in stderr.splitlines() if "error:" in ln]
    if rc == 0 or (rc == 2 and len(errors) == 1 and stderr.rstrip("\n").endswith(errors[0])
                   and len(errors[0]) < 1200):
        return "clean", ""
    return "unclean", f"exit {rc}: {stderr.strip()[-160:]!r}"


def special_file(path: Path, kind: str) -> Path:
    if kind == "loop":
        os.symlink(path.with_name(path.name + ".2"), path)
        os.symlink(path, path.with_name(path.name + ".2"))
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "dangling":
        os.symlink(path.with_name("nowhere"), path)
    return path


def mutate(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        pos = rng.randint(0, len(out))
        roll = rng.random()
        if roll < 0.4 and out:
            del out[pos:pos + rng.randint(1, 16)]
        elif roll < 0.8:
            out[pos:pos] = rng.choice([b"[", b"]", b"{", b"}", b'"', b",", b"9" * 400, b"\xff", b"\n", b"null"])
        elif out:
            out[min(pos, len(out) - 1)] ^= 0xFF
    return bytes(out)


def set_random_field(rng: random.Random, value: object) -> object:
    """A copy of ``value`` with one field, anywhere in it, replaced by a hostile value."""
    value = copy.deepcopy(value)
    holder, key = None, None
    node = value
    for _ in range(rng.randint(1, 6)):
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        holder, key = node, rng.choice(keys)
        node = node[key]
    if holder is None:
        return rng.choice(HOSTILE)
    holder[key] = rng.choice(HOSTILE)
    if rng.random() < 0.2 and isinstance(holder, dict):
        del holder[key]
    return value


def write_json_or_bytes(rng: random.Random, path: Path, value: object) -> None:
    data = json.dumps(value, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
    if rng.random() < 0.2:
        data = mutate(rng, data)
    if rng.random() < 0.1:
        data = b"\xef\xbb\xbf" + data
    path.write_bytes(data)


# ---------------------------------------------------------------- the surfaces
class Surfaces:
    """A template run (made once) and one case maker per surface; each returns the argv to run."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.template = folder / "template"
        from tabtext.cli import main

        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            assert main(["run", "tatqa", "--file", str(MINI), "--out", str(self.template), "--quiet"]) == 0
        self.report = json.loads((self.template / "report.json").read_text())
        self.golds = {"tatqa": json.loads(MINI.read_text()), "inscit": json.loads(INSCIT.read_text()),
                      "tanq": [json.loads(ln) for ln in TANQ.read_text().splitlines() if ln.strip()]}
        self.n = 0

    def fresh(self) -> Path:
        self.n += 1
        case = self.folder / f"case{self.n}"
        if case.exists():
            shutil.rmtree(case)
        case.mkdir()
        return case

    def run_folders(self, rng: random.Random) -> list[str]:
        case = self.fresh()
        run = case / "run"
        shutil.copytree(self.template, run)
        for name in ("predictions.json", "predictions.jsonl", "report.json"):
            path, roll = run / name, rng.random()
            if roll < 0.25:
                path.write_bytes(mutate(rng, path.read_bytes()))
            elif roll < 0.4:
                path.unlink()
                special_file(path, rng.choice(SPECIAL))
            elif roll < 0.5:
                path.write_bytes(json.dumps(rng.choice(HOSTILE)).encode("utf-8", "surrogatepass"))
            elif roll < 0.6 and name == "predictions.jsonl":
                path.write_text("".join(json.dumps({"uid": u, "answerx": 1}) + "\n" for u in ("q1", "q2", "q3")))
        command = rng.choice(["score", "report", "compare", "resume"])
        if command == "score":
            return ["score", "tatqa", str(run), "--file", str(MINI)]
        if command == "report":
            return ["report", str(run), "--out", str(case / "r.md")]
        if command == "compare":
            return ["compare", str(self.template), str(run)]
        return ["run", "tatqa", "--file", str(MINI), "--out", str(run), "--resume", "--quiet"]

    def special_files(self, rng: random.Random) -> list[str]:
        case = self.fresh()
        role, kind = rng.choice(["predictions", "gold", "table", "report", "questions", "text"]), rng.choice(SPECIAL)
        path = special_file(case / ("t.csv" if role == "table" else "f.json"), kind)
        preds = self.template / "predictions.json"
        return {"predictions": ["score", "tatqa", str(path), "--file", str(MINI)],
                "gold": ["score", "tatqa", str(preds), "--file", str(path)],
                "table": ["ask", "--table", str(path), "What was revenue?"],
                "report": ["report", str(path), "--out", str(case / "r.md")],
                "questions": ["batch", str(path), "--tables", str(DATA / "tables"), "--out", str(case / "b"),
                              "--quiet"],
                "text": ["ask", "--table", str(DATA / "tables" / os.listdir(DATA / "tables")[0]), "--text",
                         str(path), "What was revenue?"]}[role]

    def gold_files(self, rng: random.Random) -> list[str]:
        case = self.fresh()
        which = rng.choice(["tatqa", "tatqa", "inscit", "tanq"])
        gold = set_random_field(rng, self.golds[which])
        if which == "tanq":
            path = case / "gold.jsonl"
            rows = gold if isinstance(gold, list) else [gold]
            path.write_bytes("\n".join(json.dumps(r) for r in rows).encode("utf-8", "surrogatepass"))
            return ["run", "tanq", "--file", str(path), "--out", str(case / "run"), "--quiet"]
        path = case / ("inscit_dev.json" if which == "inscit" else "gold.json")
        write_json_or_bytes(rng, path, gold)
        if which == "inscit":
            return ["run", "chatrag", "--file", str(path), "--dataset", "inscit", "--out", str(case / "run"),
                    "--quiet"]
        if rng.random() < 0.5:
            return ["score", "tatqa", str(self.template / "predictions.json"), "--file", str(path)]
        return ["run", "tatqa", "--file", str(path), "--out", str(case / "run"), "--quiet"]

    def reports(self, rng: random.Random) -> list[str]:
        case = self.fresh()
        path = case / "report.json"
        write_json_or_bytes(rng, path, set_random_field(rng, self.report))
        if rng.random() < 0.5:
            return ["report", str(path), "--out", str(case / "r.html")]
        return ["compare", str(self.template), str(path)]

    def tables(self, rng: random.Random) -> list[str]:
        from table_fuzz import hostile_table

        case = self.fresh()
        path = hostile_table(rng, case)
        if rng.random() < 0.2:
            (case / "good.csv").write_text(",2019\nRevenue,1200\n")
            questions = case / "q.txt"
            questions.write_text("What was revenue in 2019?\n")
            return ["batch", str(questions), "--tables", str(case), "--glob", "*.*", "--out", str(case / "out"),
                    "--quiet"]
        return ["ask", "--table", str(path), "What was revenue in 2019?"]


SURFACES: dict[str, Callable[[Surfaces, random.Random], list[str]]] = {
    "run folders": Surfaces.run_folders, "special files": Surfaces.special_files, "gold files": Surfaces.gold_files,
    "report.json": Surfaces.reports, "tables": Surfaces.tables,
}


def fuzz_surface(surfaces: Surfaces, name: str, n: int, seed: int, failures: Counter) -> dict[str, int]:
    rng = random.Random(f"{seed}-{name}")
    row = Counter({"tried": 0, "clean": 0, "traceback": 0, "oom": 0, "hang": 0, "unclean": 0})
    for _ in range(n):
        argv = SURFACES[name](surfaces, rng)
        started = time.perf_counter()
        outcome, detail = run_case(argv)
        row["tried"] += 1
        row[outcome] += 1
        row["over 10 s"] += time.perf_counter() - started > HANG_SECONDS
        if detail:
            failures[f"{name}: {outcome}: {detail}"] += 1
    return dict(row)
