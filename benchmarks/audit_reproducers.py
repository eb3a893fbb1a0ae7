"""The audit of issue 25, case by case: every failure its text lists, recreated and run as a user would.

The audit's own reproducers were not given to us; these are rebuilt from the issue's words. Each case runs the
real CLI (``python -m tabtext.cli``, a 60 s timeout and a 4 GB address-space limit) or a real ``tabtext serve``
(``audit_serve.py``), or the engine against misbehaving loopback servers, and ends cleanly when it does what the
issue asks: exit 0 with the right result, or exit 2 with one ``error:`` line (short), never a traceback, an
out-of-memory or a hang. Prints one row per case and the count that end cleanly.
Usage: PYTHONPATH=src python benchmarks/audit_reproducers.py [--only WORD]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "tests/data/tatqa/mini.json"
INSCIT = ROOT / "tests/data/chatrag/native/inscit_dev.json"
Result = tuple[bool, str]


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, resource.RLIM_INFINITY))


def cli(*argv: object, timeout: float = 60) -> tuple[int, str, str, float]:
    """(exit code, stdout, stderr, seconds); exit -9 for a hang (killed at ``timeout``)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "tabtext.cli", *map(str, argv)], capture_output=True, text=True,
                              timeout=timeout, env=env, preexec_fn=_limits, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return -9, "", "hang", time.perf_counter() - started
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - started


def one_line(rc: int, err: str, *said: str) -> Result:
    """Exit 2 with one short ``error:`` line last on stderr (mentioning each of ``said``)."""
    errors = [ln for ln in err.splitlines() if "error:" in ln]
    ok = (rc == 2 and len(errors) == 1 and err.rstrip("\n").endswith(errors[0]) and len(errors[0]) < 1200
          and "Traceback" not in err and all(s.lower() in errors[0].lower() for s in said))
    return ok, (errors[0][:110] if errors else f"exit {rc}: {err.strip()[-110:]!r}")


def clean_exit(rc: int, err: str) -> Result:
    return (rc == 0 and "Traceback" not in err), (f"exit {rc}" if rc else "exit 0") + f" {err.strip()[-80:]!r}"


class Folder:
    """A scratch folder with one finished TAT-QA run in it (made once)."""

    def __init__(self, root: Path) -> None:
        self.root, self.n = root, 0
        self.run = root / "run"
        rc, _, err, _ = cli("run", "tatqa", "--file", MINI, "--out", self.run, "--quiet")
        assert rc == 0, err

    def case(self) -> Path:
        self.n += 1
        path = self.root / f"case{self.n}"
        path.mkdir()
        return path

    def run_copy(self) -> Path:
        copy = self.case() / "run"
        shutil.copytree(self.run, copy)
        return copy


# ---------------------------------------------------------------- prediction files and run folders
def special_predictions(kind: str) -> Callable[[Folder], Result]:
    def case(f: Folder) -> Result:
        path = f.case() / "predictions.json"
        if kind == "symlink loop":
            os.symlink(path.with_name("other.json"), path)
            os.symlink(path, path.with_name("other.json"))
        elif kind == "folder":
            path.mkdir()
        elif kind == "link to /dev/zero":
            os.symlink("/dev/zero", path)
        else:
            os.mkfifo(path)
        return one_line(*cli("score", "tatqa", path, "--file", MINI)[:3:2])
    return case


def jsonl_without_answer(f: Folder) -> Result:
    path = f.case() / "predictions.jsonl"
    path.write_text("".join(json.dumps({"uid": u, "scale": ""}) + "\n" for u in ("q1", "q2", "q3")))
    return one_line(*cli("score", "tatqa", path, "--file", MINI)[:3:2], "answer")


def chatrag_jsonl_with_bom(f: Folder) -> Result:
    run = f.case() / "chat"
    rc, _, err, _ = cli("run", "chatrag", "--file", INSCIT, "--dataset", "inscit", "--out", run, "--quiet")
    if rc:
        return False, f"run: exit {rc}"
    bom = run.parent / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + (run / "predictions.jsonl").read_bytes())
    plain = cli("score", "chatrag", run / "predictions.jsonl", "--file", INSCIT, "--dataset", "inscit")
    marked = cli("score", "chatrag", bom, "--file", INSCIT, "--dataset", "inscit")
    f1 = [next((ln.split()[-1] for ln in out[1].splitlines() if "inscit.f1" in ln), "?") for out in (plain, marked)]
    return plain[0] == marked[0] == 0 and f1[0] == f1[1] != "?", f"F1 without BOM {f1[0]}, with BOM {f1[1]}"


def report_as_predictions(f: Folder) -> Result:
    rc, _, err, _ = cli("score", "tatqa", f.run / "report.json", "--file", MINI)
    return one_line(rc, err, "report")


def run_folder_as_predictions(f: Folder) -> Result:
    rc, out, err, _ = cli("score", "tatqa", f.run, "--file", MINI)
    return rc == 0 and "em" in out, f"exit {rc} {err.strip()[-80:]!r}"


def damaged_run_resume(f: Folder) -> Result:
    run = f.run_copy()
    (run / "predictions.jsonl").write_bytes(b'{"uid": "q1", "answer": [1' + b"9" * 5000)
    rc, _, err, _ = cli("run", "tatqa", "--file", MINI, "--out", run, "--resume", "--quiet")
    return (rc == 0 and "Traceback" not in err) or one_line(rc, err)[0], f"exit {rc} {err.strip()[-90:]!r}"


# ---------------------------------------------------------------- gold files
def gold_with(edit: Callable[[list], None], name: str = "gold.json") -> Callable[[Folder], Result]:
    def case(f: Folder) -> Result:
        gold = json.loads(MINI.read_text() if name == "gold.json" else INSCIT.read_text())
        edit(gold)
        path = f.case() / name
        path.write_text(json.dumps(gold))
        if name == "gold.json":
            return one_line(*cli("score", "tatqa", f.run / "predictions.json", "--file", path)[:3:2])
        return one_line(*cli("run", "chatrag", "--file", path, "--dataset", "inscit", "--out", path.parent / "r",
                             "--quiet")[:3:2])
    return case


def _inscit_turn_wrong_type(gold: object) -> None:
    first = gold[0] if isinstance(gold, list) else next(iter(gold.values()))
    turns = first.get("turns") or first.get("context") if isinstance(first, dict) else None
    if isinstance(turns, list) and turns:
        turns[0] = 7
    elif isinstance(first, dict):
        first[next(iter(first))] = 7


# ---------------------------------------------------------------- report / compare on a damaged run
def damaged_report(edit: Callable[[dict], None], command: str = "report") -> Callable[[Folder], Result]:
    def case(f: Folder) -> Result:
        run = f.run_copy()
        report = json.loads((run / "report.json").read_text())
        edit(report)
        (run / "report.json").write_text(json.dumps(report))
        argv = ("report", run, "--out", run.parent / "r.md") if command == "report" else ("compare", f.run, run)
        rc, _, err, _ = cli(*argv)
        return clean_exit(rc, err) if rc == 0 else one_line(rc, err)
    return case


def _echoed_field(report: dict) -> None:
    report["scores"] = {"em": "x" * 200_000}


# ---------------------------------------------------------------- tables for ask and batch
def table_case(maker: Callable[[Path], Path]) -> Callable[[Folder], Result]:
    def case(f: Folder) -> Result:
        path = maker(f.case())
        rc, _, err, seconds = cli("ask", "--table", path, "What was revenue in 2019?")
        ok, detail = one_line(rc, err)
        return ok and seconds < 30, f"{seconds:.1f} s; {detail}"
    return case


def _xlsx(folder: Path, sheet_xml: str) -> Path:
    import zipfile

    import openpyxl

    book, path = openpyxl.Workbook(), folder / "t.xlsx"
    book.active.append(["", "2019"])
    book.save(path)
    data = {n: zipfile.ZipFile(path).read(n) for n in zipfile.ZipFile(path).namelist()}
    data["xl/worksheets/sheet1.xml"] = sheet_xml.encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, blob in data.items():
            out.writestr(name, blob)
    return path


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
FIRST = '<row r="1"><c r="A1"><v>1</v></c></row>'


def far_cells(folder: Path) -> Path:
    far = '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>'
    return _xlsx(folder, f'<worksheet xmlns="{MAIN}"><dimension ref="A1:XFD1048576"/><sheetData>{FIRST}{far}'
                         '</sheetData></worksheet>')


def one_merge(folder: Path) -> Path:
    return _xlsx(folder, f'<worksheet xmlns="{MAIN}"><sheetData>{FIRST}</sheetData><mergeCells>'
                         '<mergeCell ref="A1:XFD1048576"/></mergeCells></worksheet>')


def span_bomb(folder: Path) -> Path:
    path = folder / "t.html"
    path.write_text("<table>" + "<tr><td rowspan=10000 colspan=1000>x</td></tr>" * 200 + "</table>")
    return path


def wide_header(folder: Path) -> Path:
    path = folder / "t.csv"
    path.write_text(",".join(f"c{i}" for i in range(100_001)) + "\n" + "1," * 5 + "\n")
    return path


def six_gb(folder: Path) -> Path:
    path = folder / "t.csv"
    with path.open("wb") as out:
        out.truncate(6 * 2**30)  # sparse: 6 GB long, no disk used
    return path


def corrupt_xlsx_beside_good_csv(f: Folder) -> Result:
    folder = f.case()
    tables = folder / "tables"
    tables.mkdir()
    (tables / "bad.xlsx").write_bytes(b"PK\x03\x04" + os.urandom(4000))
    (tables / "good.csv").write_text(",2019\nRevenue,1200\n")
    questions = folder / "q.txt"
    questions.write_text("What was revenue in 2019?\n")
    rc, _, err, _ = cli("batch", questions, "--tables", tables, "--glob", "*.*", "--out", folder / "out", "--quiet")
    results = folder / "out.jsonl"
    rows = [json.loads(ln) for ln in results.read_text().splitlines() if ln] if results.exists() else []
    answered = [r for r in rows if "1200" in json.dumps(r) or "1,200" in json.dumps(r)]
    failed = [r for r in rows if "bad.xlsx" in json.dumps(r)]
    return rc == 0 and bool(answered) and bool(failed), f"exit {rc}; {len(rows)} rows, good answered " \
        f"{bool(answered)}, bad an error row {bool(failed)}"


# ---------------------------------------------------------------- data and scoring
def run_out_over_a_finished_run(f: Folder) -> Result:
    run = f.run_copy()
    before = (run / "predictions.json").read_bytes()
    rc, _, err, _ = cli("run", "tatqa", "--file", MINI, "--out", run, "--quiet")
    ok, detail = one_line(rc, err, "--force")
    return ok and (run / "predictions.json").read_bytes() == before, detail


def score_out_over(target: str) -> Callable[[Folder], Result]:
    def case(f: Folder) -> Result:
        folder = f.case()
        preds, gold = folder / "p.json", folder / "gold.json"
        shutil.copy(f.run / "predictions.json", preds)
        shutil.copy(MINI, gold)
        kept = {p: p.read_bytes() for p in (preds, gold)}
        rc, _, err, _ = cli("score", "tatqa", preds, "--file", gold, "--out", preds if target == "p" else gold)
        ok, detail = one_line(rc, err)
        return ok and all(p.read_bytes() == b for p, b in kept.items()), detail
    return case


def calc_max_min_of_comparisons(f: Folder) -> Result:
    from tabtext.calc import CalcError, evaluate

    seen = []
    for expr in ("max(3 > 2, 1 > 5)", "min(3 > 2, 1 > 5)"):
        try:
            seen.append(repr(evaluate(expr)))
        except CalcError as exc:
            seen.append(f"CalcError: {str(exc)[:40]}")
    return not any(s in ("'yes'", "'no'") for s in seen), "; ".join(seen)


def tatqa_prediction(f: Folder, answer: object, scale: object) -> tuple[int, str, str]:
    path = f.case() / "p.json"
    preds = json.loads((f.run / "predictions.json").read_text())
    preds["q3"] = [answer, scale]
    path.write_text(json.dumps(preds))
    rc, out, err, _ = cli("score", "tatqa", path, "--file", MINI)
    return rc, out, err


def mixed_multi_span(f: Folder) -> Result:
    rc, _, err = tatqa_prediction(f, ["higher demand", 12.5], "")
    return rc == 0 and "mix numbers and strings" in err, f"exit {rc}; warned {'mix numbers' in err}"


def null_scale_text_answer(f: Folder) -> Result:
    rc, out, err = tatqa_prediction(f, ["higher demand"], None)
    scale = next((ln.split()[-1] for ln in out.splitlines() if ln.strip().startswith("scale")), "?")
    claims_crash = "crashes" in err and "where it holds none" not in err
    return rc == 0 and scale == "66.67" and not claims_crash, f"scale {scale} (official 66.67: q3 scores 0)"


CASES: dict[str, Callable[[Folder], Result]] = {
    "predictions: a symlink loop": special_predictions("symlink loop"),
    "predictions: a folder that is no run": special_predictions("folder"),
    "predictions: a link to /dev/zero": special_predictions("link to /dev/zero"),
    "predictions: a FIFO": special_predictions("fifo"),
    "own JSONL without 'answer' keys": jsonl_without_answer,
    "ChatRAG JSONL with a BOM": chatrag_jsonl_with_bom,
    "report.json given as predictions": report_as_predictions,
    "a run folder given as predictions": run_folder_as_predictions,
    "--resume on a torn predictions.jsonl": damaged_run_resume,
    "gold: \"paragraphs\": null": gold_with(lambda g: g[0].__setitem__("paragraphs", None)),
    "gold: an 'order' that is text": gold_with(lambda g: g[0]["paragraphs"][0].__setitem__("order", "first")),
    "gold: INSCIT turns of the wrong type": gold_with(_inscit_turn_wrong_type, "inscit_dev.json"),
    "report: 'scores' a number": damaged_report(lambda r: r.__setitem__("scores", 7)),
    "report: an item a string": damaged_report(lambda r: r.__setitem__("items", ["x"] + list(r.get("items", [])))),
    "compare: a missing metric": damaged_report(lambda r: r.get("scores", {}).pop("em", None), "compare"),
    "report: a 200 KB echoed field": damaged_report(_echoed_field),
    "batch: a corrupt .xlsx beside a good CSV": corrupt_xlsx_beside_good_csv,
    "ask: an .xlsx spanning A1:XFD1048576": table_case(far_cells),
    "ask: an .xlsx with one merge A1:XFD1048576": table_case(one_merge),
    "ask: an HTML rowspan x colspan bomb": table_case(span_bomb),
    "ask: a CSV with 100,001 header columns": table_case(wide_header),
    "ask: a 6 GB file": table_case(six_gb),
    "run --out over a finished run": run_out_over_a_finished_run,
    "score --out over the predictions": score_out_over("p"),
    "score --out over the gold file": score_out_over("g"),
    "calc: max/min over comparisons": calc_max_min_of_comparisons,
    "TAT-QA: a multi-span mixing numbers and strings": mixed_multi_span,
    "TAT-QA: a null scale with a text answer": null_scale_text_answer,
}


def main() -> None:
    from audit_serve import SERVE_CASES, stop_server

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="run only the cases whose name holds this")
    args = parser.parse_args()
    cases = {**CASES, **SERVE_CASES}
    print("| case | ends cleanly | seconds | what happened |\n|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        try:
            ended, rows = run_cases(cases, args.only, Folder(Path(tmp)))
        finally:
            stop_server()
    print(f"\n{ended} of {len(rows)} audit cases end cleanly (load average {os.getloadavg()[0]:.2f})")


def run_cases(cases: dict[str, Callable[[Folder], Result]], only: str, folder: Folder) -> tuple[int, list]:
    ended, rows = 0, []
    for name, case in cases.items():
        if only.lower() not in name.lower():
            continue
        started = time.perf_counter()
        try:
            ok, detail = case(folder)
        except Exception as exc:  # noqa: BLE001 - a reproducer that breaks is a case not ended cleanly
            ok, detail = False, f"reproducer failed: {type(exc).__name__}: {str(exc)[:90]}"
        ended += ok
        rows.append((name, ok, time.perf_counter() - started, detail))
        print(f"| {name} | {'yes' if ok else 'NO'} | {rows[-1][2]:.1f} s | {detail} |", flush=True)
    return ended, rows


if __name__ == "__main__":
    main()
