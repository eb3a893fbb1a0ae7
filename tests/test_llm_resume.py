"""A run killed with SIGKILL mid-way, then resumed, gives the same predictions and asks nothing twice."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI  # noqa: E402

DRIVER = Path(__file__).resolve().parent / "llm_resume_driver.py"
SRC = Path(__file__).resolve().parents[1] / "src"
N = 30
VOLATILE = ("latency_ms", "cached", "attempts")  # timing and cache provenance differ between runs


def run_driver(server, out, cache, wait=True):
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    proc = subprocess.Popen([sys.executable, str(DRIVER), server.base_url, str(out), str(cache), str(N)], env=env)
    if wait:
        assert proc.wait(60) == 0
    return proc


def records(path):
    out = {}
    for line in Path(path).read_text().splitlines():
        r = json.loads(line)
        assert r["uid"] not in out, f"duplicate prediction for {r['uid']}"
        for k in VOLATILE:
            r["meta"].pop(k)
        out[r["uid"]] = r
    return out


def test_sigkill_then_resume_is_identical_with_no_duplicate_requests(tmp_path):
    with FakeOpenAI() as reference_server:
        run_driver(reference_server, tmp_path / "ref.jsonl", tmp_path / "ref.sqlite")
    reference = records(tmp_path / "ref.jsonl")
    assert len(reference) == N

    out, cache = tmp_path / "run.jsonl", tmp_path / "run.sqlite"
    with FakeOpenAI(stall_after=12) as server:  # answers 12, then holds every request: the run is mid-way
        proc = run_driver(server, out, cache, wait=False)
        deadline = time.monotonic() + 60
        while (not out.exists() or len(out.read_text().splitlines()) < 12) and time.monotonic() < deadline:
            time.sleep(0.05)
        while server.inflight < 4 and time.monotonic() < deadline:  # the next requests are on the wire
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        first_answered = set(server.answered)
        assert len(out.read_text().splitlines()) == 12 and len(first_answered) == 12

        server.release()
        before = dict(server.received)
        run_driver(server, out, cache)
        resumed_requests = {k for k, n in server.received.items() if n > before.get(k, 0)}

    assert records(out) == reference
    assert not resumed_requests & first_answered  # nothing answered before the kill was asked again
    assert all(n == 1 for n in server.answered.values()) and len(server.answered) == N


def tatqa_file(path, n):
    """The fake server's examples as a TAT-QA file (gold = the fake answer), for the real CLI."""
    from fake_openai import expected_answer, make_examples

    examples = make_examples(n)
    table = [list(r) for r in examples[0].context.tables[0].rows]
    contexts = [{"table": {"uid": f"t{i}", "table": table},
                 "paragraphs": [{"uid": "p1", "order": 1, "text": ex.context.paragraphs[0].text}],
                 "questions": [{"uid": ex.uid, "order": 1, "question": ex.question, "answer": expected_answer(ex),
                                "derivation": "", "answer_type": "arithmetic", "answer_from": "table",
                                "scale": "", "rel_paragraphs": [], "req_comparison": False}]}
                for i, ex in enumerate(examples)]
    path.write_text(json.dumps(contexts))
    return examples


def cli(server, gold, out, *extra, wait=True, quiet=True):
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    cmd = [sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(gold), "--out", str(out),
           "--engine", f"openai:model=fake,base_url={server.base_url},concurrency=4,retries=0,backoff=0.01", *extra]
    cmd += ["--quiet"] if quiet else []
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if not wait:
        return proc
    _, err = proc.communicate(timeout=120)
    return proc.returncode, err


def test_cli_sigkill_then_resume_loses_nothing_asks_nothing_twice_and_retries_errors(tmp_path):
    from fake_openai import question_of

    gold, out = tmp_path / "gold.json", tmp_path / "run"
    examples = tatqa_file(gold, N)
    failing = {ex.question for i, ex in enumerate(examples) if i % 5 == 0}  # an outage for these items
    with FakeOpenAI(stall_after=12, fail=lambda m: question_of(m) in failing) as server:
        proc = cli(server, gold, out, wait=False)
        jsonl = out / "predictions.jsonl"
        deadline = time.monotonic() + 60
        while (not jsonl.exists() or sum(1 for ln in jsonl.read_text().splitlines() if '"error"' not in ln) < 12) \
                and time.monotonic() < deadline:
            time.sleep(0.05)
        while server.inflight < 4 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        saved = [json.loads(ln) for ln in jsonl.read_text().splitlines()]
        answered_before = {r["uid"] for r in saved if not r.get("error")}
        errored_before = {r["uid"] for r in saved if r.get("error")}
        assert len(answered_before) == 12 and errored_before and not any("closed" in r.get("error", "") for r in saved)
        answered_keys = set(server.answered)

        server.fail = None
        server.release()
        before = dict(server.received)
        rc, err = cli(server, gold, out, "--resume", quiet=False)
        asked = {k for k, n in server.received.items() if n > before.get(k, 0)}

    assert rc == 0, err
    assert f"resuming: 12 answered, {len(errored_before)} errored to ask again, {N - 12} to go" in err
    final = records(out / "predictions.jsonl")
    assert set(final) == {ex.uid for ex in examples} and not any(r.get("error") for r in final.values())
    assert not asked & answered_keys  # no saved answer was asked again
    assert len(asked) == N - 12  # every errored or unasked item was asked
    assert "em" in (out / "report.json").read_text() and json.loads((out / "report.json").read_text())["scores"]["em"] == 1.0


def test_a_second_run_on_the_same_out_folder_refuses_in_one_line(tmp_path):
    gold, out = tmp_path / "gold.json", tmp_path / "run"
    tatqa_file(gold, 8)
    with FakeOpenAI(stall_after=0) as server:
        first = cli(server, gold, out, wait=False)
        deadline = time.monotonic() + 60
        while not (out / ".lock").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        rc, err = cli(server, gold, out, "--resume")
        first.kill()
        first.wait(10)
        server.release()
    assert rc == 2 and err.strip().count("\n") == 0 and f"another run (pid {first.pid})" in err
