"""The dialogue on Programs: golden conversations over our own tables, turn by turn, and the Program edits."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmark_util import load_benchmark
from tabtext.engines.solver.dialogue.conversation import FOLLOW_UPS, MIN_CONFIDENCE, Dialogue
from tabtext.engines.solver.program.program import Ref
from tabtext.types import Context, Paragraph, Table


def _runner():
    """The golden-conversation reader and its notion of a right turn, shared with benchmarks/own_conversations.py."""
    return load_benchmark("own_conversations")


RUNNER = _runner()
CASES = RUNNER.load()
_context, _right = RUNNER.context_of, RUNNER.right


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_conversation_turn_by_turn(case):
    """Every turn gives the golden answer and scale; a turn marked ``known_gap`` must still be wrong (so fixing
    it means updating the golden file on purpose)."""
    dialogue = Dialogue(_context(case))
    for n, turn in enumerate(case["turns"], 1):
        reply = dialogue.ask(turn["question"])
        got = f"{reply.answer.text()} {reply.answer.scale}" if reply.answer else reply.error
        assert _right(reply.answer, turn) != bool(turn.get("known_gap")), \
            f"turn {n} {turn['question']!r}: want {turn['answer']} {turn['scale']}, got {got} ({turn['why']})"


def _income() -> Dialogue:
    return Dialogue(_context(next(c for c in CASES if c["id"] == "income-1")))


def test_follow_ups_are_programs_over_refs_and_read_as_is_what_runs():
    d = _income()
    d.ask("What was the revenue in 2020?")
    d.ask("and in 2019?")
    change = d.ask("what was the change?")
    assert change.program.op == "subtract" and change.program.args == (Ref(0), Ref(1))
    assert change.read_as == "Revenue (2020) − Revenue (2019)"
    assert change.answer.derivation == "12800 - 11500"
    back = d.ask("and in 2019?")  # the change moved one period back, in the direction it was computed
    assert back.read_as == "Revenue (2019) − Revenue (2018)" and back.answer.value == "1300"
    assert [(e.row, e.col) for e in back.evidence] == [(1, 2), (1, 1)]


def test_history_round_trips_through_json():
    d = _income()
    for q in ("What was the revenue in 2020?", "and in 2019?", "what was the change?"):
        d.ask(q)
    again = Dialogue.from_json(d.context, [p.to_json() for p in d.history])
    assert again.ask("what about net income?").answer.value == d.ask("what about net income?").answer.value == "350"


def test_pattern_switched_off_by_name_changes_the_reading():
    d = _income()
    d.ask("What was the revenue in 2020?")
    d.ask("and in 2019?")
    d.off = frozenset({"change_of_earlier"})
    assert d.ask("what was the change?").program.pattern != "change_of_earlier"


def test_every_pattern_has_a_unique_name_and_an_example():
    names = [p.name for p in FOLLOW_UPS]
    assert len(names) == len(set(names)) and all(p.example for p in FOLLOW_UPS)


def test_no_answer_is_low_confidence():
    d = Dialogue(Context(tables=(Table.from_rows([["", "2020"], ["Revenue", "5"]]),)))
    reply = d.ask("Who founded the company?")
    assert not reply.found and reply.confidence < MIN_CONFIDENCE


def test_display_writes_percent_and_scale_words():
    from tabtext.engines.solver.dialogue.api import display
    from tabtext.types import Answer

    assert display(Answer("78.5", "percent")) == "78.5%"
    assert display(Answer("1300", "thousand")) == "1,300 thousand"
    assert display(Answer("-11.6", "million")) == "-11.6 million"
    assert display(Answer("2.1", "billion")) == "2.1 billion"
    assert display(Answer("England")) == "England"


def test_serve_dialogue_route_round_trips_programs():
    httpx = pytest.importorskip("httpx")
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from serve_util import running
    from tabtext.server import create_app

    case = next(c for c in CASES if c["id"] == "balance-2")
    body = {"table": case["table"], "paragraphs": case["paragraphs"], "history": []}
    with running(create_app()) as url:
        shown = []
        for question in ("What were total assets in 2020?", "What were total liabilities in 2020?",
                         "what is that as a percentage of total assets?", "and in 2019?"):
            reply = httpx.post(f"{url}/v1/dialogue", json={**body, "question": question}, timeout=30).json()
            body["history"].append(reply["program"])
            shown.append(reply["display"])
        assert shown == ["1,347.2 million", "745.9 million", "55.37%", "57.35%"]
        assert reply["read_as"] == "Total liabilities (2019) as a percentage of Total assets (2019)"
        assert reply["derivation"] == "700.1 / 1220.8 * 100" and reply["found"]
        bad = httpx.post(f"{url}/v1/dialogue", json={**body, "question": "x", "history": [{"op": "nope"}]}, timeout=30)
        assert bad.status_code == 400 and "history" in bad.json()["error"]["message"]


def test_standalone_questions_are_not_read_as_follow_ups():
    d = _income()
    d.ask("What was the revenue in 2020?")
    d.ask("and in 2019?")
    d.ask("what was the change?")
    reply = d.ask("In 2019, what was the net income?")  # starts with "In" but names its own row and year
    assert reply.program.op == "lookup" and reply.answer.text() == "1,250" and not reply.read_as
    reply = d.ask("what was the change in gross profit from 2018 to 2019?")  # a subject of its own
    assert reply.answer.value == "700" and reply.program.pattern != "change_of_earlier"


def test_parenthesised_expense_lines_compute_as_amounts():
    """A line written in parentheses throughout is an expense shown the statement's way: its change and sums
    are the amounts a person means (costs rose by 600), not signed values (-600)."""
    d = _income()
    d.ask("What was the cost of revenue in 2020?")
    d.ask("and in 2019?")
    assert d.ask("what was the change?").answer.value == "600"
    assert d.ask("what about operating expenses?").answer.value == "300"
    d.ask("What was the cost of revenue in 2020?")
    d.ask("What were the operating expenses in 2020?")
    assert d.ask("what is the sum of the two?").answer.value == "10700"


def test_follow_ups_refuse_what_they_cannot_mean():
    d = _income()
    d.ask("What was the revenue in 2020?")
    assert d.ask("what is that as a percentage of the 2030 revenue?").program.pattern != "share_of_named"
    d = _income()
    d.ask("What was the gross profit in 2020?")
    d.ask("what is that as a percentage of revenue?")
    reply = d.ask("what is the sum of the two?")  # a percentage and an amount do not add up
    assert reply.program is None or reply.program.pattern != "combine_earlier"


@pytest.mark.parametrize("earlier, question, want", [
    (["What were book loans in 2022?", "And in 2021?"], "So how much did it go up by?", 25600.0),
    (["What were book loans in 2021?", "And in 2022?"], "How much did they rise?", 25600.0),
    (["What were DVD loans in 2020?", "And book loans in 2020?"], "How much bigger is that?", 31100.0),
])
def test_went_up_and_how_much_bigger_are_the_change_of_the_two_earlier_answers(earlier, question, want):
    """"go up" / "rise" are a change (later minus earlier); "how much bigger" is the gap between the two."""
    table = Table.from_rows([["", "2020", "2021", "2022"], ["Book loans", "40,100", "52,300", "77,900"],
                             ["DVD loans", "9,000", "8,100", "6,200"], ["Total loans", "49,100", "60,400", "84,100"]])
    d = Dialogue(Context(tables=(table,)))
    for q in earlier:
        d.ask(q)
    reply = d.ask(question)
    assert reply.found and reply.program.op == "subtract" and float(reply.answer.value) == pytest.approx(want)


def test_a_percent_growth_may_name_the_line_its_two_earlier_answers_share():
    """"How much did the fleet grow ..., in percent?" after two periods of "Fleet size": the change over the earlier."""
    table = Table.from_rows([["", "Jan 2024", "Feb 2024", "Mar 2024"], ["Fleet size", "420", "460", "520"],
                             ["Rides", "30", "33", "41"]])
    d = Dialogue(Context(tables=(table,)))
    d.ask("What was the fleet size in January 2024?")
    d.ask("And in March 2024?")
    reply = d.ask("How much did the fleet grow between those two months, in percent?")
    assert reply.program.op == "change_ratio" and float(reply.answer.value) == pytest.approx(23.81, abs=0.01)
    other = d.ask("How much did the rides grow between those two months, in percent?")  # another line: not this edit
    assert not (other.program and other.program.op == "change_ratio" and other.program.args == reply.program.args)


@pytest.mark.parametrize("question", ["And in percentage terms?", "How much is that in relative terms?"])
def test_a_change_in_percentage_terms_is_its_rate(question):
    d = _income()
    for q in ("What was the revenue in 2020?", "and in 2019?", "what was the change?"):
        d.ask(q)
    reply = d.ask(question)
    assert reply.program.op == "change_ratio" and float(reply.answer.value) == pytest.approx(11.30, abs=0.01)


def test_a_measure_is_not_carried_into_a_period_of_a_table_of_one_period():
    """On a table of things and measures, "Units sold 2024" names no period another question stays in."""
    table = Table.from_rows([["Model", "Battery (Wh)", "Range (km)", "Units sold 2024", "Warranty claims 2024"],
                             ["Commuter C1", "418", "70", "1240", "31"], ["Trail T5", "625", "105", "610", "27"],
                             ["Cargo K3", "750", "80", "295", "19"]])
    d = Dialogue(Context(tables=(table,)))
    d.ask("How many Commuter C1s were sold in 2024?")
    assert d.ask("What's the range of the Trail T5?").answer.text() == "105"


def test_an_answer_read_from_the_text_is_passed_over_by_the_next_follow_up():
    """ "Why did it grow?" answered from the text, then "what about net income?": the figure before the why."""
    d = _income()
    for q in ("What was the revenue in 2020?", "and in 2019?", "what was the change?"):
        d.ask(q)
    why = d.ask("Why did revenue grow?")
    assert why.program is not None and why.program.op in ("span", "spans")
    reply = d.ask("what about net income?")
    assert reply.program.pattern == "other_row" and reply.answer.text() == "350"


def test_a_line_the_two_answers_share_or_one_of_them_may_be_named_in_their_change():
    table = Table.from_rows([["Model", "Weight (kg)", "Range (km)"], ["Cargo K3", "34.2", "80"], ["Folding F1", "18.7", "55"]])
    d = Dialogue(Context(tables=(table,)))
    d.ask("What's the weight of the Folding F1?")
    d.ask("And the Cargo K3?")
    reply = d.ask("How much heavier is the Cargo K3?")
    assert reply.program.pattern == "change_of_earlier" and float(reply.answer.value) == pytest.approx(15.5)
    d = _income()
    d.ask("What was the revenue in 2018?")
    d.ask("and in 2020?")
    reply = d.ask("By what percentage did revenue grow?")
    assert reply.program.op == "change_ratio" and float(reply.answer.value) == pytest.approx(25.49, abs=0.01)


def test_how_much_more_than_a_period_named_is_the_last_answer_minus_that_period():
    d = _income()
    d.ask("What was the net income in 2020?")
    reply = d.ask("How much more than 2018?")
    assert reply.program.op == "subtract" and reply.answer.text() == "700"


def test_a_count_read_with_the_texts_money_scale_stays_a_count_in_follow_ups():
    money = Table.from_rows([["$ million", "FY2023", "FY2024"], ["Total revenue", "224.6", "242.4"]])
    table = Table.from_rows([["Measure", "FY2023", "FY2024"], ["Outpatient visits", "150800", "161200"],
                             ["Staffed beds", "210", "224"]])
    text = Paragraph("1", "Financial amounts in the workbook are in millions of US dollars.")
    d = Dialogue(Context(tables=(money, table), paragraphs=(text,)))
    first = d.ask("How many outpatient visits were there in FY2023?")
    follow = d.ask("And in FY2024?")
    assert (first.answer.scale, follow.answer.scale, follow.answer.text()) == ("", "", "161200")


@pytest.mark.parametrize("question, want", [("What's the drop?", -1395.0), ("What was the decline?", -1395.0),
                                            ("How does that compare?", -1395.0), ("What's the gap?", 1395.0),
                                            ("What's the fall in percent?", -52.84)])
def test_a_change_in_other_words_is_of_the_two_earlier_answers(question, want):
    """"the drop", "the decline", "how does that compare" keep the change's sign; "the gap" is larger minus smaller."""
    table = Table.from_rows([["Collection", "2021", "2024"], ["DVDs", "2640", "1245"], ["Total loans", "68310", "80580"]])
    d = Dialogue(Context(tables=(table,)))
    d.ask("How many DVD loans were there in 2021?")
    d.ask("And in 2024?")
    assert float(d.ask(question).answer.value) == pytest.approx(want, abs=0.01)


@pytest.mark.parametrize("question", ["Repeat that for net income.", "Can you do that for net income?", "Net income?",
                                      "Could you calculate the same for net income?"])
def test_a_request_to_repeat_the_last_computation_on_another_line(question):
    d = _income()
    for q in ("What was the revenue in 2020?", "and in 2019?", "what is the percentage increase?"):
        d.ask(q)
    reply = d.ask(question)
    assert reply.program.pattern == "other_row" and float(reply.answer.value) == pytest.approx(28.0, abs=0.01)


def test_a_whole_question_naming_a_line_is_not_a_fragment_to_repeat_on():
    d = _income()
    for q in ("What was the revenue in 2020?", "and in 2019?", "what is the percentage increase?"):
        d.ask(q)
    assert d.ask("What was net income?").program.pattern != "other_row"


def test_a_period_move_that_names_a_line_the_table_lacks_is_not_the_last_line_moved():
    table = Table.from_rows([["Collection", "2023", "2024"], ["DVDs", "1730", "1245"], ["Marketing", "10", "12"],
                             ["Total loans", "77090", "80580"]])
    d = Dialogue(Context(tables=(table,)))
    d.ask("How many DVD loans were there in 2024?")
    reply = d.ask("And vinyl records in 2023?")
    assert reply.program is None or reply.program.pattern != "other_period"
    assert d.ask("And in 2023?").answer.text() == "1730"
    moved = d.ask("And magazines the year before?")  # nor the period before
    assert moved.program is None or moved.program.pattern != "previous_period"
    assert d.ask("And the year after?").answer.text() == "1245"
