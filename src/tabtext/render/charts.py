"""Charts as inline SVG strings, drawn by matplotlib (Agg backend, text kept as text, no external refs)."""

from __future__ import annotations

import io
import re
from collections.abc import Mapping, Sequence

_XMLNS = re.compile(r'\s+xmlns(?::\w+)?="[^"]*"')


def _plt():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "none", "font.size": 9, "svg.hashsalt": "tabtext"})
    return plt


def to_svg(fig) -> str:  # type: ignore[no-untyped-def]
    plt = _plt()
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight",
                metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    plt.close(fig)
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    # Inline SVG in HTML needs no namespace declarations; dropping them leaves no URL in the file.
    return _XMLNS.sub("", svg, count=3)


def heatmap(rows: Sequence[str], cols: Sequence[str], values: Mapping[tuple[str, str], float | None],
            title: str, counts: Mapping[tuple[str, str], int] | None = None, percent: bool = True,
            xlabel: str = "", ylabel: str = "") -> str:
    """A labelled heatmap; cells show the value (x100 when percent) and n when counts are given."""
    plt = _plt()
    import numpy as np

    grid = np.full((len(rows), len(cols)), np.nan)
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            v = values.get((r, c))
            if v is not None:
                grid[i, j] = v * 100 if percent else v
    fig, ax = plt.subplots(figsize=(1.2 + 1.15 * len(cols), 0.9 + 0.55 * len(rows)))
    vmax = 100 if percent else max(1.0, float(np.nanmax(grid)) if np.isfinite(grid).any() else 1.0)
    ax.imshow(np.ma.masked_invalid(grid), cmap="Blues", vmin=0, vmax=vmax, aspect="auto")
    ax.set_xticks(range(len(cols)), [str(c) for c in cols], rotation=20, ha="right")
    ax.set_yticks(range(len(rows)), [str(r) for r in rows])
    for i, r in enumerate(rows):
        for j, c in enumerate(cols):
            if np.isnan(grid[i, j]):
                ax.text(j, i, "–", ha="center", va="center", color="#999")
                continue
            label = f"{grid[i, j]:.1f}" if percent else f"{int(grid[i, j])}"
            if counts is not None and (r, c) in counts:
                label += f"\nn={counts[(r, c)]}"
            ax.text(j, i, label, ha="center", va="center", fontsize=8,
                    color="white" if grid[i, j] > 0.6 * vmax else "black")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return to_svg(fig)


def _fraction(value: object) -> float | None:
    return None if value is None else float(value)  # type: ignore[arg-type]


def bars(labels: Sequence[str], series: Mapping[str, Sequence[float | None]], title: str,
         counts: Sequence[int] | None = None) -> str:
    """Grouped horizontal bars of fractions (drawn x100), one group per label; a None value draws no bar, "–"."""
    plt = _plt()
    n, k = len(labels), max(1, len(series))
    fig, ax = plt.subplots(figsize=(6.5, 0.8 + 0.32 * n * k))
    height = 0.8 / k
    for s, (name, values) in enumerate(series.items()):
        ys = [i + (s - (k - 1) / 2) * height for i in range(n)]
        ax.barh(ys, [0.0 if v is None else v * 100 for v in values], height=height, label=name)
        for y, v in zip(ys, values):
            ax.text(0.8 if v is None else v * 100 + 0.8, y, "–" if v is None else f"{v * 100:.1f}",
                    va="center", fontsize=7)
    names = [f"{lab} (n={c})" for lab, c in zip(labels, counts)] if counts else [str(x) for x in labels]
    ax.set_yticks(range(n), names)
    ax.invert_yaxis()
    ax.set_xlim(0, 108)
    ax.set_title(title)
    if len(series) > 1:
        ax.legend(loc="lower right", fontsize=7)
    return to_svg(fig)


def breakdown_charts(name: str, rows: Sequence[Mapping[str, object]], score_keys: Sequence[str]) -> list[str]:
    """Charts for one report breakdown: heatmaps for two keys, grouped bars for one."""
    keys = name.split(" x ")
    present = [k for k in score_keys if rows and k in rows[0] and k != "scale"]
    # two series at most (EM and F1 where there): the tables beside the charts list every score
    scores = [k for k in ("em", "f1", "official_em", "cell_set_f1") if k in present][:2] or present[:2]
    if len(keys) == 2:
        r_names = sorted({str(r[keys[0]]) for r in rows})
        c_names = sorted({str(r[keys[1]]) for r in rows})
        counts = {(str(r[keys[0]]), str(r[keys[1]])): int(r["count"]) for r in rows}  # type: ignore[call-overload]
        out = []
        for s in scores:
            vals = {(str(r[keys[0]]), str(r[keys[1]])): _fraction(r[s]) for r in rows}
            out.append(heatmap(r_names, c_names, vals, f"{s.upper()} by {keys[0]} × {keys[1]}", counts,
                               xlabel=keys[1], ylabel=keys[0]))
        return out
    labels = [" / ".join(str(r[k]) for k in keys) for r in rows]
    series = {s: [_fraction(r[s]) for r in rows] for s in scores}
    return [bars(labels, series, f"{', '.join(s.upper() for s in scores)} by {name}",
                 [int(r["count"]) for r in rows])] if rows else []  # type: ignore[call-overload]
