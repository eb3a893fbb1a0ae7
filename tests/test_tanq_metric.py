"""Hand-checked cases for the TANQ metrics: official quirks, cell-set F1, and the normalized_* variant."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tabtext.answer_tables import table_to_pipes
from tabtext.metrics.tanq import (
    anls,
    cell_set_scores,
    datapoints,
    official_scores,
    parse_table,
)
from tabtext.metrics.tanq_metric import METRIC
from tabtext.metrics.tanq_normalized import normalize_cell, normalized_scores
from tabtext.types import Answer, Context, Example, Prediction, Table

GOLD = "entity|population|born\nOslo|2100000|1950-01-02\nLima|336|1961\n"


def test_datapoints_keys_and_title():
    title, header, rows = parse_table("title|Cities\nentity|population\nOslo|5\n")
    assert title == "cities"
    assert datapoints(title, header, rows) == [("title", "cities"), ("oslo population", "5")]
    # raw "title | X" is padded to "title  |  x": not a title, it becomes the header
    assert parse_table("title | Cities\nentity|population\n")[0] is None


def test_anls_threshold_is_strict():
    assert anls("abcd", "abxy") == 0.0  # distance ratio exactly 0.5 -> 0
    assert anls("abcde", "abcxy") == pytest.approx(0.6)


def test_official_quirks():
    assert official_scores(GOLD, GOLD) == (1.0, 1.0, 1.0)
    # relative error below 10% keeps part of the score; at 10% it is 0
    p, r, f = official_scores("e|x\na|100\n", "e|x\na|105\n")
    assert f == pytest.approx(0.95)
    assert official_scores("e|x\na|100\n", "e|x\na|110\n")[2] == 0
    # comma numbers are not numbers for the official scorer; a markdown table loses most of its score
    # (scored as text: ANLS = 1 - 2/9)
    assert official_scores("e|x\na|2100000\n", "e|x\na|2,100,000\n")[2] == pytest.approx(7 / 9)
    markdown = "| entity | population | born |\n|---|---|---|\n| Oslo | 2100000 | 1950-01-02 |\n| Lima | 336 | 1961 |\n"
    assert official_scores(GOLD, markdown)[2] < 0.6
    # empty cases
    assert official_scores("", "") == (1, 1, 1)
    assert official_scores("", GOLD) == (0, 1, 0)
    assert official_scores(GOLD, "") == (1, 0, 0)


def test_cell_set_values():
    assert cell_set_scores("a|b\nc|d\n", "a|b\nc|x\n") == (0.75, 0.75, 0.75)
    assert cell_set_scores("a|b\n", "|a|b|\n|---|---|\n") == (2 / 3, 1.0, 0.8)
    assert cell_set_scores("a|b", "A|B") == (0.0, 0.0, 0.0)
    assert cell_set_scores("", " \n") == (1.0, 1.0, 1.0)
    assert cell_set_scores("", "a") == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("cell, canonical", [
    ("2,100,000", "2100000"), ("105.4 km2", "105.4"), ("$1.5 million", "1500000"), ("25 %", "0.25"),
    ("2 January 1950", "1950-01-02"), ("January 2, 1950", "1950-01-02"), ("1950-01-02", "1950-01-02"),
    ("December 1956", "1956-12"), ("comedy film, parody film", "comedy film, parody film"),
    ("Parody film, comedy film", "comedy film, parody film"), ("3 Idiots", "3 idiots"), ("1,2", "1,2"),
])
def test_normalize_cell(cell, canonical):
    assert normalize_cell(cell) == canonical


def test_normalized_variant_removes_the_traps():
    pred = ("| Entity | Population | Born |\n|:---|---:|---|\n| oslo | 2,100,000 people | 2 January 1950 |\n"
            "| Lima | 336 | 1961 |\n")
    assert official_scores(GOLD, pred)[2] < 0.5
    assert normalized_scores(GOLD, pred) == (1.0, 1.0, 1.0)
    assert normalized_scores("e|area\nx|105.4 km2\n", "e|area\nx|105.4\n") == (1.0, 1.0, 1.0)
    # genuinely different values still differ
    assert normalized_scores(GOLD, GOLD.replace("336", "900"))[2] < 1.0


def _example(gold: str) -> Example:
    return Example(uid="1__wikidata_simple__test", question="q", context=Context(),
                   gold=(Answer(value=Table.from_rows([r.split("|") for r in gold.splitlines()]), raw=gold),),
                   meta={"benchmark": "tanq", "question_type": "simple"})


def test_metric_object_reads_raw_strings_and_scores_missing_as_zero():
    ex = _example(GOLD)
    assert set(METRIC.score(ex, None).values()) == {0.0}
    assert set(METRIC.score(ex, Prediction(uid=ex.uid, answer=None, error="boom")).values()) == {0.0}
    # a Table without raw text is rendered to the official pipe format
    table = Table.from_rows([r.split("|") for r in GOLD.splitlines()])
    scores = METRIC.score(ex, Prediction(uid=ex.uid, answer=Answer(value=table)))
    assert scores["f1"] == scores["cell_set_f1"] == scores["normalized_f1"] == 1.0
    assert set(METRIC.score_keys) == set(scores)
    agg = METRIC.aggregate([scores, METRIC.score(ex, None)])
    assert agg["f1"] == 0.5 and METRIC.breakdown_keys == ("question_type",)


def test_core_import_stays_light():
    code = ("import sys, tabtext.metrics.tanq, tabtext.metrics.tanq_normalized, tabtext.benchmarks.tanq, "
            "tabtext.engines.solver.tasks.tanq; print(sorted(m for m in ('scipy', 'numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": "src", "PATH": ""}, cwd=__file__.rsplit("/tests/", 1)[0])
    assert out.stdout.strip() == "[]"


def test_raw_text_survives_a_tabtext_predictions_round_trip(tmp_path):
    from tabtext.predictions import append_jsonl, read_jsonl

    # raw "title | X" is no title for the official scorer, but re-rendered as "title|X" it would be one
    raw = "title | Cities\nentity|population|born\nOslo|2100000|1950-01-02\nLima|336|1961\n"
    table = Table.from_rows([[c.strip() for c in line.split("|")] for line in raw.splitlines()])
    assert official_scores(GOLD, raw) != official_scores(GOLD, table_to_pipes(table))
    path = tmp_path / "p.jsonl"
    append_jsonl(path, [Prediction(uid="u", answer=Answer(value=table), raw=raw)])
    back = read_jsonl(path)["u"]
    ex = _example(GOLD)
    assert METRIC.score(ex, back)["f1"] == official_scores(GOLD, raw)[2]
    # a raw text that is not the same table (e.g. a model's whole reply) is not scored in its place
    chatty = Prediction(uid="u", answer=Answer(value=Table.from_rows([r.split("|") for r in GOLD.splitlines()])),
                        raw="Here is the table: ...")
    assert METRIC.score(ex, chatty)["f1"] == 1.0
