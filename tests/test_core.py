"""Core pieces: number reading, registry, engine specs, predictions JSONL, report JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabtext.engines import parse_spec
from tabtext.errors import EngineError, FormatError, UnknownNameError
from tabtext.numbers import detect_scale, format_number, parse_number
from tabtext.predictions import append_jsonl, read_jsonl
from tabtext.registry import Registry
from tabtext.report import Report
from tabtext.types import Answer, Evidence, Prediction, Table


@pytest.mark.parametrize("cell, value", [
    ("$  1,452.4", 1452.4), ("(19)", -19.0), ("12.5%", 12.5), ("—", None), ("-", None), ("", None),
    ("(12,632)", -12632.0), ("1,234.5 (a)", 1234.5), ("-3.2", -3.2), ("abc", None), ("2019", 2019.0),
    ("$(1.2)", -1.2), ("n/a", None), ("\u22123", -3.0), (" 7 ", 7.0),
])
def test_parse_number(cell, value):
    assert parse_number(cell) == value


@pytest.mark.parametrize("text, scale", [
    ("(in thousands)", "thousand"), ("$ in millions, except per share", "million"), ("in billions", "billion"),
    ("% of revenue", "percent"), ("Total", ""), ("amounts in millions; 12% of total", "million"),
])
def test_detect_scale(text, scale):
    assert detect_scale(text) == scale


@pytest.mark.parametrize("value, text", [(-12.6000001, "-12.6"), (1496.5, "1496.5"), (2.0, "2"), (-0.001, "0"),
                                         (1 / 3, "0.33")])
def test_format_number(value, text):
    assert format_number(value) == text


def test_registry_lazy_and_did_you_mean():
    reg: Registry = Registry("thing")
    reg.register("json_loads", "json:loads", "parse JSON")
    assert reg.get("json_loads") is json.loads
    with pytest.raises(UnknownNameError) as info:
        reg.get("json_load")
    assert "Did you mean 'json_loads'" in str(info.value)


def test_engine_spec():
    assert parse_spec("openai:model=x,base_url=http://h:1/v1") == ("openai", {"model": "x", "base_url": "http://h:1/v1"})
    assert parse_spec("solver") == ("solver", {})
    with pytest.raises(EngineError):
        parse_spec("openai:model")


def test_predictions_jsonl_round_trip_and_torn_line(tmp_path):
    path = tmp_path / "p.jsonl"
    preds = [
        Prediction("a", Answer("12.5", "percent", "(1-2)/2"), evidence=(Evidence("cell", row=1, col=2, text="1"),)),
        Prediction("b", Answer(("x", "y"))),
        Prediction("c", None, error="boom"),
        Prediction("d", Answer(Table.from_rows([["entity", "year"], ["A", "1999"]]))),
    ]
    append_jsonl(path, preds)
    with open(path, "a") as fh:
        fh.write('{"uid": "e", "answ')  # a run killed mid-write
    got = read_jsonl(path)
    assert list(got) == ["a", "b", "c", "d"]
    assert got["a"].answer.scale == "percent" and got["a"].evidence[0].col == 2
    assert got["b"].answer.value == ("x", "y") and got["c"].error == "boom"
    assert got["d"].answer.value.rows[1] == ("A", "1999")


def test_report_round_trip_and_newer_version(tmp_path):
    report = Report(benchmark="tatqa", metric="m", scores={"em": 0.5}, items=[{"uid": "a", "em": 0.5}])
    report.save(tmp_path / "r.json")
    assert Report.load(tmp_path / "r.json").scores == {"em": 0.5}
    data = json.loads((tmp_path / "r.json").read_text())
    data["version"] = 99
    (tmp_path / "r.json").write_text(json.dumps(data))
    with pytest.raises(FormatError, match="newer"):
        Report.load(tmp_path / "r.json")


def test_table_markdown_merges_header_rows():
    table = Table.from_rows([["", "Years", ""], ["", "2019", "2018"], ["Sales", "1", "2"]])
    md = table.to_markdown(header_rows=2)
    assert md.splitlines()[0] == "|  | Years 2019 | 2018 |"
    assert md.splitlines()[2] == "| Sales | 1 | 2 |"


def test_facade_load_answer_score(tmp_path):
    import tabtext

    examples = tabtext.load("tatqa", path=Path(__file__).parent / "data" / "tatqa" / "mini.json")
    predictions = tabtext.answer(examples)
    assert [p.uid for p in predictions] == ["q1", "q2", "q3"]
    report = tabtext.score("tatqa", examples, predictions)
    assert report.items[1]["em"] == 1.0  # the change in revenue is plain table arithmetic
    with pytest.raises(ValueError):
        tabtext.load("tatqa")
