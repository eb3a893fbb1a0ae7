"""A conversation goes on after "no answer found" (issue 22): what an unanswered turn asked (its line, its period) is
kept as a record the next turn edits, on every route, and never gives a number of its own."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from tabtext.engines.solver.dialogue.api import answer_turn  # noqa: E402
from tabtext.engines.solver.dialogue.unanswered import LACKS_PERIOD, LACKS_ROW  # noqa: E402
from tabtext.types import Context, Paragraph, Table  # noqa: E402
from test_dialogue_routes import by_answer, by_ask_chat, by_chat, by_dialogue, canonical, client  # noqa: E402, F401

BAR = [["GBP", "2022", "2023", "2024"], ["Bar sales", "1,200", "1,350", "1,410"],
       ["Food sales", "800", "900", "950"], ["Rent", "300", "320", "340"]]
GYM = [["USD", "Q1 2024", "Q2 2024", "Q3 2024"], ["Memberships", "410", "455", "470"],
       ["Personal training", "120", "135", "150"], ["Rent", "90", "92", "95"]]
BAKERY = [["Units", "Jan 2024", "Feb 2024", "Mar 2024"], ["Bread loaves", "1,200", "1,150", "1,300"],
          ["Pastries", "800", "760", "910"], ["Wages", "950", "955", "980"]]
NOTE = ["The business opened its second site in 2021 and hired two new managers."]
NONE = (None, "")
GUESS = "a best guess from the text, shown beside 'no answer found'"


def case(name: str, table: list, questions: list[str]) -> dict:
    return {"id": name, "table": table, "paragraphs": NOTE, "turns": [{"question": q} for q in questions]}


#: (conversation, the answers every route gives)
CONVERSATIONS = [
    (case("missing_year_then_a_year", BAR, ["What were bar sales in 2019?", "and in 2023?"]),
     [NONE, (("1,350",), "")]),
    (case("missing_quarter_other_line_then_a_quarter", GYM,
          ["What was personal training income in Q4 2023?", "what about memberships?", "and in Q2 2024?"]),
     [NONE, NONE, (("455",), "")]),
    (case("missing_line_then_a_year_then_a_line", BAR,
          ["What were coffee sales in 2023?", "and in 2024?", "what about rent?"]),
     [NONE, NONE, (("340",), "")]),
    (case("missing_line_keeps_its_year", BAR, ["How much were coffee sales in 2022?", "And rent?"]),
     [NONE, (("300",), "")]),
    # read from the text and not stood behind: the month it named is kept, its line is not
    (case("unanswered_from_the_text_keeps_its_month", BAKERY,
          ["How many cakes did we sell in February 2024?", "what about pastries?", "and in March 2024?"]),
     [GUESS, (("760",), ""), (("910",), "")]),
    (case("unanswered_from_the_text_gives_no_line", BAKERY,
          ["How many cakes did we sell in February 2024?", "and in March 2024?"]), [GUESS, NONE]),
]


@pytest.mark.parametrize("conversation,want", CONVERSATIONS, ids=[c["id"] for c, _ in CONVERSATIONS])
def test_every_route_carries_what_an_unanswered_turn_asked(conversation, want, client, tmp_path, monkeypatch,  # noqa: F811
                                                           capsys):
    def said(got: list) -> list:  # a guess from the text depends on the text each route was given
        return [GUESS if w == GUESS else g for g, w in zip(got, want)]

    assert said(by_ask_chat(conversation, tmp_path, monkeypatch, capsys)) == want
    assert said(by_dialogue(conversation, client)) == want
    assert said(by_answer(conversation, client)) == want
    # the system message's own words are read as text, which may answer a question the table does not
    in_system = GUESS not in want
    assert said(by_chat(conversation, client, stream=False, table_in_system=in_system)) == want
    assert said(by_chat(conversation, client, stream=True, table_in_system=False)) == want


def turns(table: list, questions: list[str]) -> list[dict]:
    context = Context((Table.from_rows(table),), (Paragraph(id="1", text=NOTE[0], order=1),))
    history, out = [], []
    for question in questions:
        body = answer_turn(context, question, history)
        history.append(body["program"])
        out.append(body)
    return out


def test_the_unanswered_turn_is_sent_back_as_a_record_of_what_it_lacked():
    period, line = turns(BAR, ["What were bar sales in 2019?"])[0], turns(BAR, ["What were coffee sales in 2023?"])[0]
    assert period["answer"] is None and period["program"]["pattern"] == LACKS_PERIOD
    assert line["answer"] is None and line["program"]["pattern"] == LACKS_ROW


def test_an_unanswered_turn_never_gives_a_number_to_the_next():
    summed = turns(BAR, ["What was rent in 2023?", "and bar sales in 2019?", "what is the sum of the two?"])
    assert canonical(summed[0]["answer"]) == ("320",) and summed[1]["answer"] is None and summed[2]["answer"] is None
    moved = turns(GYM, ["How much did we pay in rent in Q4 2024?", "and the quarter before?"])
    assert moved[1]["answer"] is None  # a step from the column read in place of Q4 2024 would be a guess
    cause = turns(BAKERY, ["How many bread loaves in January 2024?", "Why did it fall in February 2024?",
                           "and in March 2024?"])
    assert canonical(cause[2]["answer"]) == ("1,300",)  # a cause of the last answer records no month of its own
    other = turns(BAR, ["What were bar sales in 2019?", "what about rent?"])
    assert other[1]["answer"] is None and other[1]["program"]["pattern"] == LACKS_PERIOD  # rent in 2019: none either
