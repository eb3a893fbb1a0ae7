"""What the paragraph reader returns: one ranked answer candidate with its calibrated probability."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Kind = Literal["span", "spans", "number"]


@dataclass(frozen=True, slots=True)
class TextCandidate:
    """``value`` is the answer text (a tuple of item texts for ``kind == "spans"``); ``start``/``end`` are
    character offsets into ``paragraphs[paragraph].text`` (of the whole list for "spans", whose items'
    offsets are in ``items``); ``score`` is the calibrated probability that the answer is right (the official
    exact match), on one scale for every question; ``found`` the calibrated probability that it is usable (the
    right clause give or take a few words: official F1 >= 0.5) — what "no answer" is decided on."""

    value: str | tuple[str, ...]
    paragraph: int
    start: int
    end: int
    score: float
    kind: Kind
    features: dict[str, float] = field(default_factory=dict)
    items: tuple[tuple[int, int], ...] = ()
    found: float = 0.0
