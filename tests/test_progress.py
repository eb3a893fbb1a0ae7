"""The progress bar draws only on a terminal outside CI and without --quiet."""

from __future__ import annotations

import io

from tabtext.progress import enabled, progress


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_silent_in_pipes_ci_and_quiet(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("TABTEXT_NO_PROGRESS", raising=False)
    pipe = io.StringIO()
    assert not enabled(stream=pipe)
    with progress(5, "x", stream=pipe) as advance:
        advance(5)
    assert pipe.getvalue() == ""
    assert enabled(stream=FakeTTY())
    assert not enabled(quiet=True, stream=FakeTTY())
    monkeypatch.setenv("CI", "true")
    assert not enabled(stream=FakeTTY())


def test_bar_shows_count_rate_and_eta():
    out = io.StringIO()
    with progress(10, "scoring", stream=out, force=True) as advance:
        for _ in range(10):
            advance()
    text = out.getvalue()
    assert "scoring" in text and "10/10" in text and "it/s" in text and "eta" in text


def test_a_log_file_gets_a_plain_line_every_so_many_seconds(monkeypatch):
    import time

    monkeypatch.delenv("TABTEXT_NO_PROGRESS", raising=False)
    monkeypatch.setenv("TABTEXT_PROGRESS_EVERY", "0.05")
    log = io.StringIO()
    with progress(4, "tatqa [openai]", stream=log) as advance:
        for _ in range(4):
            time.sleep(0.06)
            advance()
    lines = log.getvalue().splitlines()
    assert len(lines) == 4 and lines[-1].startswith("tatqa [openai]: 4/4 (100%), ") and "it/s" in lines[-1]
    assert "\x1b" not in log.getvalue()  # plain text, no terminal codes
    quiet = io.StringIO()
    with progress(4, "x", stream=quiet, quiet=True) as advance:
        time.sleep(0.06)
        advance(4)
    assert quiet.getvalue() == ""
