"""Reports people read: one self-contained HTML file (charts as inline SVG, an error browser) or Markdown.

``render(path, fmt)`` takes a run directory (report.json with predictions.jsonl or the official file) or a
report.json and returns the document text.
"""

from __future__ import annotations

from pathlib import Path

from .data import Run, load_run

__all__ = ["Run", "load_run", "render", "render_run"]


def render_run(run: Run, fmt: str = "html", max_errors: int | None = None) -> str:
    if fmt == "html":
        from .html import render_html

        return render_html(run, max_errors)
    if fmt in ("md", "markdown"):
        from .markdown import render_markdown

        return render_markdown(run, max_errors)
    raise ValueError(f"unknown report format {fmt!r}")


def render(path: str | Path, fmt: str = "html", max_errors: int | None = None) -> str:
    return render_run(load_run(path), fmt, max_errors)
