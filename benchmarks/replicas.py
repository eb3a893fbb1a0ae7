"""Replica figures for ``base_url=URL1|URL2`` (prints them; asserts nothing).

    PYTHONPATH=src python benchmarks/replicas.py [--n 320] [--per-replica 8]

Each fake replica runs in its own process, answers after 100 ms and serves at most ``--per-replica``
requests at once (the rest queue, as on a real server with a fixed batch size); the engine's concurrency is
the same per replica.
1. Throughput of two replicas vs one.
2. Two replicas, one of which answers every second request with HTTP 500: items lost, and where they went.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from fake_openai import FakeOpenAIProcess, expected_answer, make_examples  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402


def timed_run(servers: list[FakeOpenAIProcess], per_replica: int, n: int, prefix: str,
              retries: int = 5) -> tuple[float, int, OpenAIEngine]:
    urls = "|".join(s.base_url for s in servers)
    engine = OpenAIEngine(model="fake", base_url=urls, concurrency=per_replica, retries=retries, backoff=0.05)
    engine.answer(make_examples(per_replica * len(servers), prefix=f"warm-{prefix}"))
    examples = make_examples(n, prefix=prefix)
    start = time.perf_counter()
    preds = engine.answer(examples)
    elapsed = time.perf_counter() - start
    lost = sum(1 for ex, p in zip(examples, preds) if p.answer is None or p.answer.value != expected_answer(ex))
    return n / elapsed, lost, engine


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=320, help="items per measured run")
    ap.add_argument("--per-replica", type=int, default=8, help="concurrency per replica (client and server)")
    args = ap.parse_args()
    c = args.per_replica
    with FakeOpenAIProcess(0.1, capacity=c) as a, FakeOpenAIProcess(0.1, capacity=c) as b:
        one, lost1, _ = timed_run([a], c, args.n, "one")
        two, lost2, _ = timed_run([a, b], c, args.n, "two")
    print(f"[1] 100 ms replicas, {c} concurrent requests per replica, {args.n} items: one replica {one:.1f} req/s, "
          f"two replicas {two:.1f} req/s = {two / one:.2f}x (target >= 1.8x); lost {lost1} / {lost2}")
    with FakeOpenAIProcess(0.1, fail_every=2, capacity=c) as flaky, FakeOpenAIProcess(0.1, capacity=c) as good:
        rate, lost, engine = timed_run([flaky, good], c, args.n, "flaky")
    counts = ", ".join(f"{r['url'].split(':')[-1].split('/')[0]}: {r['ok']} ok / {r['failed']} failed"
                       for r in engine.provenance()["replicas"])
    print(f"[2] one of two replicas fails every second request: {lost} of {args.n} items lost, {rate:.1f} req/s "
          f"(replica port {counts})")


if __name__ == "__main__":
    main()
