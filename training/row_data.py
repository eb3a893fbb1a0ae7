"""Questions with their gold rows, for the row scorer (``reading/row_model.py``): each question's scored rows
(hand score and features, as ``question.ground`` reads them) and the rows holding its gold cells.

- TAT-QA train: arithmetic questions whose derivation operands are grounded to table cells
  (``operand_labels.table_operands``); an operand found in cells of several rows names none.
- TAT-QA dev: the cells of ``tatqa_dev_evidence_mappings.json`` (every answer type), for measuring only.

Rows are counted inside the block the solver reads (``stacked.pick_block``); a question whose gold rows all lie
outside the scored rows is out of reach.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from tabtext.engines.solver.rank.candidates import read
from tabtext.engines.solver.reading.question import row_evidence
from tabtext.types import Example
from training.operand_labels import table_operands


@dataclass(frozen=True, slots=True)
class Sample:
    uid: str
    group: str  # the context (table uid)
    category: str  # answer_type x answer_from
    hand: dict[int, float]
    features: dict[int, tuple[float, ...]]
    gold: frozenset[int]  # gold rows among the scored rows (empty: out of reach)
    col_scores: dict[int, float]
    gold_cols: frozenset[int]


def _sample(ex: Example, cells: Iterable[tuple[int, int]], rows: set[int] | None = None) -> Sample | None:
    reading = read(ex)
    if reading.view is None or reading.ctx is None:
        return None
    evidence = row_evidence(reading.view, reading.q)
    wanted = {r - reading.offset for r, _ in cells} if rows is None else {r - reading.offset for r in rows}
    gold_cols = frozenset(c for _, c in cells if c > 0)
    category = f"{ex.meta.get('answer_type')} x {ex.meta.get('answer_from')}"
    return Sample(ex.uid, str(ex.meta.get("table_uid", ex.uid)), category, evidence.hand, evidence.features,
                  frozenset(wanted & set(evidence.hand)), dict(reading.ctx.g.col_scores), gold_cols)


def train_samples(examples: Iterable[Example]) -> Iterator[Sample]:
    for ex in examples:
        operands = table_operands(ex)
        if not operands:
            continue
        rows = {cells[0][0] for cells in operands if len({r for r, _ in cells}) == 1}
        if not rows:
            continue
        sample = _sample(ex, [c for cells in operands for c in cells if len({r for r, _ in cells}) == 1], rows)
        if sample is not None:
            yield sample


def dev_mappings(base: Path) -> dict[str, dict]:
    with open(base / "tatqa" / "tatqa_dev_evidence_mappings.json", encoding="utf-8") as handle:
        return json.load(handle)


def dev_samples(examples: Iterable[Example], mappings: dict[str, dict]) -> Iterator[Sample]:
    for ex in examples:
        cells = [tuple(c) for c in (mappings.get(ex.uid) or {}).get("mapping", {}).get("table", [])]
        if not cells or ex.context.table is None:
            continue
        sample = _sample(ex, cells)
        if sample is not None:
            yield sample
