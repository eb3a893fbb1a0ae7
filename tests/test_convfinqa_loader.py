"""ConvFinQA loaders: the native PoT file and ChatRAG release items, on hand-made mini files and on dev."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabtext.benchmarks.chatrag.convfinqa import chatqa_formula, load_native, load_release, program_steps
from tabtext.calc import run_program
from tabtext.errors import DataError, FormatError
from tabtext.types import Turn

DATA = Path(__file__).parent / "data" / "convfinqa"


def test_native_examples_carry_history_gold_and_context():
    examples = load_native(DATA / "mini_pot.json")
    assert [e.uid for e in examples][:3] == [
        "Single_ABC/2007/page_1.pdf-1#0", "Single_ABC/2007/page_1.pdf-1#1", "Single_ABC/2007/page_1.pdf-1#2"]
    last = examples[3]
    assert last.question == "what percentage change does this represent?"
    assert last.history[:2] == (Turn("user", "what was the exercise price in 2007?"), Turn("assistant", "60.94"))
    assert last.history[-1] == Turn("assistant", "60.94 - 25.14")
    assert last.gold[0].value == "(60.94 - 25.14) / 25.14"
    assert last.gold[0].raw == 1.42403 and last.meta["exe_answer"] == 1.42403
    assert last.meta["benchmark"] == "chatrag" and last.meta["dataset"] == "convfinqa"
    assert last.meta["dialogue_id"] == "Single_ABC/2007/page_1.pdf-1" and last.meta["turn"] == 3
    table = last.context.tables[0]
    assert table.rows[0] == ("-", "2007", "2006", "2005")
    assert table.rows[1] == ("exercise price", "$ 60.94", "$ 37.84", "$ 25.14")
    assert "revenue was $ 12.5 million" in last.context.paragraphs[0].text


def test_native_gold_values_formulas_and_yes_no():
    examples = load_native(DATA / "mini_pot.json")[4:]
    assert [e.meta["exe_answer"] for e in examples] == [1.0, "no", 3.25, 0.134]
    assert isinstance(examples[0].meta["exe_answer"], float)
    assert [e.gold[0].value for e in examples] == [
        "2.5 - 1.5", "greater(36197, 345059)", "(1.5 + 2 + 3) / 2", "13.4%"]


def test_chatqa_formula_keeps_the_release_quirks():
    # no parentheses for + and -, even where that changes the value (as ChatRAG's file has it)
    steps = program_steps("x0 = 148.92 - 100; x1 = 135.02 - 100; ans = x0 - x1")
    assert steps == ["subtract(148.92, 100)", "subtract(135.02, 100)", "subtract(#0, #1)"]
    assert chatqa_formula(steps) == "148.92 - 100 - 135.02 - 100"
    steps = program_steps("x0 = 17.84 - 4.11; x1 = 60.15 - 41.30; ans = x0 > x1")
    assert chatqa_formula(steps) == "greater#0 * (60.15 - 41.30)"
    assert chatqa_formula(program_steps("x0 = 392 + 77; ans = 77 / x0")) == "77 / (392 + 77)"


def test_calc_runs_comparisons_as_greater():
    assert run_program("ans = 36197 > 345059") == "no"
    assert run_program("x0 = 60.15 - 41.30; ans = x0 > 4") == "yes"


@pytest.mark.parametrize("name, error", [("bad_program.json", DataError), ("bad_lengths.json", DataError)])
def test_native_bad_files_name_the_record(name, error):
    with pytest.raises(error, match="bad"):
        load_native(DATA / name)


def test_native_not_a_list(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"questions": []}')
    with pytest.raises(FormatError, match="JSON list"):
        load_native(path)
    with pytest.raises(DataError, match="not found"):
        load_native(tmp_path / "missing.json")


def test_release_items_parse_table_text_and_history():
    items = json.loads((DATA / "mini_release.json").read_text())
    first, second = load_release(items)
    assert first.uid.endswith("#0") and second.uid.endswith("#1") and first.meta["dialogue_id"] == second.meta["dialogue_id"]
    assert second.history == (Turn("user", "what was the exercise price in 2007?"), Turn("assistant", "60.94"))
    assert second.context.tables[0].rows == (("-", "2007", "2005"), ("exercise price", "$ 60.94", "$ 25.14"))
    assert [p.text for p in second.context.paragraphs] == ["the plan grants options .", "revenue was $ 12.5 million ."]
    assert second.gold[0].value == "25.14" and second.meta["exe_answer"] == 25.14


def test_release_bad_items():
    good = {"messages": [{"role": "user", "content": "q"}], "answers": ["1"], "exe_answer": 1.0}
    with pytest.raises(DataError, match="end with the user turn"):
        load_release([{**good, "messages": [{"role": "assistant", "content": "a"}]}], "f.json")
    with pytest.raises(DataError, match="exe_answer"):
        load_release([{"messages": good["messages"], "answers": ["1"]}], "f.json")
    with pytest.raises(DataError, match="record 0"):
        load_release(["not an item"], "f.json")


def test_native_dev_equals_release_gold_turns(shared_data, parity):
    native = load_native(shared_data("convfinqa/pot_convfinqa_dev.json"))
    release = load_release(json.loads(parity("chatrag/convfinqa/gold_turns.json").read_text()))
    assert len(native) == len(release) == 1490
    for a, b in zip(native, release):
        assert (a.uid, a.question, a.history, a.gold[0].value) == (b.uid, b.question, b.history, b.gold[0].value)
        assert a.meta["exe_answer"] == b.meta["exe_answer"]
        assert type(a.meta["exe_answer"]) is type(b.meta["exe_answer"])
