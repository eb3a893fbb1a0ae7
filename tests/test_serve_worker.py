"""serve's worker process for large requests: a call past its time kills the process (the work stops), the next
call starts a new one, what the call raised comes back raised, and a large request past its time is a 422."""

from __future__ import annotations

import math
import multiprocessing
import time

from tabtext.serve_guard import Limits
from tabtext.serve_worker import WorkerProcess, WorkerTimeout


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


def test_large_work_past_its_time_is_a_422_and_its_worker_is_killed_while_small_work_still_answers():
    import asyncio

    import pytest

    from tabtext.serve_guard import BadInput
    from tabtext.serve_http import bounded_runner

    worker = WorkerProcess()
    run = bounded_runner(Limits(request_seconds=1.5), worker)

    async def go() -> float:
        started = time.monotonic()
        with pytest.raises(BadInput) as refused:
            await run(time.sleep, (30,), True)  # in the worker: killed at 1.5 s
        assert refused.value.status == 422 and "longer than 1.5 s" in str(refused.value)
        assert await run(math.sqrt, (25.0,), False) == 5.0  # small work: a thread in this process
        return time.monotonic() - started

    worker.start()
    pid = worker.pid
    try:
        assert asyncio.run(go()) < 10
        assert worker.pid is None and pid not in [p.pid for p in multiprocessing.active_children()]
    finally:
        worker.stop()


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
