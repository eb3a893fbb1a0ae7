"""serve's worker process for large requests: a call past its time kills the process (the work stops), the next
call starts a new one, what the call raised comes back raised, and a large request past its time is a 422."""

from __future__ import annotations

import math
import multiprocessing
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.serve_guard import Limits  # noqa: E402
from tabtext.serve_http import LARGE_TEXT  # noqa: E402
from tabtext.serve_worker import WorkerProcess, WorkerTimeout  # noqa: E402
from tabtext.server import create_app  # noqa: E402


def test_a_call_past_its_time_kills_the_worker_and_the_next_call_starts_a_new_one():
    worker = WorkerProcess()
    try:
        assert worker.call(math.sqrt, (16.0,), 30) == 4.0
        first = worker.pid
        started = time.monotonic()
        try:
            worker.call(time.sleep, (30,), 0.5)
            raise AssertionError("the call should have timed out")
        except WorkerTimeout:
            pass
        assert time.monotonic() - started < 10
        assert worker.pid is None
        assert worker.call(math.sqrt, (9.0,), 30) == 3.0
        assert worker.pid not in (None, first)
    finally:
        worker.stop()


def test_what_the_call_raised_is_raised_again_and_the_worker_lives_on():
    worker = WorkerProcess()
    try:
        try:
            worker.call(int, ("not a number",), 30)
            raise AssertionError("int('not a number') should raise")
        except ValueError as exc:
            assert "not a number" in str(exc)
        pid = worker.pid
        assert worker.call(math.sqrt, (4.0,), 30) == 2.0 and worker.pid == pid
    finally:
        worker.stop()


def test_a_worker_past_its_memory_bound_is_replaced_after_its_reply():
    worker = WorkerProcess(max_rss_mb=1.0)  # any process is larger: every call retires its worker
    try:
        assert worker.call(math.sqrt, (4.0,), 30) == 2.0
        assert worker.pid is None
        assert worker.call(math.sqrt, (1.0,), 30) == 1.0
    finally:
        worker.stop()


def test_a_large_request_past_its_time_is_422_and_leaves_no_process_running():
    app = create_app(limits=Limits(request_seconds=1.5))  # the default solver: large texts go to the worker
    text = "revenue grew " * (6 * LARGE_TEXT // 13)  # 300 KB: seconds of solving after the worker has started
    with running(app) as base:
        r = httpx.post(base + "/v1/answer", json={"question": "What was revenue?", "paragraphs": [text]}, timeout=30)
        assert r.status_code == 422 and "longer than 1.5 s" in r.json()["error"]["message"]
        deadline = time.monotonic() + 10
        while multiprocessing.active_children() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not multiprocessing.active_children()


def test_a_long_question_or_long_cell_texts_make_a_request_large_as_a_long_paragraph_does():
    from tabtext.serve_http import is_large
    from tabtext.types import Context, Example, Paragraph, Table

    small = Table.from_rows([["", "2019"], ["Revenue", "1"]])
    assert not is_large(Example(uid="a", question="What was revenue?", context=Context(tables=(small,))))
    assert is_large(Example(uid="b", question="1e999 " * 10_000, context=Context(tables=(small,))))
    wide = Table.from_rows([["9" * 9000, "1"]] * 20)
    assert is_large(Example(uid="c", question="q?", context=Context(tables=(wide,))))
    long_text = Context(paragraphs=(Paragraph(id="1", text="x " * 30_000, order=1),))
    assert is_large(Example(uid="d", question="q?", context=long_text))
