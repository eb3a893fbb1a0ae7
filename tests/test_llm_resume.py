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
