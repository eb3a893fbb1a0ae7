"""Speed figures for the openai engine and tabtext serve (prints them; asserts nothing).

    PYTHONPATH=src python benchmarks/llm_throughput.py [--tatqa PATH_TO_DEV_JSON]

1. Against a local OpenAI-compatible server (its own process) that answers after 100 ms: throughput at concurrency 32 vs 1.
2. Harness overhead per request: the engine's time per request minus a bare httpx client's, against a
   server that answers at once (concurrency 1), plus the pure in-process part (prompt, hash, parse, extract).
3. ``tabtext serve`` (a separate process) handling 1,000 chat requests from 16 concurrent clients.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from fake_openai import FakeOpenAIProcess, make_examples  # noqa: E402
from tabtext.engines import prompts  # noqa: E402
from tabtext.engines.openai import OpenAIEngine, build_payload, parse_response, payload_key  # noqa: E402


def throughput(server: FakeOpenAIProcess, concurrency: int, n: int) -> float:
    engine = OpenAIEngine(model="fake", base_url=server.base_url, concurrency=concurrency)
    examples = make_examples(n, prefix=f"c{concurrency}-")
    engine.answer(make_examples(concurrency, prefix=f"warm{concurrency}-"))  # connect, check, import once
    start = time.perf_counter()
    preds = engine.answer(examples)
    elapsed = time.perf_counter() - start
    assert all(p.answer is not None for p in preds), [p.error for p in preds if p.error][:3]
    return n / elapsed


def concurrency_figures() -> None:
    with FakeOpenAIProcess(latency=0.1) as server:
        one = throughput(server, 1, 30)
        many = throughput(server, 32, 640)
    print(f"[1] server answers after 100 ms: concurrency 1 = {one:.1f} req/s, concurrency 32 = {many:.1f} req/s, "
          f"speed-up {many / one:.1f}x (target >= 25x)")


def overhead_figures(n: int = 400) -> None:
    import httpx

    examples = make_examples(n, prefix="o")
    with FakeOpenAIProcess() as server:
        engine = OpenAIEngine(model="fake", base_url=server.base_url, concurrency=1)
        engine.answer(make_examples(20, prefix="warm"))
        start, cpu = time.perf_counter(), time.process_time()
        engine.answer(examples)
        engine_ms = (time.perf_counter() - start) * 1000 / n
        engine_cpu_ms = (time.process_time() - cpu) * 1000 / n
        payloads = [engine.payload_for(ex) for ex in examples]
        with httpx.Client() as client:
            client.post(server.base_url + "/chat/completions", json=payloads[0])
            start, cpu = time.perf_counter(), time.process_time()
            for p in payloads:
                client.post(server.base_url + "/chat/completions", json=p).json()
            bare_ms = (time.perf_counter() - start) * 1000 / n
            bare_cpu_ms = (time.process_time() - cpu) * 1000 / n
    response = {"choices": [{"message": {"content": '{"answer": 12.5, "scale": "million"}'}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13}}
    start = time.perf_counter()
    for ex in examples:
        payload = build_payload(prompts.messages_for(ex), "m", 0, 256)
        payload_key(payload)
        text, _, _ = parse_response(response)
        prompts.extract(ex, text)
    pure_ms = (time.perf_counter() - start) * 1000 / n
    print(f"[2] harness overhead per request (target < 2 ms): wall {engine_ms - bare_ms:.2f} ms "
          f"(engine {engine_ms:.2f} ms vs a bare sync httpx loop {bare_ms:.2f} ms, server answering at once); "
          f"client CPU {engine_cpu_ms - bare_cpu_ms:.2f} ms ({engine_cpu_ms:.2f} vs {bare_cpu_ms:.2f}); "
          f"prompt+hash+parse+extract alone {pure_ms:.3f} ms")


def serve_figures(tatqa_path: str | None, total: int = 1000, clients: int = 16) -> None:
    import httpx

    if tatqa_path and Path(tatqa_path).exists():
        from tabtext.benchmarks import tatqa

        examples = tatqa.load(Path(tatqa_path))[:200]
        source = f"{len(examples)} TAT-QA dev questions"
    else:
        examples, source = make_examples(200), "200 synthetic questions"
    bodies = [{"model": "tabtext", "messages": prompts.messages_for(ex)} for ex in examples]
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "tabtext.commands.serve", "--port", str(port)], env=env,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1/chat/completions"
    try:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz")
                break
            except httpx.TransportError:
                time.sleep(0.1)

        latencies: list[float] = []
        errors, answered = 0, 0

        async def client(worker: int, http: httpx.AsyncClient) -> None:
            nonlocal errors, answered
            for i in range(worker, total, clients):
                t = time.perf_counter()
                try:
                    r = await http.post(url, json=bodies[i % len(bodies)])
                    ok = r.status_code == 200
                    answered += bool(ok and r.json()["choices"][0]["message"]["content"])
                except httpx.HTTPError:
                    ok = False
                latencies.append((time.perf_counter() - t) * 1000)
                errors += not ok

        async def main() -> float:
            limits = httpx.Limits(max_connections=clients)
            async with httpx.AsyncClient(limits=limits, timeout=60) as http:
                start = time.perf_counter()
                await asyncio.gather(*(client(w, http) for w in range(clients)))
                return time.perf_counter() - start

        elapsed = asyncio.run(main())
    finally:
        proc.terminate()
        proc.wait(10)
    q = statistics.quantiles(latencies, n=100)
    print(f"[3] tabtext serve, {total} chat requests ({source}) from {clients} concurrent clients: "
          f"{errors} errors, {total / elapsed:.0f} req/s, p50 {q[49]:.1f} ms, p99 {q[98]:.1f} ms "
          f"({answered} replies carried a solver answer)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tatqa", default=str(ROOT.parent.parent / "shared/data/tatqa/tatqa_dataset_dev.json"),
                        help="TAT-QA dev JSON for realistic serve requests (synthetic ones if absent)")
    args = parser.parse_args()
    concurrency_figures()
    overhead_figures()
    serve_figures(args.tatqa)
