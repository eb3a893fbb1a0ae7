"""TANQ loader and prediction-file IO on hand-made files in the official schema, good and bad."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from tabtext.benchmarks.tanq import BENCHMARK, page_title, question_type
from tabtext.errors import DataError, FormatError, ScoringWarning
from tabtext.predictions import append_jsonl
from tabtext.types import Answer, Prediction, Table

DATA = Path(__file__).parent / "data" / "tanq"
FULL = DATA / "full_schema.jsonl"


def test_question_type_from_init_qid():
    assert question_type("384__wikidata_intersection__test") == "intersection"
    assert question_type("32__wikitables_composition__test") == "composition"
    assert question_type("959__wikidata_comp__test") == "composition"
    assert question_type("15__wikidata_simple__test") == "simple"
    assert question_type("odd") == "other"


def test_page_title():
    assert page_title("https://en.wikipedia.org/wiki/Posse_(1975_film)") == "Posse (1975 film)"
    assert page_title("https://en.wikipedia.org/wiki/Caf%C3%A9_Society#Plot") == "Café Society"


def test_full_schema_with_proofs_of_each_kind():
    examples = BENCHMARK.load(FULL)
    assert [e.meta["question_type"] for e in examples] == ["intersection", "composition", "simple"]
    first = examples[0]
    assert first.uid == "7__wikidata_intersection__test" and first.meta["benchmark"] == "tanq"
    assert first.question.startswith("Which films were directed and produced by Mel Brooks? Also")
    assert first.meta["question_properties"] == ("original_language", "composer", "publication_date")
    gold = first.gold[0]
    assert isinstance(gold.value, Table) and gold.raw.startswith("entity|original language|")
    assert gold.value.rows[1] == ("Spaceballs", "English", "John Morris", "1987-06-24")
    proofs = first.meta["proofs"]
    assert {p["kind"] for p in proofs} == {"infobox", "table", "text"}
    infobox = next(p for p in proofs if p["kind"] == "infobox" and p["property"] == "composer")
    assert (infobox["key"], infobox["value"], infobox["page"]) == ("Music by", "John Morris[1]", "Spaceballs")
    table = next(p for p in proofs if p["kind"] == "table")
    assert table["rows"][2] == ["High Anxiety", "1977", "John Morris"] and table["row"] == 1
    # the evidence is also a plain Context for engines that read tables and paragraphs
    assert first.context.tables[0].rows[0] == ("Film", "Year", "Composer")
    assert any(p.text == "Language: English" for p in first.context.paragraphs)
    # fields that are the answer itself are not carried over
    assert all("extension_entity" not in p and "filter_pass" not in p for p in proofs)
    assert examples[1].meta["entities"] == ("", "")  # numeric wikipedia ids are not names


def test_reduced_official_rows(shared_data):
    examples = BENCHMARK.load(shared_data("tanq/test_input.jsonl"))
    assert len(examples) == 10
    assert examples[0].meta["proofs"] == () and examples[0].meta["question_type"] == "intersection"
    assert examples[0].gold[0].value.rows[0][0] == "entity"


def test_official_predictions_roundtrip(tmp_path):
    examples = BENCHMARK.load(FULL)
    preds = [Prediction(uid=e.uid, answer=Answer(value=e.gold[0].value, raw=e.gold[0].raw), raw=e.gold[0].raw)
             for e in examples[:2]] + [Prediction(uid=examples[2].uid, answer=None, error="no evidence")]
    out = tmp_path / "preds.jsonl"
    BENCHMARK.write_predictions(preds, out)
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert set(rows[0]) == {"init_qid", "prediction_table"} and rows[0]["prediction_table"] == examples[0].gold[0].raw
    assert rows[2]["prediction_table"] == ""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        back = BENCHMARK.read_predictions(out, examples)
    assert back[examples[0].uid].raw == examples[0].gold[0].raw
    assert [str(w.message) for w in caught if "empty" in str(w.message)]


def test_tabtext_predictions_file_is_accepted(tmp_path):
    out = tmp_path / "run.jsonl"
    table = Table.from_rows([["entity", "genre"], ["A", "comedy"]])
    append_jsonl(out, [Prediction(uid="1__x_simple__test", answer=Answer(value=table), raw="entity|genre\nA|comedy\n")])
    back = BENCHMARK.read_predictions(out, [])
    assert back["1__x_simple__test"].raw == "entity|genre\nA|comedy\n"


def test_prediction_key_missing_from_some_rows_duplicates_and_ragged_are_counted():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        preds = BENCHMARK.read_predictions(DATA / "predictions_partial.jsonl", [], prediction_key="my_table")
    messages = " ".join(str(w.message) for w in caught if w.category is ScoringWarning)
    assert "1 rows have no 'my_table'" in messages
    assert "1 rows repeat an init_qid" in messages
    assert "1 rows have a ragged" in messages and "1 rows have an empty" in messages
    assert set(preds) == {"7__wikidata_intersection__test", "15__wikidata_simple__test", "99__wikidata_simple__test"}
    assert "extra cell" in preds["15__wikidata_simple__test"].raw  # the first row of a repeated id is kept


def test_unknown_prediction_key_names_the_keys_seen():
    with pytest.raises(DataError, match="no row has the prediction key 'prediction_table'.*my_table"):
        BENCHMARK.read_predictions(DATA / "predictions_partial.jsonl", [])


def test_duplicate_gold_ids_are_an_error():
    with pytest.raises(DataError, match=r"bad_duplicate.jsonl: record line 2: duplicate init_qid"):
        BENCHMARK.load(DATA / "bad_duplicate.jsonl")


def test_ragged_and_empty_gold_tables_are_counted():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        examples = BENCHMARK.load(DATA / "ragged_gold.jsonl")
    messages = " ".join(str(w.message) for w in caught)
    assert "2 gold answer tables are empty" in messages and "1 gold answer tables are ragged" in messages
    assert examples[1].gold[0].value.rows == () and examples[1].gold[0].raw == ""


@pytest.mark.parametrize("line, error, match", [
    ('{"init_qid": "1__a_simple__t", "ext_question_rephrased": "q"', FormatError, "line 1: malformed JSON"),
    ('["not", "an", "object"]', FormatError, "must be a JSON object"),
    ('{"ext_question_rephrased": "q", "answer_table": "e|x"}', DataError, "missing 'init_qid'"),
    ('{"init_qid": "1__a_simple__t", "answer_table": "e|x"}', DataError, "no question text"),
    ('{"init_qid": "1__a_simple__t", "ext_question_rephrased": "q", "answer_table": [["e", "x"]]}', DataError,
     "'answer_table' must be the table as text"),
    ('{"init_qid": "1__a_simple__t", "ext_question_rephrased": "q", "answer_list": {"a": 1}}', DataError,
     "'answer_list' must be a list"),
])
def test_bad_gold_lines(tmp_path, line, error, match):
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n", encoding="utf-8")
    with pytest.raises(error, match=match):
        BENCHMARK.load(path)


def test_bad_prediction_lines(tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text('{"init_qid": "1__a_simple__t", "prediction_table": {"rows": 1}}\n', encoding="utf-8")
    with pytest.raises(DataError, match="line 1 .*must be the table as text"):
        BENCHMARK.read_predictions(path, [])
    path.write_text('{"prediction_table": "e|x"}\n', encoding="utf-8")
    with pytest.raises(DataError, match="missing 'init_qid'"):
        BENCHMARK.read_predictions(path, [])
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(FormatError, match="not UTF-8"):
        BENCHMARK.read_predictions(path, [])
    with pytest.raises(DataError, match="file not found"):
        BENCHMARK.load(tmp_path / "nope.jsonl")


def test_score_with_partial_predictions_counts_missing():
    from tabtext.run import score_predictions

    examples = BENCHMARK.load(FULL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        preds = BENCHMARK.read_predictions(DATA / "predictions_partial.jsonl", examples, prediction_key="my_table")
    report = score_predictions("tanq", examples, preds)
    assert report.counts == {"gold": 3, "predicted": 2, "missing": 1, "extra": 1, "errors": 0}
    assert report.items[0]["f1"] == 1.0 and report.items[1]["f1"] == 0.0
    assert report.to_dict()["breakdowns"]["question_type"][0]["question_type"] == "composition"


def test_rows_without_gold_are_loaded_and_counted(tmp_path):
    path = tmp_path / "mixed.jsonl"
    path.write_text('{"init_qid": "1__a_simple__t", "ext_question_rephrased": "q", "answer_table": "e|x\\na|1\\n"}\n'
                    '{"init_qid": "2__a_simple__t", "ext_question": "q2"}\n', encoding="utf-8")
    with pytest.warns(ScoringWarning, match="1 of 2 rows have no 'answer_table'"):
        examples = BENCHMARK.load(path)
    assert examples[1].gold == () and examples[1].question == "q2"


def _imported_modules(path: Path) -> set[str]:
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ".".join(path.relative_to(SRC.parent).with_suffix("").parts[:-1])
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            out.add(f"{base}.{node.module}" if node.level and node.module else base or node.module or "")
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


SRC = Path(__file__).resolve().parents[1] / "src" / "tabtext"


@pytest.mark.parametrize("path", sorted((SRC / "benchmarks").rglob("*.py")), ids=lambda p: p.name)
def test_a_loader_never_imports_a_scorer(path):
    scorers = {m for m in _imported_modules(path) if m.startswith("tabtext.metrics")}
    assert not scorers, f"{path.name} imports {scorers}: move what both need out of metrics/"
