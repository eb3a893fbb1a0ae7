"""End to end: the page served by `tabtext serve`, driven in a real headless Chromium (Debian's, no download).

Uploads a table, asks questions (follow-ups answered by the server's dialogue), checks answers as shown
("26.71%", "1,452.4 million"), read-as against derivation, highlighted cells, errors, the cleared table;
saves a screenshot and prints the page's answer latency p50 (a figure, not an assertion).
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data" / "web"
CHROMIUM = Path("/usr/bin/chromium")


def _need(condition: bool, what: str) -> None:
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(f"{what} is missing in CI (.ci/run must install it)")
        pytest.skip(f"{what} not installed")


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    _need(sync_playwright is not None, "python playwright")
    _need(CHROMIUM.exists(), "Debian chromium (/usr/bin/chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def server():
    pytest.importorskip("fastapi")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "tabtext.commands.serve", "--port", str(port)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(200):
        try:
            urllib.request.urlopen(url + "healthz", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None:
                pytest.fail(f"tabtext serve exited: {proc.stderr.read().decode()[-2000:]}")
            time.sleep(0.1)
    else:
        proc.kill()
        pytest.fail("tabtext serve did not answer /healthz within 20 s")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def _ask(page, question: str) -> None:
    n = page.locator(".turn.a").count()
    page.fill("#question", question)
    page.click("#send")
    page.wait_for_function(f"document.querySelectorAll('.turn.a').length > {n} || "
                           "getComputedStyle(document.getElementById('error')).display !== 'none'", timeout=20000)
    assert not page.locator("#error").is_visible(), page.locator("#error").inner_text()


def _last_answer(page) -> str:
    return page.locator(".turn.a .value").last.inner_text()


def _last_read_as(page) -> str:
    return page.locator(".turn.q .asked").last.inner_text()


def _highlighted(page) -> list[tuple[int, int, str]]:
    return [(int(td.get_attribute("data-row")), int(td.get_attribute("data-col")), td.inner_text())
            for td in page.locator("#thetable td.ev").all()]


def test_page_conversation_with_highlights(browser, server, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    requests_out = []
    page.on("request", lambda r: requests_out.append(r.url))
    page.goto(server)
    page.set_input_files("#file", str(DATA / "revenue.csv"))
    page.wait_for_selector("#thetable")
    assert page.locator("#thetable tr").count() == 4
    page.fill("#paragraphs", "All amounts are in millions of dollars.\n\nRevenue grew on strong demand.")

    _ask(page, "What was the revenue in 2019?")
    assert _last_answer(page) == "1,452.4 million"  # the scale word with the number
    assert _highlighted(page) == [(1, 1, "1,452.4")]

    _ask(page, "and in 2017?")  # the server edits the earlier Program: same row, another column
    assert _last_read_as(page) == "read as: Revenue (2017)"
    assert _last_answer(page) == "1,036.9 million"
    assert _highlighted(page) == [(1, 3, "1,036.9")]

    _ask(page, "What was the change in revenue from 2018 to 2019?")
    assert _last_answer(page) == "306.2 million"
    assert sorted(_highlighted(page)) == [(1, 1, "1,452.4"), (1, 2, "1,146.2")]
    _ask(page, "what is that as a percentage?")  # follow-up by reference
    assert _last_answer(page) == "26.71%"  # a percentage shown as one, not "26.71" beside "scale: percent"
    assert _last_read_as(page) == "read as: percentage change from Revenue (2018) to Revenue (2019)"

    _ask(page, "and in 2018?")  # what is read and what is computed are the same cells, in the same direction
    assert _last_read_as(page) == "read as: percentage change from Revenue (2017) to Revenue (2018)"
    assert page.locator(".turn.a .derivation").last.inner_text() == "derivation: (1146.2 - 1036.9) / 1036.9 * 100"
    assert _last_answer(page) == "10.54%"

    _ask(page, "Who is the chief executive?")
    assert _last_answer(page) == "no answer found" and _highlighted(page) == []

    page.screenshot(path=str(tmp_path / "conversation.png"), full_page=True)
    assert (tmp_path / "conversation.png").stat().st_size > 10_000
    assert all(u.startswith(server) for u in requests_out), [u for u in requests_out if not u.startswith(server)]
    latencies = page.evaluate("window.tabtext.state.latencies")
    assert len(latencies) == 6
    print(f"\npage answer latency p50: {statistics.median(latencies):.1f} ms over {len(latencies)} questions "
          f"(fetch to rendered JSON, headless Chromium, loopback server)")


def test_clearing_the_table_clears_its_shape_label(browser, server):
    page = browser.new_page()
    page.goto(server)
    page.set_input_files("#file", str(DATA / "revenue.csv"))
    page.wait_for_selector("#thetable")
    assert page.locator("#shape").inner_text() == "4 rows × 4 columns"
    page.fill("#tabletext", "")
    assert page.locator("#shape").inner_text() == "" and page.locator("#thetable").count() == 0
    page.fill("#tabletext", "a,b\nx,1\n")
    page.click("#load")
    assert page.locator("#shape").inner_text() == "2 rows × 2 columns"
    page.fill("#tabletext", "")
    page.click("#load")  # "give a table ..." is shown, and the old label is gone
    assert page.locator("#error").is_visible() and page.locator("#shape").inner_text() == ""


def test_page_shows_errors(browser, server, tmp_path):
    page = browser.new_page()
    page.goto(server)
    error = page.locator("#error")
    page.fill("#tabletext", "a,b\n1,2\n")
    page.click("#send")  # empty question
    error.wait_for(state="visible")
    assert "question is empty" in error.inner_text()

    big = tmp_path / "big.csv"
    big.write_text("x,y\n" + "1,2\n" * 600_000)
    page.set_input_files("#file", str(big))
    page.wait_for_function("document.getElementById('error').textContent.includes('bytes')")
    assert error.is_visible() and "tables up to 2,000,000 bytes" in error.inner_text()

    page.fill("#tabletext", 'Item,2019\nRevenue,"1,2\n')  # an unclosed quote
    page.click("#load")
    page.wait_for_function("document.getElementById('error').textContent.includes('never closed')")

    from tabtext.server import MAX_CELLS

    many = "a,b\n" + "x,1\n" * (MAX_CELLS // 2 + 10)  # the server refuses it: a 4xx, shown on the page
    page.evaluate("t => { document.getElementById('tabletext').value = t; }", many)
    page.fill("#question", "What is b?")
    page.click("#send")
    page.wait_for_function("document.getElementById('error').textContent.includes('server said 4')")
    assert "cells" in error.inner_text()
    page.screenshot(path=str(tmp_path / "errors.png"))

    page.fill("#tabletext", "| a | b |\n|---|---|\n| Revenue | 5 |\n")
    page.click("#load")
    assert not error.is_visible()


def test_page_table_parser_agrees_with_python(browser, server):
    """The page parses tables in JavaScript (to show them before asking): same rows as tables.py."""
    from tabtext.tables import read_table

    page = browser.new_page()
    page.goto(server)
    tables = Path(__file__).resolve().parent / "data" / "tables"
    for name in ("thousands.csv", "semicolon.csv", "caption.md", "merged.html"):
        text = (tables / name).read_text(encoding="utf-8-sig")
        rows = page.evaluate("t => window.tabtext.parseTable(t)", text)
        assert tuple(tuple(r) for r in rows) == read_table(tables / name).rows, name
    assert page.evaluate("typeof window.tabtext.rewrite") == "undefined"  # follow-ups are the server's job


def test_page_uploads_a_workbook_and_a_parquet_file_through_the_server(browser, server, tmp_path):
    pytest.importorskip("openpyxl")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from xlsx_fixtures import BALANCE_SHEET, INCOME_STATEMENT, write_workbook

    book = write_workbook(tmp_path / "book.xlsx", {"Income": INCOME_STATEMENT, "Balance": BALANCE_SHEET})
    page = browser.new_page()
    page.goto(server)
    page.set_input_files("#file", str(book))
    page.wait_for_selector("#thetable")
    assert page.locator("#sheetpick").is_visible() and page.locator("#sheet option").all_inner_texts() == [
        "Income", "Balance"]
    _ask(page, "What was the revenue in 2019?")
    assert _last_answer(page) == "$ 1,452.4 million"
    page.select_option("#sheet", label="Balance")
    _ask(page, "What were the inventories in 2018?")
    assert _last_answer(page) == "2,230"

    pa = pytest.importorskip("pyarrow")
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"quarter": ["Q1 2023", "Q2 2023"], "revenue": [12450, 13100]}), tmp_path / "q.parquet")
    page.set_input_files("#file", str(tmp_path / "q.parquet"))
    page.wait_for_function("document.getElementById('shape').textContent === '3 rows × 2 columns'")
    assert not page.locator("#sheetpick").is_visible()
