"""benchmarks/score_speed.py reads both scorers' printed figures alike: its equality check is what allows a ratio."""

from __future__ import annotations

import json

from benchmark_util import load_benchmark
from tabtext.cli import main

# tatqa_eval.py's printout (its layout, pandas' tables) for the tabtext figures of the mini file below
OFFICIAL = """----
Exact-match accuracy 66.67
F1 score 66.67
Scale score 100.00
66.67   &   66.67
----
---- raw detail ---
                em
answer_from  table table-text   text
answer_type
arithmetic     1.0        0.0    0.0
span           1.0        0.0    1.0
---- em detail ---
                   em
answer_from     table table-text      text
answer_type
arithmetic   1.000000   0.000000  0.000000
span         1.000000   0.000000  0.000000
---- f1 detail ---
                   f1
answer_from     table table-text      text
answer_type
arithmetic   1.000000   0.000000  0.000000
span         1.000000   0.000000  0.000000
"""


def test_tabtext_and_official_printouts_read_as_the_same_figures(tmp_path, capsys):
    gold = [{"table": {"uid": "t", "table": [["", "2019"], ["Revenue", "5"]]}, "paragraphs": [],
             "questions": [{"uid": u, "question": "q", "answer": a, "answer_type": t, "answer_from": f, "scale": ""}
                           for u, a, t, f in (("a", "5", "arithmetic", "table"), ("b", ["x"], "span", "table"),
                                              ("c", ["y"], "span", "text"))]}]
    (tmp_path / "gold.json").write_text(json.dumps(gold))
    (tmp_path / "preds.json").write_text(json.dumps({"a": ["5", ""], "b": [["x"], ""], "c": [["z"], ""]}))
    assert main(["score", "tatqa", str(tmp_path / "preds.json"), "--file", str(tmp_path / "gold.json")]) == 0
    speed = load_benchmark("score_speed")
    ours, theirs = speed.tabtext_figures(capsys.readouterr().out), speed.official_figures(OFFICIAL)
    assert ours == theirs
    assert ours["em span text"] == "0.00" and "em arithmetic text" not in ours  # no question there: not compared
