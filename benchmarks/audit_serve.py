"""The audit's ``serve`` and engine cases (issue 25), for ``audit_reproducers.py``: a real ``tabtext serve`` on a free
loopback port under slow heads, long paragraphs, lone surrogates and crafted Host headers; the openai engine
through ``tabtext run`` against loopback servers that drip, cut a stream short or send too much; its cache and
``--resume`` with another model."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
Result = tuple[bool, str]


class Served:
    """One ``tabtext serve`` process for all serve cases (started on first use)."""

    process: subprocess.Popen | None = None
    base = ""

    @classmethod
    def url(cls) -> str:
        if cls.process is None:
            import os

            from serve_abuse import free_port

            port = free_port()
            cls.process = subprocess.Popen([sys.executable, "-m", "tabtext.cli", "serve", "--port", str(port)],
                                           env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
                                           stderr=subprocess.DEVNULL)
            cls.base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    if httpx.get(cls.base + "/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    time.sleep(0.2)
        return cls.base

    @classmethod
    def rss_mb(cls) -> float:
        from serve_abuse import rss_mb

        return rss_mb(cls.process.pid) if cls.process else 0.0


def slow_heads_deny_nobody(_: object) -> Result:
    import serve_attacks

    base = Served.url()
    port = int(base.rsplit(":", 1)[1])

    async def go() -> tuple[int, int]:
        stop, seen = asyncio.Event(), {"cut off": 0, "refused": 0}
        clients = [asyncio.ensure_future(serve_attacks.slow_header_client(port, stop, seen)) for _ in range(256)]
        await asyncio.sleep(2)
        ok = 0
        async with httpx.AsyncClient(timeout=10) as client:
            for _ in range(20):
                r = await client.post(base + "/v1/answer", json={"question": "What was revenue in 2019?",
                                                                 "table": [["", "2019"], ["Revenue", "5"]]})
                ok += r.status_code == 200
        stop.set()
        await asyncio.gather(*clients)
        return ok, seen["refused"]

    ok, refused = asyncio.run(go())
    return ok == 20, f"{ok} of 20 requests answered beside 256 slow heads ({refused} refused)"


def _paragraph(size: int) -> str:
    words = ["revenue", "increased", "by", "12.5", "million", "in", "2019", "and", "the", "cost"]
    return " ".join(words[i % len(words)] for i in range(size // 6))


def long_paragraph_ends(_: object) -> Result:
    started = time.monotonic()
    r = httpx.post(Served.url() + "/v1/answer", timeout=60, json={
        "question": "What was the cost of sales?", "paragraphs": [_paragraph(150_000)]})
    seconds = time.monotonic() - started
    return r.status_code < 500 and seconds < 35, f"150 KB with no sentence break: {r.status_code} in {seconds:.1f} s"


def many_long_paragraphs_bounded_memory(_: object) -> Result:
    base, body = Served.url(), {"question": "What was the cost of sales?", "paragraphs": [_paragraph(400_000)]}

    async def go() -> list[int]:
        async with httpx.AsyncClient(timeout=90) as client:
            replies = await asyncio.gather(*(client.post(base + "/v1/answer", json=body) for _ in range(45)),
                                           return_exceptions=True)
        return [r.status_code if isinstance(r, httpx.Response) else 0 for r in replies]

    statuses = asyncio.run(go())
    time.sleep(2)
    rss = Served.rss_mb()
    ok = all(0 < s < 500 for s in statuses) and rss < 1000
    return ok, f"45 x 400 KB at once: statuses {sorted(set(statuses))}, server + worker RSS after {rss:.0f} MB"


def surrogate_routes(_: object) -> Result:
    base, seen = Served.url(), []
    answer = b'{"question": "What is \\ud800 in 2019?", "table": [["", "2019"], ["\\ud800", "1"]]}'
    content = '| Name | Value |\\n|---|---|\\n| \\ud800x | 5 |\\n\\nQuestion: What is the name with value 5?'
    for path, body in [("/v1/answer", answer), ("/v1/dialogue", answer),
                       ("/v1/chat/completions", f'{{"messages": [{{"role": "user", "content": "{content}"}}]}}'
                        .encode()),
                       ("/v1/chat/completions", f'{{"stream": true, "messages": [{{"role": "user", "content": '
                        f'"{content}"}}]}}'.encode())]:
        r = httpx.post(base + path, content=body, headers={"content-type": "application/json"}, timeout=30)
        complete = "stream" not in body.decode() or r.text.rstrip().endswith("data: [DONE]")
        seen.append((r.status_code, complete))
    return all(s < 500 and c for s, c in seen), f"statuses and complete streams: {seen}"


def host_refused(host: str) -> Callable[[object], Result]:
    def case(_: object) -> Result:
        r = httpx.post(Served.url() + "/v1/answer", json={"question": "q?", "table": [["a", "1"]]},
                       headers={"host": host}, timeout=10)
        return r.status_code == 400, f"Host {host!r}: {r.status_code}"
    return case


# ---------------------------------------------------------------- the engine through `tabtext run`
def engine_run(folder: object, server_url: str, options: str = "", timeout: float = 120) -> tuple[int, str, list]:
    from audit_reproducers import MINI, cli

    out = folder.case() / "run"  # type: ignore[attr-defined]
    rc, _, err, _ = cli("run", "tatqa", "--file", MINI, "--out", out, "--quiet", "--engine",
                        f"openai:model=m,base_url={server_url},check=false,retries=1,backoff=0{options}",
                        timeout=timeout)
    records = out / "predictions.jsonl"
    rows = [json.loads(ln) for ln in records.read_text().splitlines() if ln] if records.exists() else []
    return rc, err, rows


def scripted(script_name: str, options: str, expect: str) -> Callable[[object], Result]:
    def case(folder: object) -> Result:
        import test_llm_transport as transport

        server = transport.Scripted(getattr(transport, script_name))
        try:
            started = time.monotonic()
            rc, err, rows = engine_run(folder, server.base_url, options)
            seconds = time.monotonic() - started
        finally:
            server.close()
        answered = [r for r in rows if r.get("answer") not in (None, "", [])]
        errors = [str(r.get("error", "")) for r in rows]
        ok = rc in (0, 2) and "Traceback" not in err and not answered and any(expect in e for e in errors)
        return ok and seconds < 60, f"exit {rc} in {seconds:.0f} s; {len(answered)} kept as answers; " \
            f"{(errors or [''])[0][:70]!r}"
    return case


def cache_not_a_database(kind: str) -> Callable[[object], Result]:
    def case(folder: object) -> Result:
        from audit_reproducers import one_line

        from fake_openai import FakeOpenAI

        where = folder.case() / "cache.sqlite"  # type: ignore[attr-defined]
        if kind == "folder":
            where.mkdir()
        else:
            where.write_text("this is not sqlite\n" * 50)
        with FakeOpenAI() as server:
            rc, err, _ = engine_run(folder, server.base_url, f",cache={where}")
        return one_line(rc, err)
    return case


def resume_with_another_model(folder: object) -> Result:
    from audit_reproducers import MINI, cli, one_line

    from fake_openai import FakeOpenAI

    out = folder.case() / "run"  # type: ignore[attr-defined]
    with FakeOpenAI() as server:
        spec = "openai:model={},base_url=" + server.base_url + ",check=false"
        first = cli("run", "tatqa", "--file", MINI, "--out", out, "--quiet", "--limit", "1", "--engine",
                    spec.format("a"))
        rc, _, err, _ = cli("run", "tatqa", "--file", MINI, "--out", out, "--quiet", "--resume", "--engine",
                            spec.format("b"))
    ok, detail = one_line(rc, err)
    return first[0] == 0 and ok, detail


SERVE_CASES: dict[str, Callable[[object], Result]] = {
    "serve: 256 slow-header connections": slow_heads_deny_nobody,
    "serve: a 150 KB paragraph with no sentence break": long_paragraph_ends,
    "serve: 45 x 400 KB paragraphs": many_long_paragraphs_bounded_memory,
    "serve: a lone surrogate on every route": surrogate_routes,
    "serve: Host 'localhost:80@evil'": host_refused("localhost:80@evil"),
    "serve: Host '[::1]x'": host_refused("[::1]x"),
    "engine: a stream without finish_reason or [DONE]": scripted("cut_stream", ",stream=true", "finish_reason"),
    "engine: a server dripping a byte at a time": scripted("drip", ",timeout=2", "no complete reply"),
    "engine: a reply of many MB": scripted("huge", ",max_reply=1000000", "max_reply"),
    "engine: cache= a file that is not sqlite": cache_not_a_database("file"),
    "engine: cache= a folder": cache_not_a_database("folder"),
    "engine: --resume with another model": resume_with_another_model,
}


def stop_server() -> None:
    if Served.process is not None:
        Served.process.terminate()
        Served.process.wait(15)

