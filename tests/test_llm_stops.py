"""Mistakes in the user's input stop a run at once in one line (exit 2); a dead endpoint stops after a bounded
wait; --resume neither asks a refused request again nor mixes two engines' answers."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, make_examples  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.engines.openai_stops import StopRun, context_overflow  # noqa: E402
from tabtext.errors import EngineError  # noqa: E402

GOLD = Path(__file__).parent / "data" / "tatqa" / "mini.json"
ENV = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
LLAMA_OVERFLOW = ("Requested tokens (2892) exceed context window of 2048")
OPENAI_OVERFLOW = ("This model's maximum context length is 4096 tokens. However, your messages resulted in "
                   "5012 tokens. Please reduce the length of the messages.")


def run_cli(base_url, out, *extra, engine_extra=""):
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(GOLD), "--quiet",
                           "--out", str(out), "--engine", f"openai:model=fake,base_url={base_url}{engine_extra}",
                           *extra], env=ENV, capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - started


def test_base_url_without_v1_stops_at_once_with_the_fix(tmp_path):
    with FakeOpenAI() as server:
        root = server.base_url[: -len("/v1")]
        done, _ = run_cli(root, tmp_path / "run")
        asked = sum(server.received.values())
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and f"did you mean base_url={root}/v1?" in done.stderr
    assert asked == 0  # the preflight's GET /models found the wrong route: no question was sent


def test_the_engine_answers_and_stops_without_the_openai_sdk():
    # the SDK made unimportable: a run answers through httpx alone, and a wrong route still stops it
    code = ("import sys\nsys.modules['openai'] = None\nsys.path.insert(0, sys.argv[2])\n"
            "from fake_openai import expected_answer, make_examples\n"
            "from tabtext.engines.openai import OpenAIEngine\nfrom tabtext.errors import EngineError\n"
            "examples = make_examples(6)\npreds = OpenAIEngine(model='m', base_url=sys.argv[1]).answer(examples)\n"
            "print(sum(p.answer.value == expected_answer(e) for e, p in zip(examples, preds)))\n"
            "try:\n    OpenAIEngine(model='m', base_url=sys.argv[1][:-3]).preflight()\nexcept EngineError as e:\n"
            "    print('stopped', 'did you mean' in str(e))\n")
    with FakeOpenAI() as server:
        done = subprocess.run([sys.executable, "-c", code, server.base_url, str(Path(__file__).parent)], env=ENV,
                              capture_output=True, text=True, timeout=120)
    assert done.stdout.split("\n")[:2] == ["6", "stopped True"], done.stderr


def test_a_404_on_the_first_chat_request_stops_the_run_without_the_preflight():
    with FakeOpenAI() as server:
        engine = OpenAIEngine(model="fake", base_url=server.base_url[: -len("/v1")], check=False, concurrency=1)
        with pytest.raises(StopRun, match="did you mean base_url=.*/v1"):
            engine.answer(make_examples(20))
    assert sum(server.received.values()) == 0  # the 404 came from the route, nothing reached the chat handler


def test_a_server_too_busy_for_get_models_is_told_busy_within_seconds_and_the_run_goes_on():
    import httpx  # noqa: F401  (loaded before the clock starts: on a loaded machine that takes seconds)

    with FakeOpenAI(models_latency=8.0) as server:
        engine = OpenAIEngine(model="fake", base_url=server.base_url, concurrency=1)
        started = time.monotonic()
        with pytest.warns(UserWarning, match="is busy"):
            engine.preflight()
        seconds = time.monotonic() - started
        preds = engine.answer(make_examples(2))
    assert all(not p.error for p in preds)
    assert seconds < 6  # told busy after BUSY_AFTER (2 s), not after the 8 s the server took or a 10 s timeout


@pytest.mark.parametrize("message,asked,window", [(LLAMA_OVERFLOW, "2892", "2048"),
                                                  (OPENAI_OVERFLOW, "5012", "4096")])
def test_context_overflow_names_the_counts_and_the_fixes(message, asked, window):
    stop = context_overflow(400, message, "http://h/v1")
    assert stop is not None and f"{asked} tokens asked for, the window is {window}" in str(stop)
    assert f"--n_ctx {2 * int(window)}" in str(stop) and "max_tokens" in str(stop)
    assert context_overflow(400, "'temperature' must be a number", "http://h/v1") is None


def test_an_overflowing_prompt_stops_the_cli_run_in_one_line(tmp_path):
    with FakeOpenAI(status=lambda messages: (400, LLAMA_OVERFLOW)) as server:
        done, _ = run_cli(server.base_url, tmp_path / "run")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "2892 tokens asked for, the window is 2048" in done.stderr


def test_resume_does_not_ask_a_refused_request_again(tmp_path):
    out = tmp_path / "run"
    with FakeOpenAI(status=lambda messages: (400, "'stop' is not supported")) as server:
        first, _ = run_cli(server.base_url, out)
        again, _ = run_cli(server.base_url, out, "--resume")
        asked = sum(server.received.values())
    assert first.returncode == 0 and again.returncode == 0, again.stderr
    assert asked == 3  # the 3 questions once each: a 400 is the request's own fault, not an outage
    assert "0 errored to ask again" in again.stderr or "resuming" not in again.stderr


def test_resume_refuses_another_model_unless_told(tmp_path):
    out = tmp_path / "run"
    with FakeOpenAI() as server:
        assert run_cli(server.base_url, out)[0].returncode == 0
        (out / "report.json").unlink()
        lines = (out / "predictions.jsonl").read_text().splitlines()
        (out / "predictions.jsonl").write_text("\n".join(lines[:1]) + "\n")
        other = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(GOLD), "--quiet",
                                "--out", str(out), "--resume", "--engine",
                                f"openai:model=other,base_url={server.base_url}"],
                               env=ENV, capture_output=True, text=True, timeout=120)
        mixed = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(GOLD), "--quiet",
                                "--out", str(out), "--resume", "--allow-engine-change", "--engine",
                                f"openai:model=other,base_url={server.base_url}"],
                               env=ENV, capture_output=True, text=True, timeout=120)
    assert other.returncode == 2 and other.stderr.count("\n") == 1, other.stderr
    assert "model=fake" in other.stderr and "model=other" in other.stderr and "--allow-engine-change" in other.stderr
    assert mixed.returncode == 0, mixed.stderr
    models = [json.loads(line)["meta"]["model"] for line in (out / "predictions.jsonl").read_text().splitlines()]
    assert models == ["fake", "other", "other"]


def test_a_dead_endpoint_stops_after_the_outage_wait_with_the_rest_resumable():
    with FakeOpenAI() as server:
        url = server.base_url
        engine = OpenAIEngine(model="fake", base_url=url, concurrency=2, outage=1.5, backoff=0.2, retries=50)
        first = engine.answer(make_examples(4))
    assert all(not p.error for p in first)
    seen = []
    started = time.monotonic()
    with pytest.raises(StopRun, match="stopped answering .* --resume"):
        engine.answer(make_examples(30, prefix="r"), on_result=seen.append)
    assert time.monotonic() - started < 30  # bounded by outage=1.5 s, not 30 items x 50 retries with backoff
    assert all(p.error for p in seen)  # nothing was answered, and what was not recorded is asked on --resume


def test_the_cache_refuses_a_folder_or_a_file_that_is_not_sqlite(tmp_path):
    (tmp_path / "notes.txt").write_text("my notes\n")
    with pytest.raises(EngineError, match="is a folder"):
        OpenAIEngine(model="m", base_url="http://127.0.0.1:9/v1", cache=str(tmp_path))
    with pytest.raises(EngineError, match="not an sqlite database"):
        OpenAIEngine(model="m", base_url="http://127.0.0.1:9/v1", cache=str(tmp_path / "notes.txt"))
    assert (tmp_path / "notes.txt").read_text() == "my notes\n"
