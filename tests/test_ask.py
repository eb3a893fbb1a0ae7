"""`tabtext ask` on a user's own table, with the offline solver; --chat follow-ups; bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tabtext.commands import ask

DATA = Path(__file__).resolve().parent / "data"
TABLE = str(DATA / "web" / "revenue.csv")


def test_ask_prints_answer_scale_derivation_evidence(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_text("All amounts are in millions of dollars.\n\nRevenue grew on strong demand.\n")
    assert ask.main(["--table", TABLE, "--text", str(notes), "What was the change in revenue from 2018 to 2019?"]) == 0
    out = capsys.readouterr().out
    assert "answer: 306.2 million" in out
    assert "derivation: 1452.4 - 1146.2" in out
    assert "evidence: cell row 1 col 1 = '1,452.4'  [Revenue / 2019]" in out


def test_ask_html_table_with_merged_headers(capsys):
    assert ask.main(["--table", str(DATA / "tables" / "merged.html"), "--json", "What was the revenue of Cloud in 2019?"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["answer"] == "1,200.5" and record["found"]
    assert [(e["row"], e["col"]) for e in record["evidence"]] == [(2, 1)]


def test_chat_follow_ups_resolve_against_earlier_turns(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("and in 2017?\n\n"))
    assert ask.main(["--table", TABLE, "--chat", "What was the revenue in 2019?"]) == 0
    out = capsys.readouterr().out
    assert "answer: 1,452.4" in out
    assert "(read as: Revenue (2017))" in out and "answer: 1,036.9" in out


def test_chat_follow_up_computes_over_earlier_answers(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("and in 2018?\nwhat was the change?\nwhat about net income?\n\n"))
    assert ask.main(["--table", TABLE, "--chat", "What was the revenue in 2019?"]) == 0
    out = capsys.readouterr().out
    assert "(read as: Revenue (2019) − Revenue (2018))" in out and "answer: 306.2" in out
    assert "(read as: Net income (2019) − Net income (2018))" in out and "answer: 22.3" in out


def test_conversation_uses_the_dialogue_and_keeps_history():
    from tabtext.engines import make_engine

    conv = ask.Conversation(make_engine("solver"), ask.load_context(TABLE, []))
    conv.ask("What was the change in revenue from 2018 to 2019?")
    asked, pred = conv.ask("what is that as a percentage?")
    assert asked == "percentage change from Revenue (2018) to Revenue (2019)"
    assert pred.answer.value == "26.71" and pred.answer.scale == "percent"
    assert pred.meta["program"]["op"] == "change_ratio"
    assert [t.role for t in conv.history] == ["user", "assistant", "user", "assistant"]


def test_low_confidence_says_no_answer_found(capsys):
    assert ask.main(["--table", TABLE, "Who is the chief executive?"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("no answer found") and "answer:" not in out


@pytest.mark.parametrize("argv,words", [
    (["--table", TABLE, "   "], "the question is empty"),
    (["--table", TABLE], "the question is empty"),
    (["--table", str(DATA / "tables" / "ragged.csv"), "What?"], "ragged.csv: record row 2"),
    (["--table", str(DATA / "tables" / "missing.csv"), "What?"], "missing.csv: file not found"),
    (["What was revenue?"], "give a table"),
    (["--table", TABLE, "--engine", "nosuch", "What?"], "unknown engine 'nosuch'"),
])
def test_bad_input_is_one_line(argv, words, capsys):
    assert ask.main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_engine_that_reads_history_gets_the_question_unchanged():
    from tabtext.types import Answer, Prediction

    class HistoryEngine:
        name = "echo"
        uses_history = True

        def answer(self, examples):
            ex = examples[0]
            return [Prediction(uid=ex.uid, answer=Answer(f"{len(ex.history)}:{ex.question}"))]

    conv = ask.Conversation(HistoryEngine(), ask.load_context(TABLE, []))
    conv.ask("What was the revenue in 2019?")
    asked, pred = conv.ask("and in 2017?")
    assert asked == "and in 2017?" and pred.answer.value == "2:and in 2017?"


def test_a_table_with_only_a_header_is_said_to_have_no_rows(tmp_path):
    import subprocess
    import sys

    table = tmp_path / "t.csv"
    table.write_text("year,revenue\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "ask", "--table", str(table), "What was revenue?"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"tabtext ask: error: {table}: the table has a header row but no rows under it" in done.stderr
