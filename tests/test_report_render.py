"""HTML / Markdown reports from a small hand-made TAT-QA run directory."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tabtext.benchmarks import BENCHMARKS
from tabtext.commands import report as report_cmd
from tabtext.errors import FormatError
from tabtext.predictions import read_jsonl
from tabtext.render import load_run, render
from tabtext.report import Report
from tabtext.run import provenance, score_predictions

DATA = Path(__file__).resolve().parent / "data" / "report"
pytest.importorskip("matplotlib")


@pytest.fixture
def run_dir(tmp_path):
    gold = tmp_path / "gold.json"
    shutil.copy(DATA / "gold.json", gold)
    preds = tmp_path / "run" / "predictions.jsonl"
    preds.parent.mkdir()
    shutil.copy(DATA / "predictions.jsonl", preds)
    examples = BENCHMARKS.get("tatqa").load(gold)
    report = score_predictions("tatqa", examples, read_jsonl(preds), provenance(gold, preds))
    report.save(preds.parent / "report.json")
    return preds.parent


def _item(html: str, uid: str) -> str:
    m = re.search(r"<details class=item[^>]*>(?:(?!</details>).)*?<code>" + uid + r"</code>.*?</details>", html, re.S)
    assert m, uid
    return m.group(0)


def test_html_is_self_contained_with_scores_charts_and_errors(run_dir):
    html = render(run_dir, "html")
    assert "<b>20.00</b>" in html  # EM: q1 right, q2 sign/scale wrong, q3 partial span, q4 and q5 missing
    assert not re.search(r"https?://", html), "no URL at all: nothing can be fetched"
    assert "<link" not in html and "<script src" not in html and "@import" not in html
    assert not re.search(r"url\((?!#)", html)
    assert html.count("<svg") == 3  # EM and F1 heatmaps, scale confusion
    assert "Scale confusion" in html and "answer_type × answer_from" in html
    assert html.count("<details class=item") == 4
    q2 = _item(html, "q2")
    assert "What was the change in revenue from 2018 to 2019?" in q2
    assert "<td class='ev g'>$1,452.4</td>" in q2 and "<td class='ev g'>$1,146.2</td>" in q2
    assert "1146.2 - 1452.4" in q2 and "thousand" in q2 and "1,452.4 - 1,146.2" in q2
    q3 = _item(html, "q3")
    assert "<mark class=ev>demand</mark>" in q3
    q4 = _item(html, "q4")
    assert "no prediction for this question" in q4
    assert "<td class='g'>Employees</td>" in _item(html, "q5")  # a gold span that is a table cell
    assert "<select data-key='answer_type'>" in html and "<option value='arithmetic'>" in html
    assert "data-answer_from='text'" in q3


def test_markdown_has_the_same_content(run_dir):
    md = render(run_dir, "md")
    assert md.startswith("# tatqa report")
    assert "| 20.00 |" in md and "## Scale confusion" in md
    assert "4 of 4 wrong questions shown (of 5); wrong means EM < 100" in md
    assert "**_$1,146.2_**" in md  # evidence cell that also holds a gold number
    assert "**demand**" in md
    assert "- derivation: `1146.2 - 1452.4`" in md
    assert "http" not in md


def test_run_without_gold_file_still_renders(run_dir, tmp_path):
    (tmp_path / "gold.json").unlink()
    run = load_run(run_dir)
    assert any("gold file not found" in n for n in run.notes)
    html = render(run_dir, "html")
    assert "gold file not found" in html and "<code>q2</code>" in html


def test_official_predictions_json_and_one_key_breakdown(tmp_path):
    report = Report(benchmark="chatrag", metric="chatrag-f1 v1", scores={"f1": 0.5},
                    breakdowns={"dataset": [{"dataset": "coqa", "count": 2, "f1": 0.75},
                                            {"dataset": "quac", "count": 1, "f1": 0.0}]},
                    items=[{"uid": "a", "dataset": "coqa", "f1": 1.0}, {"uid": "b", "dataset": "coqa", "f1": 0.5},
                           {"uid": "c", "dataset": "quac", "f1": 0.0}])
    report.save(tmp_path / "report.json")
    html = render(tmp_path / "report.json", "html")
    assert html.count("<svg") == 1 and "F1 by dataset" in html
    assert "<select data-key='dataset'>" in html and html.count("<details class=item") == 2


@pytest.mark.parametrize("version", [99, "2", None])
def test_unknown_report_version_is_a_clear_error(tmp_path, capsys, version):
    path = tmp_path / "report.json"
    path.write_text(json.dumps({"benchmark": "tatqa", "metric": "x", "scores": {}, "version": version}))
    with pytest.raises(FormatError, match="unknown to this tabtext"):
        load_run(path)
    assert report_cmd.main([str(path), "--format", "md"]) == 2
    err = capsys.readouterr().err
    assert "report version" in err and "Traceback" not in err and err.count("\n") == 1


def test_report_command_writes_html_and_md(run_dir, tmp_path, capsys):
    out = tmp_path / "out" / "report.html"
    assert report_cmd.main([str(run_dir), "--html", str(out)]) == 0
    assert out.read_text().startswith("<!doctype html>")
    assert report_cmd.main([str(run_dir / "report.json"), "--format", "md"]) == 0
    assert "## Errors" in capsys.readouterr().out
    assert report_cmd.main([str(tmp_path / "nope")]) == 2
    assert report_cmd.main([str(tmp_path)]) == 2  # a directory without report.json
    assert "no report.json" in capsys.readouterr().err


def test_chatrag_style_report_per_dataset_chart_and_mixed_item_keys(tmp_path):
    items = [{"uid": "a", "dataset": "coqa", "f1": 1.0}, {"uid": "b", "dataset": "coqa", "f1": 0.4},
             {"uid": "c", "dataset": "convfinqa", "official_em": 0.0, "strict_em": 0.0},
             {"uid": "d", "dataset": "convfinqa", "official_em": 1.0, "strict_em": 1.0}]
    report = Report(benchmark="chatrag", metric="chatrag-official v1",
                    scores={"coqa.score": 0.7, "convfinqa.score": 0.5, "official_only_count": 3.0},
                    breakdowns={"dataset": [{"dataset": "coqa", "count": 2, "f1": 0.7, "official_em": 0.0},
                                            {"dataset": "convfinqa", "count": 2, "f1": 0.0, "official_em": 0.5}]},
                    items=items)
    report.save(tmp_path / "report.json")
    html = render(tmp_path / "report.json", "html")
    assert "Headline score per dataset" in html and html.count("<svg") == 2
    assert "<b>3</b>" in html  # a count is not a percentage
    assert "<code>b</code>" in html and "<code>c</code>" in html  # F1 < 1 and, without F1, EM < 1
    assert "<code>a</code>" not in html and "<code>d</code>" not in html


def test_table_valued_answers_are_drawn_as_tables(tmp_path):
    from tabtext.render import Run, render_run
    from tabtext.types import Answer, Context, Example, Prediction, Table

    gold = Table.from_rows([["film", "year"], ["Spaceballs", "1987"]])
    pred = Table.from_rows([["film", "year"], ["Spaceballs", "1986"]])
    report = Report(benchmark="tanq", metric="tanq v1", scores={"f1": 0.5},
                    breakdowns={"question_type": [{"question_type": "intersection", "count": 1, "f1": 0.5}]},
                    items=[{"uid": "t1", "question_type": "intersection", "f1": 0.5}])
    run = Run(report=report, path=tmp_path / "report.json",
              examples={"t1": Example(uid="t1", question="Which film?", context=Context(), gold=(Answer(gold),))},
              predictions={"t1": Prediction(uid="t1", answer=Answer(pred))})
    html = render_run(run, "html")
    assert "<td class=gold><table class=grid><tr><th>film</th><th>year</th></tr><tr><td>Spaceballs</td><td>1987" in html
    assert "<td class=pred><table class=grid>" in html and "1986" in html
    md = render_run(run, "md")
    assert "| Spaceballs | 1987 |" in md and "| Spaceballs | 1986 |" in md


def _chatrag_report_with_null_scores(tmp_path) -> Path:
    """A ConvFinQA + INSCIT run as `tabtext run chatrag` saves it: each dataset's row has null for the scores
    that do not apply to it (ConvFinQA has no F1, INSCIT no EM)."""
    items = [{"uid": "c1", "dataset": "convfinqa", "official_em": 0.0, "strict_em": 0.0},
             {"uid": "c2", "dataset": "convfinqa", "official_em": 1.0, "strict_em": 1.0},
             {"uid": "i1", "dataset": "inscit", "f1": 0.25}]
    report = Report(benchmark="chatrag", metric="chatrag-official v1",
                    scores={"convfinqa.score": 0.5, "inscit.score": 0.25},
                    breakdowns={"dataset": [
                        {"dataset": "convfinqa", "count": 2, "f1": None, "official_em": 0.5, "strict_em": 0.5},
                        {"dataset": "inscit", "count": 1, "f1": 0.25, "official_em": None, "strict_em": None}]},
                    items=items)
    report.save(tmp_path / "report.json")
    return tmp_path / "report.json"


def test_null_breakdown_scores_render_as_dash_in_markdown_and_html(tmp_path):
    path = _chatrag_report_with_null_scores(tmp_path)
    md = render(path, "md")
    assert "| convfinqa | 2 | – | 50.00 | 50.00 |" in md
    assert "| inscit | 1 | 25.00 | – | – |" in md
    html = render(path, "html")
    assert "<td class=num>–</td>" in html and "<td class=num>25.00</td>" in html
    assert html.count("<svg") == 2  # per-dataset scores and the F1/EM bars, with no bar for a null


def test_max_errors_says_how_many_wrong_questions_are_hidden(run_dir, capsys):
    assert report_cmd.main([str(run_dir), "--max-errors", "2", "--format", "md"]) == 0
    md = capsys.readouterr().out
    assert "2 of 4 wrong questions shown (of 5); wrong means EM < 100" in md
    assert md.count("\n### ") == 2
    assert "2 of 4 wrong questions shown (of 5); wrong means EM &lt; 100" in render_run_html(run_dir, 2)
    assert report_cmd.main([str(run_dir), "--max-errors", "-1"]) == 2


def render_run_html(run_dir, max_errors):
    from tabtext.render import render_run

    return render_run(load_run(run_dir), "html", max_errors)


def test_html_without_a_name_writes_report_html_in_the_run_folder(run_dir, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    assert report_cmd.main([str(run_dir), "--html"]) == 0
    assert (run_dir / "report.html").read_text().startswith("<!doctype html>")
    assert report_cmd.main([str(run_dir / "report.json"), "--html"]) == 0  # a report.json: next to it
    assert not (tmp_path / "report.html").exists()


def test_html_with_out_writes_where_out_says(run_dir, tmp_path):
    out = tmp_path / "elsewhere.html"
    assert report_cmd.main([str(run_dir), "--html", "--out", str(out)]) == 0
    assert out.read_text().startswith("<!doctype html>")
    assert not (run_dir / "report.html").exists()


def test_a_retrieved_passage_is_not_shown_as_paragraph_minus_one(run_dir):
    preds = run_dir / "predictions.jsonl"
    records = [json.loads(line) for line in preds.read_text(encoding="utf-8").splitlines()]
    for r in records:
        for e in r["evidence"]:
            if e["kind"] == "text":
                e["paragraph"] = -1  # what the ChatRAG solver writes for a retrieved chunk
    preds.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    for fmt in ("md", "html"):
        text = render(run_dir, fmt)
        assert "paragraph -1" not in text and "passage demand" in text


def test_results_come_before_provenance(run_dir):
    html = render(run_dir, "html")
    assert html.index("<h2>Scores by") < html.index("<h2>Error browser") < html.index("<h2>Provenance")
    md = render(run_dir, "md")
    assert md.index("## Scores by") < md.index("## Errors") < md.index("## Provenance")


def test_gold_derivation_numbers_after_a_bracket_are_highlighted(tmp_path):
    from tabtext.render import Run, render_run
    from tabtext.types import Answer, Context, Example, Table

    table = Table.from_rows([["", "2019", "2018"], ["Cost of sales", "(800.1)", "(700.5)"]])
    example = Example(uid="q9", question="What was the percentage change in cost of sales?",
                      context=Context(tables=(table,)),
                      gold=(Answer("14.22", "percent", "(800.1 - 700.5) / 700.5"),))
    report = Report(benchmark="tatqa", metric="tatqa v1", scores={"em": 0.0}, items=[{"uid": "q9", "em": 0.0}])
    html = render_run(Run(report=report, path=tmp_path / "report.json", examples={"q9": example}), "html")
    assert "<td class='g'>(800.1)</td>" in html and "<td class='g'>(700.5)</td>" in html


def test_an_llm_reply_and_how_it_was_read_are_shown_with_the_wrong_answer(tmp_path):
    gold = tmp_path / "gold.json"
    shutil.copy(DATA / "gold.json", gold)
    run = tmp_path / "run"
    run.mkdir()
    reply = '{"answer": "-306.2", "scale": "", "derivation": "1146.2 - 1452.4"} <b>'
    meta = {"extractor": "json_strict", "finish_reason": "length", "usage": {"prompt_tokens": 812,
            "completion_tokens": 23}, "scale_from_text": True}
    (run / "predictions.jsonl").write_text(json.dumps({"uid": "q2", "answer": "-306.2", "scale": "", "raw": reply,
                                                       "meta": meta}) + "\n")
    examples = BENCHMARKS.get("tatqa").load(gold)
    asked = [ex for ex in examples if ex.uid == "q2"]  # a --limit run: one question of five asked
    report = score_predictions("tatqa", asked, read_jsonl(run / "predictions.jsonl"), provenance(gold))
    report.save(run / "report.json")
    html = render(run, "html")
    item = _item(html, "q2")
    assert "model reply" in item and "&lt;b&gt;" in item and "<b>" not in item.split("model reply")[1][:200]
    assert "read by json_strict; scale read from the answer text; finish_reason length; tokens 812 + 23" in item
    from tabtext.render.data import scale_confusion

    _, _, counts = scale_confusion(load_run(run))
    assert sum(counts.values()) == 1  # the question asked, not the five in the gold file


def test_bare_report_prints_the_scores_and_writes_the_markdown_beside_the_run(run_dir, tmp_path):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "report", str(run_dir)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "em" in done.stdout and "20.00" in done.stdout and "## Errors" not in done.stdout
    assert len(done.stdout.splitlines()) < 40
    full = (run_dir / "report.md").read_text(encoding="utf-8")
    assert "## Errors" in full and f"full report written to {run_dir / 'report.md'}" in done.stderr
