"""Opt-in (``-m llm``): the LLM path against a real local model served by llama_cpp.server: 20 TAT-QA dev questions
at default settings, ConvFinQA turns that must not continue the transcript, and a base_url without /v1.

Either point it at a running OpenAI-compatible server with TABTEXT_LLM_BASE_URL (and TABTEXT_LLM_MODEL for the
model name), or give a GGUF file with TABTEXT_LLM_GGUF and have ``llama-cpp-python[server]`` installed: the test
then starts ``python -m llama_cpp.server`` on a free loopback port. Skips cleanly when neither is available.

    TABTEXT_LLM_GGUF=/path/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf python -m pytest -m llm -s tests/test_llm_local_model.py
"""

import importlib.util
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from tabtext.engines.openai import OpenAIEngine

pytestmark = pytest.mark.llm
N = 20


@pytest.fixture(scope="module")
def llm_base_url():
    if os.environ.get("TABTEXT_LLM_BASE_URL"):
        yield os.environ["TABTEXT_LLM_BASE_URL"].rstrip("/")
        return
    gguf = os.environ.get("TABTEXT_LLM_GGUF", "")
    if not gguf or not Path(gguf).is_file():
        pytest.skip("set TABTEXT_LLM_GGUF to a .gguf model file (or TABTEXT_LLM_BASE_URL to a running server)")
    if importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python is not installed (pip install 'llama-cpp-python[server]')")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "llama_cpp.server", "--model", gguf, "--host", "127.0.0.1",
                             "--port", str(port), "--n_ctx", "4096"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    import httpx

    url = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 300
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail("llama_cpp.server exited while starting")
            try:
                if httpx.get(url + "/models", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(1)
        yield url
    finally:
        proc.terminate()
        proc.wait(30)


def test_twenty_tatqa_dev_questions_through_a_local_model(llm_base_url, shared_data, tmp_path):
    from tabtext.benchmarks import tatqa
    from tabtext.run import score_predictions

    examples = tatqa.load(shared_data("tatqa/tatqa_dataset_dev.json"))[:N]
    model = os.environ.get("TABTEXT_LLM_MODEL", "local")
    engine = OpenAIEngine(model=model, base_url=llm_base_url, timeout=600, cache=str(tmp_path / "cache.sqlite"))
    start = time.perf_counter()
    preds = engine.answer(examples)  # default settings: concurrency=auto, prompt=fair
    elapsed = time.perf_counter() - start

    transport = [p.error for p in preds if p.error and p.error != "no answer in the model output"]
    assert not transport, transport
    assert all(p.meta["attempts"] == 1 for p in preds)  # no request sent twice
    assert all(p.raw for p in preds) and all(p.meta["usage"].get("completion_tokens") for p in preds)
    report = score_predictions("tatqa", examples, {p.uid: p for p in preds})
    tokens = sum(p.meta["usage"].get("total_tokens", 0) for p in preds)
    print(f"\n{N} TAT-QA dev questions via {llm_base_url} ({model}): {elapsed:.0f} s, {tokens} tokens, "
          f"scores {report.scores}, extractors {dict(Counter(p.meta['extractor'] for p in preds))}, "
          f"scale read from the answer text {sum(1 for p in preds if p.meta.get('scale_from_text'))}, "
          f"concurrency {engine.provenance()['concurrency']}")
    # the same run again is answered from the cache without a request
    again = engine.answer(examples)
    assert all(p.meta["cached"] for p in again) and [p.raw for p in again] == [p.raw for p in preds]


def test_convfinqa_replies_do_not_continue_the_transcript(llm_base_url):
    from tabtext.benchmarks import BENCHMARKS

    release = Path(__file__).parent / "data" / "chatrag" / "release" / "convfinqa" / "dev.json"
    examples = [ex for ex in BENCHMARKS.get("chatrag").load(release, dataset="convfinqa") if ex.history][:8]
    engine = OpenAIEngine(model=os.environ.get("TABTEXT_LLM_MODEL", "local"), base_url=llm_base_url, timeout=600)
    preds = engine.answer(examples)
    assert all(p.raw is not None and not p.error for p in preds), [p.error for p in preds]
    assert not [p.raw for p in preds if "User:" in p.raw or "Assistant:" in p.raw]


def test_the_cli_stops_at_once_on_a_base_url_without_v1(llm_base_url, tmp_path):
    gold = Path(__file__).parent / "data" / "tatqa" / "mini.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    root = llm_base_url[: -len("/v1")]
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tatqa", "--file", str(gold), "--quiet",
                           "--out", str(tmp_path / "run"), "--engine", f"openai:model=local,base_url={root}"],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and f"did you mean base_url={root}/v1?" in done.stderr, done.stderr
