"""The TANQ solver: answer tables built from infobox / table / text proofs, and from a TAT-QA-style table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabtext.benchmarks.tanq import BENCHMARK
from tabtext.engines.solver import SolverEngine
from tabtext.engines.solver.tasks.tanq import answer_example, find_date, kind_of, normalize_value
from tabtext.metrics.tanq_metric import METRIC
from tabtext.types import Context, Example, Paragraph, Table

FULL = Path(__file__).parent / "data" / "tanq" / "full_schema.jsonl"


@pytest.fixture(scope="module")
def examples():
    return BENCHMARK.load(FULL)


def test_infobox_table_and_text_proofs(examples):
    pred = answer_example(examples[0])
    assert pred.error == ""
    # infobox (footnote removed, date to ISO), table proof (row naming the entity), text proof (date)
    assert pred.raw == ("entity|original language|composer|publication date\n"
                        "Spaceballs|English|John Morris|1987-06-24\n"
                        "High Anxiety|English|John Morris|1977-12-25\n")
    assert pred.answer.value.rows[0][0] == "entity" and pred.evidence


def test_numbers_units_and_year_asked(examples):
    pred = answer_example(examples[1])
    # entity names from the page the proofs come from; "19,286,722 acres" -> 19286722; a year when asked
    assert pred.raw.splitlines()[1:] == ["Arctic National Wildlife Refuge|19286722|1960",
                                         "Yukon Flats National Wildlife Refuge|8630000|1980"]


def test_text_cues_and_multi_valued_cells(examples):
    pred = answer_example(examples[2])
    assert pred.raw.splitlines()[2] == "The Producers (1967 film)|John Morris, Mel Brooks"


def test_solver_engine_scores_the_hand_made_file(examples):
    preds = SolverEngine().answer(examples)
    scores = [METRIC.score(e, p) for e, p in zip(examples, preds)]
    assert [s["f1"] for s in scores] == [1.0, 1.0, 1.0]


def test_no_evidence_is_an_error_not_an_exception(shared_data):
    examples = BENCHMARK.load(shared_data("tanq/test_input.jsonl"))
    pred = SolverEngine().answer(examples[:1])[0]
    assert pred.answer is None and "no entities" in pred.error
    assert METRIC.score(examples[0], pred)["f1"] == 0.0


def test_value_normalisation():
    assert find_date("released on June 24, 1987 in the US") == "1987-06-24"
    assert find_date("December 1956") == "December 1956"
    assert find_date("2 Jan. 1950", year_only=True) == "1950"
    assert normalize_value("19,286,722 acres (78,050 km2)", "number") == "19286722"
    assert normalize_value("Comedy | drama[2]", "text") == "Comedy / drama"
    assert kind_of("date of birth", "In which year (date_of_birth) was each born?") == "year"
    assert kind_of("date of birth", "Give their date of birth (date_of_birth).") == "date"
    assert kind_of("population", "q") == "number" and kind_of("genre", "q") == "text"


def test_tatqa_style_context_builds_the_asked_rows_and_columns():
    table = Table.from_rows([["", "2019", "2018", "2017"], ["Revenue", "1,200", "1,100", "900"],
                             ["Cost of sales", "(300)", "(250)", "(200)"], ["Net income", "400", "350", "300"]])
    ex = Example(uid="q1", question="What were the revenue and net income in 2019 and 2018?",
                 context=Context(tables=(table,), paragraphs=(Paragraph(id="p", text="Revenue grew."),)),
                 meta={"benchmark": "tanq"})
    pred = answer_example(ex)
    assert pred.raw == "entity|2019|2018\nRevenue|1200|1100\nNet income|400|350\n"
    ex = Example(uid="q2", question="What was the cost of sales in each year?", context=ex.context,
                 meta={"benchmark": "tanq"})
    assert answer_example(ex).raw == "entity|2019|2018|2017\nCost of sales|-300|-250|-200\n"


def test_run_pipeline_predict_write_read_score(tmp_path, examples):
    """What `tabtext run tanq --file F` does: predict, write official JSONL, read it back, score."""
    from tabtext.run import predict, score_predictions

    preds = predict(SolverEngine(), examples)
    out = tmp_path / "predictions.jsonl"
    BENCHMARK.write_predictions(preds, out)
    back = BENCHMARK.read_predictions(out, examples)
    report = score_predictions("tanq", examples, back)
    assert report.scores["f1"] == 1.0 and report.counts["missing"] == 0
    assert {r["question_type"]: r["count"] for r in report.breakdowns["question_type"]} == {
        "composition": 1, "intersection": 1, "simple": 1}
