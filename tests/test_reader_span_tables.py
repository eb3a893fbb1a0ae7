"""The reader scores a span from tables of its question's weights (span_candidates.SpanTables) instead of naming
its tags: the score must be the very float that summing the named tags' weights gives."""

from __future__ import annotations

import re
from itertools import repeat

from tabtext.engines.solver.reader.lexical import last_word_prefix, question_words, shapes
from tabtext.engines.solver.reader.parse import parse
from tabtext.engines.solver.reader.qtypes import EXPECTED as _EXPECTED
from tabtext.engines.solver.reader.qtypes import question_type
from tabtext.engines.solver.reader.score import _shipped_merged
from tabtext.engines.solver.reader.sentences import terms
from tabtext.engines.solver.reader.span_candidates import (
    MAX_LEN,
    SpanTables,
    _boundaries,
    _match,
    _prefix_qyears,
    _shares,
    _span_cats,
)

SENTENCES = (
    "Revenue increased by $12.5 million, or 8%, to $168.2 million in 2019 primarily due to higher volumes.",
    "On March 30, 2019 the Board of Directors approved a buyback of 1,250 shares because of strong cash flows.",
    "Goodwill consists of customer lists and trade names acquired in 2018: 2019: $4.1 million (2018: $3.2 million).",
    "The useful lives range from 3 to 5 years, and the term ends in 2021 or 2022 at KPMG LLP's option.",
)
QUESTIONS = (
    "Why did revenue increase in 2019?", "When was the buyback approved?", "What does goodwill consist of?",
    "How many shares were bought back?", "What is the useful life of the equipment?",
    "What was the revenue in 2019 in millions?",
)


def test_a_spans_table_score_is_the_sum_of_its_named_tags_weights_bit_for_bit():
    checked = 0
    for question in QUESTIONS:
        qtype, qwords = question_type(question), question_words(question)
        weights = _shipped_merged(qtype)
        tables = SpanTables.of(weights, qwords)
        qyears = set(re.findall(r"\b(?:19|20)\d\d\b", question))
        for sentence in SENTENCES:
            p = parse(sentence)
            m = _match(p, set(terms(question)))
            starts, ends = _boundaries(p, m)
            pref_qyear, pref_last = _prefix_qyears(p, qyears), last_word_prefix(p, qwords)
            score = tables.scorer(p, m, _EXPECTED.get(qtype, ()), pref_qyear, pref_last)
            for st in starts:
                for e in ends:
                    if not st < e <= st + MAX_LEN:
                        continue
                    _, qfrac, left_out = _shares(m, st, e)
                    for repeat_from in (0, len(p.low)):
                        cats = _span_cats(p, m, st, e, _EXPECTED.get(qtype, ()), repeat_from, pref_qyear, qwords,
                                          pref_last)
                        assert score(st)(e, repeat_from, qfrac, left_out) == sum(map(weights.get, cats, repeat(0.0)))
                        checked += 1
    assert checked > 1000


def test_every_shape_a_span_can_take_is_named():
    p = parse("Costs of KPMG LLP rose due to 2019 fees of $3 million on March 3, 2020.")
    seen = {tuple(shapes(p, st, e)) for st in range(len(p.low)) for e in range(st + 1, len(p.low) + 1)}
    assert {("num", "n1"), ("date", "cap", "n3"), ("cap", "n3"), ("hasnum", "cause", "n7"), ("n1",)} <= seen
