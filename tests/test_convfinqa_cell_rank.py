"""The ConvFinQA cell ranker: what it re-orders, what it reads, and that it can be switched off."""

from __future__ import annotations

import json

import pytest

from tabtext.engines.solver.tasks.convfinqa import cell_rank
from tabtext.engines.solver.tasks.convfinqa.ground import Document, content_words
from tabtext.types import Context, Paragraph, Table

CONTEXT = Context(tables=(Table.from_rows([
    ["( in millions )", "2007", "2006"],
    ["net revenue", "$ 1,250", "$ 1,100"],
    ["total net revenue growth", "12% ( 12 % )", "5% ( 5 % )"],
]),), paragraphs=(Paragraph("p", "net revenue was $ 1,250 million in 2007 ."),))
SUBJECT, YEARS, QUESTION = ["net", "revenue"], ["2007"], "what was the net revenue in 2007?"


def _short(doc: Document):
    scored = [(doc.score(c, SUBJECT, YEARS, QUESTION), -i, c) for i, c in enumerate(doc.candidates)]
    return cell_rank.shortlist(scored)


def test_shortlist_keeps_the_best_few_above_the_threshold_best_first():
    short = _short(Document.from_context(CONTEXT))
    assert 0 < len(short) <= cell_rank.SHORTLIST
    assert all(s > 0.2 for s, _, _ in short)
    assert [s for s, _, _ in short] == sorted((s for s, _, _ in short), reverse=True)


def test_pick_follows_the_weights_not_the_hand_order():
    doc = Document.from_context(CONTEXT)
    short = _short(doc)
    words = [content_words(c.label) for _, _, c in short]
    assert len(short) >= 2
    last = short[-1][2]
    favour_last = {"weights": {"rank": 100.0}}  # the lowest-ranked shortlisted candidate wins
    assert cell_rank.pick(doc, short, words, SUBJECT, YEARS, QUESTION, favour_last)[2] is last
    favour_first = {"weights": {"first": 100.0}}
    assert cell_rank.pick(doc, short, words, SUBJECT, YEARS, QUESTION, favour_first)[2] is short[0][2]


def test_shipped_weights_name_only_features_the_ranker_computes():
    model = cell_rank.weights()
    if model is None:
        pytest.skip("no cell ranker shipped (benchmarks/convfinqa_cells.py --write removed it): the hand score decides")
    doc = Document.from_context(CONTEXT)
    short = _short(doc)
    names = set()
    for years in (YEARS, []):
        for i, (_, _, c) in enumerate(short):
            names |= set(cell_rank.features(doc, short, i, content_words(c.label), SUBJECT, years, QUESTION))
    text_doc = Document.from_context(Context(tables=(), paragraphs=CONTEXT.paragraphs))
    text_short = _short(text_doc)
    for i, (_, _, c) in enumerate(text_short):
        names |= set(cell_rank.features(text_doc, text_short, i, content_words(c.label), SUBJECT, YEARS, QUESTION))
    assert set(model["weights"]) <= names, json.dumps(sorted(set(model["weights"]) - names))


def test_switched_off_the_hand_score_decides():
    doc = Document.from_context(CONTEXT, learned=False)
    best = max(((doc.score(c, SUBJECT, YEARS, QUESTION), -i, c) for i, c in enumerate(doc.candidates)),
               key=lambda t: (t[0], t[1]))
    assert doc.best(SUBJECT, YEARS, QUESTION) is best[2]
    assert doc.subset(doc.candidates).learned is False
