"""Load and abuse ``tabtext serve``: mixed valid and hostile requests at bounded concurrency, on 127.0.0.1 only.

Starts ``python -m tabtext.cli serve`` itself on a free loopback port, sends N requests (default 2,200; a mix
of valid questions and hostile bodies: padding amplifiers, deep JSON, huge integers, wrong content types,
foreign Host headers, oversized and slow bodies; for the ``/v1/tables`` upload route a zip bomb, sheets whose
extent or merged range is huge or that holds a million empty rows, ragged CSV, exploding HTML spans, parquet and feather files that inflate 2,000x,
a text/plain upload and a slow upload body;
valid requests include small .xlsx uploads) with at most C in flight (default 32), stops the server and
prints: requests by status, dropped valid requests, p50/p99 latency of valid requests, the server's RSS
before/after and the largest cells built by one request.
Also holds ``--slow-headers`` clients (default 256) that send request heads slowly for the whole run (each one
reconnecting when cut off) and sends ``--heavy`` CPU-heavy bodies (default 40), lone surrogates and crafted Host
headers (``serve_attacks.py``).
Usage: PYTHONPATH=src python benchmarks/serve_abuse.py [--requests 2200] [--concurrency 32] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import io
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
import zipfile
from collections import Counter
from pathlib import Path

import httpx
import serve_attacks

from tabtext.serve_worker import rss_mb as one_rss_mb

ROOT = Path(__file__).resolve().parents[1]
TABLE = [["", "2019", "2018"], ["Revenue", "1,452.4", "1,146.2"], ["Cost of sales", "(980.1)", "(801.3)"],
         ["Net income", "472.3", "344.9"]]
QUESTIONS = ["What was the revenue in 2019?", "What was the change in net income from 2018 to 2019?",
             "What was the average cost of sales?", "What was the percentage change in revenue?"]


OCTET = {"content-type": "application/octet-stream"}
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


@functools.cache
def workbook(sheet_xml: bytes = b"", extra: int = 0) -> bytes:
    """TABLE as an .xlsx; its sheet XML replaced by ``sheet_xml`` and ``extra`` zero bytes added as a member."""
    import openpyxl

    book, raw = openpyxl.Workbook(), io.BytesIO()
    for row in TABLE:
        book.active.append(row)
    book.save(raw)
    out = io.BytesIO()
    with zipfile.ZipFile(raw) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in src.namelist():
            sheet = sheet_xml and name == "xl/worksheets/sheet1.xml"
            dst.writestr(name, sheet_xml if sheet else src.read(name))
        if extra:
            dst.writestr("xl/media/bomb.bin", b"\0" * extra)
    return out.getvalue()


def sheet(cells: str, merges: str = "") -> bytes:
    merged = f"<mergeCells>{merges}</mergeCells>" if merges else ""
    return f'<worksheet xmlns="{MAIN}"><sheetData>{cells}</sheetData>{merged}</worksheet>'.encode()


def hostile_upload(kind: int) -> tuple[str, bytes, dict[str, str]]:
    first = '<row r="1"><c r="A1"><v>1</v></c></row>'
    if kind == 0:  # 60 KB sent, 60 MB unpacked
        return "/v1/tables?filename=bomb.xlsx", workbook(extra=60_000_000), OCTET
    if kind == 1:  # A1 and XFD1048576: 17 G cells of bounding box
        far = sheet(first + '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')
        return "/v1/tables?filename=far.xlsx", workbook(far), OCTET
    if kind == 2:
        return "/v1/tables?filename=merged.xlsx", workbook(sheet(first, '<mergeCell ref="A1:XFD1048576"/>')), OCTET
    if kind == 3:  # a million empty <row/> elements: nothing built, but openpyxl parses each one
        return "/v1/tables?filename=rows.xlsx", workbook(sheet(first + "<row/>" * 1_000_000)), OCTET
    if kind == 4:  # a cross-site page may POST text/plain without asking
        return "/v1/tables?filename=t.csv", b"a,b\n1,2\n", {"content-type": "text/plain"}
    if kind == 5:
        return "/v1/tables?filename=ragged.csv", ("x," * 5_000 + "\n" + "1\n" * 50_000).encode(), OCTET
    if kind == 6:
        spans = "<table>" + "<tr><td rowspan=1000 colspan=1000>x</td></tr>" * 500 + "</table>"
        return "/v1/tables?filename=spans.html", spans.encode(), OCTET
    suffix = "parquet" if kind == 7 else "feather"
    return f"/v1/tables?filename=bomb.{suffix}", arrow_bomb(suffix), OCTET


@functools.cache
def arrow_bomb(suffix: str) -> bytes:
    """5 M zeros, zstd-compressed: ~20 KB on the wire, 40 MB once read."""
    import pyarrow as pa
    import pyarrow.feather
    import pyarrow.parquet

    table, out = pa.table({"a": pa.array([0] * 5_000_000, pa.int64())}), io.BytesIO()
    if suffix == "parquet":
        pyarrow.parquet.write_table(table, out, compression="zstd")
    else:
        pyarrow.feather.write_feather(table, out, compression="zstd")
    return out.getvalue()


def valid(rng: random.Random) -> tuple[str, bytes, dict[str, str]]:
    question = rng.choice(QUESTIONS)
    if rng.random() < 0.15:
        return "/v1/tables?filename=statement.xlsx", workbook(), OCTET
    if rng.random() < 0.5:
        body = {"table": TABLE, "paragraphs": ["Amounts are in millions."], "question": question}
        return "/v1/answer", json.dumps(body).encode(), {}
    if rng.random() < 0.5:
        pipes = "\n".join("| " + " | ".join(r) + " |" for r in TABLE)
        content = f"Table:\n{pipes}\n\nParagraphs:\n[1] Amounts are in millions.\n\nQuestion: {question}"
    else:
        csv_rows = "\n".join(",".join(c if "," not in c else c for c in r) for r in TABLE)
        content = f"{csv_rows}\n\nAmounts are in millions.\n\nQuestion: {question}"
    body = {"model": "tabtext", "messages": [{"role": "user", "content": content}]}
    return "/v1/chat/completions", json.dumps(body).encode(), {}


def hostile(rng: random.Random) -> tuple[str, bytes, dict[str, str]]:
    kind = rng.randrange(23)
    chat = "/v1/chat/completions"
    if kind >= 14:
        return hostile_upload(kind - 14)
    if kind == 0:  # ragged rows: a few cells sent, millions once padded
        rows = [["x"] * 20_000] + [["1"]] * 2_000
        return "/v1/answer", json.dumps({"question": "q?", "table": rows}).encode(), {}
    if kind == 1:  # the same through a pasted pipe table
        content = "| " + " | ".join(["x"] * 3000) + " |\n" + "| 1 |\n" * 40_000 + "Question: q?"
        return chat, json.dumps({"messages": [{"role": "user", "content": content}]}).encode(), {}
    if kind == 2:
        return "/v1/answer", b'{"question": "q?", "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}", {}
    if kind == 3:
        return "/v1/answer", b'{"question": "q?", "x": ' + b"9" * 5000 + b"}", {}
    if kind == 4:  # a cross-site form post
        return "/v1/answer", json.dumps({"question": "q?", "table": TABLE}).encode(), {"content-type": "text/plain"}
    if kind == 5:  # DNS rebinding
        return "/v1/answer", json.dumps({"question": "q?", "table": TABLE}).encode(), {"host": "evil.example"}
    if kind == 6:
        return "/v1/answer", b"x" * 2_500_000, {}
    if kind == 7:
        return "/v1/answer", b'{"question": "q?", "table": [["a", "b"]', {}
    if kind == 8:
        return chat, json.dumps({"messages": "hello"}).encode(), {}
    if kind == 9:
        return chat, json.dumps({"stream": True, "messages": [{"role": "user", "content": "Question: q"}]}).encode(), {}
    if kind == 10:
        return "/v1/answer", json.dumps({"question": "q?", "table": [["a", "b" * 20_000]]}).encode(), {}
    if kind == 11:  # a huge CSV block pasted into chat
        content = "\n".join(",".join(["1,234.5"] * 50) for _ in range(2_000)) + "\nQuestion: q?"
        return chat, json.dumps({"messages": [{"role": "user", "content": content}]}).encode(), {}
    if kind == 12:
        return "/v1/answer", json.dumps({"question": "1e999 " * 10_000, "table": [["9" * 9000, "1"]] * 20}).encode(), {}
    return "/v1/nothing", b"{}", {}


async def slow_body(port: int, upload: bool = False) -> int:
    """Headers, one byte of a promised 1,000-byte body, then silence: the server must cut it off (408)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    target, media = ("/v1/tables?filename=t.xlsx", b"application/octet-stream") if upload else (
        "/v1/answer", b"application/json")
    writer.write(b"POST " + target.encode() + b" HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: " + media +
                 b"\r\ncontent-length: 1000\r\n\r\n{")
    await writer.drain()
    try:
        line = await asyncio.wait_for(reader.readline(), 30)
        return int(line.split()[1]) if line else 0
    except (asyncio.TimeoutError, IndexError, ValueError):
        return 0
    finally:
        writer.close()


def rss_mb(pid: int) -> float:
    """RSS of the server and every process it started (its worker for large requests), in MB."""
    children = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                children.append(int(stat.parent.name))
        except (OSError, ValueError, IndexError):
            continue
    return one_rss_mb(pid) + sum(rss_mb(c) for c in children)


def sample_peak(pid: int, stop: threading.Event, peak: list[float]) -> None:
    while not stop.wait(0.5):
        peak[0] = max(peak[0], rss_mb(pid))


def make_plan(rng: random.Random, n: int, heavy: int) -> list[tuple[str, str, bytes, dict[str, str]]]:
    """n requests, 60% valid; of the hostile ones some carry lone surrogates or crafted Host headers; ``heavy``
    CPU-heavy bodies replace requests at random places."""
    def one() -> tuple[str, str, bytes, dict[str, str]]:
        roll = rng.random()
        if roll < 0.6:
            return ("valid", *valid(rng))
        if roll < 0.63:
            return ("hostile surrogate", *serve_attacks.surrogate_body(rng))
        if roll < 0.65:
            return ("hostile host", *serve_attacks.bad_host(rng))
        return ("hostile", *hostile(rng))

    plan = [one() for _ in range(n)]
    for i in rng.sample(range(n), min(heavy, n)):
        plan[i] = ("heavy", *serve_attacks.heavy_body(rng))
    return plan


async def drive(base: str, port: int, n: int, concurrency: int, seed: int, slow_headers: int = 0,
                heavy: int = 0) -> dict[str, object]:
    rng = random.Random(seed)
    plan = make_plan(rng, n, heavy)
    statuses: Counter = Counter()
    latencies: list[float] = []
    by_route: dict[str, list[float]] = {}
    by_route.update((p, []) for p in ("/v1/answer", "/v1/chat/completions", "/v1/tables"))
    dropped = 0
    most_cells = most_bytes = 0
    sem = asyncio.Semaphore(concurrency)
    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as client:
        async def one(kind: str, path: str, body: bytes, headers: dict[str, str]) -> None:
            nonlocal dropped, most_cells, most_bytes
            async with sem:
                started = time.perf_counter()
                try:
                    r = await client.post(path, content=body, headers={"content-type": "application/json", **headers})
                except httpx.HTTPError as exc:
                    statuses[f"{kind} {type(exc).__name__}"] += 1
                    dropped += kind == "valid"
                    return
                statuses[f"{kind} {r.status_code}"] += 1
                most_cells = max(most_cells, int(r.headers.get("x-tabtext-cells", 0)))
                most_bytes = max(most_bytes, int(r.headers.get("x-tabtext-cell-bytes", 0)))
                if kind == "valid":
                    latencies.append(time.perf_counter() - started)
                    by_route[path.split("?")[0]].append(latencies[-1])
                    dropped += r.status_code != 200

        slow = [asyncio.ensure_future(slow_body(port, upload=i % 2 == 1)) for i in range(8)]
        stop, heads = asyncio.Event(), Counter()
        slow_heads = [asyncio.ensure_future(serve_attacks.slow_header_client(port, stop, heads))
                      for _ in range(slow_headers)]
        await asyncio.sleep(1.0 if slow_headers else 0)  # the slow clients hold their connections first
        await asyncio.gather(*(one(*item) for item in plan))
        for status in await asyncio.gather(*slow):
            statuses[f"hostile slow body {status or 'no reply'}"] += 1
        stop.set()
        await asyncio.gather(*slow_heads)
    return {"statuses": statuses, "latencies": latencies, "by route": by_route, "dropped": dropped, "cells": most_cells,
            "bytes": most_bytes, "sent": n + len(slow), "slow heads": heads}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2200)
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slow-headers", type=int, default=256, help="clients sending request heads slowly")
    parser.add_argument("--heavy", type=int, default=40, help="CPU-heavy bodies (150 KB with no sentence break)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    server = subprocess.Popen([sys.executable, "-m", "tabtext.cli", "serve", "--port", str(port)], env=env,
                              stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        warm = random.Random(0)
        for _ in range(20):
            path, body, headers = valid(warm)
            httpx.post(base + path, content=body, headers={"content-type": "application/json", **headers}, timeout=60)
        warm_large = {"question": "What was revenue?", "paragraphs": ["Revenue grew. " * 4000], "table": TABLE}
        httpx.post(base + "/v1/answer", json=warm_large, timeout=60)  # starts the worker for large requests
        for suffix in ("parquet", "feather"):  # load pyarrow before measuring: an import, not growth
            httpx.post(f"{base}/v1/tables?filename=bomb.{suffix}", content=arrow_bomb(suffix), headers=OCTET,
                       timeout=60)
        before, before_alone = rss_mb(server.pid), one_rss_mb(server.pid)
        peak, stop = [before], threading.Event()
        sampler = threading.Thread(target=sample_peak, args=(server.pid, stop, peak), daemon=True)
        sampler.start()
        started = time.perf_counter()
        result = asyncio.run(drive(base, port, args.requests, args.concurrency, args.seed, args.slow_headers,
                                   args.heavy))
        seconds = time.perf_counter() - started
        stop.set()
        after, after_alone = rss_mb(server.pid), one_rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(15)
    lat = sorted(result["latencies"])
    p99 = lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("nan")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in load_before)}")
    print(f"tabtext serve on 127.0.0.1: {result['sent']:,} requests at concurrency {args.concurrency} "
          f"in {seconds:.1f} s (seed {args.seed})")
    for status, count in sorted(result["statuses"].items()):
        print(f"  {status:<34} {count:6,}")
    print(f"5xx responses: {sum(c for s, c in result['statuses'].items() if s.split()[-1].startswith('5'))}")
    print(f"dropped valid requests: {result['dropped']}")
    heads = result["slow heads"]
    print(f"slow-header clients: {args.slow_headers} held open; the server cut off {heads['cut off']:,} "
          f"connections after its header timeout; {heads['refused']:,} connections refused")
    print(f"valid latency: p50 {statistics.median(lat) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms")
    for route, seconds in result["by route"].items():
        seconds.sort()
        if seconds:
            print(f"  {route:<22} {len(seconds):5} valid, p50 {statistics.median(seconds) * 1000:.0f} ms, p99 "
                  f"{seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))] * 1000:.0f} ms")
    print(f"server RSS (with its worker process): {before:.0f} MB before, {after:.0f} MB after "
          f"({after - before:+.0f} MB), peak {peak[0]:.0f} MB; the server process alone {before_alone:.0f} -> "
          f"{after_alone:.0f} MB ({after_alone - before_alone:+.0f} MB)")
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"largest request built {result['cells']:,} cells ({result['bytes'] / 1e6:.2f} MB of cells)")


if __name__ == "__main__":
    main()
