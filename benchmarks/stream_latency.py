"""Streaming latency of `tabtext serve`: time to the first SSE chunk vs time to the full non-streamed reply.

    PYTHONPATH=src python benchmarks/stream_latency.py [--n 50] [--file PATH_TO_TATQA_DEV]

Starts `tabtext serve` as its own process on 127.0.0.1 and sends the openai engine's prompts for the first N
questions of the open (non-lockbox) part of TAT-QA dev, one at a time, after one warm-up pass (the solver
caches sentence readings), each two ways, three times interleaved, keeping the fastest of each: stream=false
(time to the whole reply) and stream=true (time to the first chunk, and to [DONE]). Prints medians / p90 and the share
of questions whose first chunk came no later than the full non-streamed reply. Aggregates only.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT / "src"))

from lm_eval_parity import free_port, start_serve  # noqa: E402
from lockbox import dev_file, split  # noqa: E402

from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.prompts import messages_for  # noqa: E402

REPEATS = 3


def plain_seconds(client: httpx.Client, url: str, body: dict) -> float:
    started = time.perf_counter()
    r = client.post(url, json=body)
    r.raise_for_status()
    r.json()
    return time.perf_counter() - started


def streamed_seconds(client: httpx.Client, url: str, body: dict) -> tuple[float, float]:
    """(time to the first data: line, time to data: [DONE])."""
    started = time.perf_counter()
    first = None
    with client.stream("POST", url, json={**body, "stream": True}) as r:
        r.raise_for_status()
        for line in r.iter_lines():
            if line.startswith("data: ") and first is None:
                first = time.perf_counter() - started
            if line == "data: [DONE]":
                break
    assert first is not None, "the stream held no chunk"
    return first, time.perf_counter() - started


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) >= 2 else values[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=50, help="questions (default 50)")
    ap.add_argument("--file", type=Path, default=None, help="TAT-QA dev file (default: $TABTEXT_DATA/tatqa/...)")
    args = ap.parse_args()
    examples = split(tatqa.load(args.file or dev_file()))[0][:args.n]
    port = free_port()
    server = start_serve(port)
    url = f"http://127.0.0.1:{port}/v1/chat/completions"
    plain, first, done = [], [], []
    try:
        with httpx.Client(timeout=60) as client:
            for ex in examples:  # warm the solver's caches, so neither way gets them first
                plain_seconds(client, url, {"model": "tabtext", "messages": messages_for(ex)})
            for ex in examples:
                body = {"model": "tabtext", "messages": messages_for(ex)}
                runs_plain, runs_stream = [], []
                for _ in range(REPEATS):  # interleaved; the fastest of each way, to see past scheduler noise
                    runs_plain.append(plain_seconds(client, url, body))
                    runs_stream.append(streamed_seconds(client, url, body))
                plain.append(min(runs_plain))
                first.append(min(f for f, _ in runs_stream))
                done.append(min(d for _, d in runs_stream))
    finally:
        server.terminate()
        server.wait(10)
    ms = 1000
    print(f"tabtext serve, {len(examples)} TAT-QA dev questions (open part), one request at a time")
    print(f"{'':<36}{'median ms':>10}{'p90 ms':>10}")
    for name, values in (("stream=false: full reply", plain), ("stream=true: first chunk", first),
                         ("stream=true: [DONE]", done)):
        print(f"{name:<36}{statistics.median(values) * ms:>10.2f}{p90(values) * ms:>10.2f}")
    no_later = sum(1 for f, p in zip(first, plain) if f <= p)
    print(f"first chunk no later than the full non-streamed reply: {no_later}/{len(first)}")


if __name__ == "__main__":
    main()
