"""Text answers inside a conversation over a person's table and paragraph (tables and text written here, none from a
benchmark set): a cause cut to the thing named with its article, a name the text gives after "called", and a text
follow-up that asks about the earlier turn's text answer."""

from __future__ import annotations

from tabtext.types import Context, Paragraph
from test_dialogue_kinds_sixth import chat_text

#: months as columns, a paragraph telling what happened in them
FERRY = """Measure,Apr 2025,May 2025,Jun 2025
Passengers,8120,9340,13875
Fare revenue,40600,46700,69375
Crossings,310,318,344
"""

FERRY_TEXT = ("Islay Sound Ferries runs two small car ferries between Port Ellen and the mainland. Passenger numbers in June "
              "were boosted by the Feis Ile whisky festival, when every sailing was full. Fare revenue in May rose "
              "after the licensing deal for Caledonia Rail's through-ticket scheme. Operations manager Callum Reid "
              "introduced online boarding passes in May, which shortened the queues at the slipway. The company "
              "will take delivery of a third vessel called Lady Morag in 2026.")


def test_a_long_cause_stops_before_whom_it_was_for(tmp_path):
    assert chat_text(tmp_path, FERRY, FERRY_TEXT, "What was fare revenue in May?", "What drove it up?") == \
        ["46,700", "the licensing deal"]


def test_what_a_thing_will_be_called_is_the_name_after_called(tmp_path):
    assert chat_text(tmp_path, FERRY, FERRY_TEXT, "How many crossings were there in April?",
                     "What is the new vessel going to be called?") == ["310", "Lady Morag"]
def test_a_cause_is_the_thing_named_with_its_article_not_the_clause_after_it(tmp_path):
    assert chat_text(tmp_path, FERRY, FERRY_TEXT, "How many passengers did we carry in June?",
                     "Why was June so busy?") == ["13,875", "the Feis Ile whisky festival"]





def test_a_span_read_from_a_sentence_that_shares_none_of_the_question_moves_to_the_one_that_does():
    from tabtext.engines.solver.dialogue.core import _about_the_asked
    from tabtext.engines.solver.program.program import Span

    context = Context(tables=(), paragraphs=(Paragraph("0", FERRY_TEXT),))
    wrong = FERRY_TEXT.index("Fare revenue in May")
    chosen = Span(0, wrong, wrong + 24, FERRY_TEXT[wrong:wrong + 24])
    moved = _about_the_asked("Why was June so busy for passengers?", chosen, context)
    assert moved is not None and "Feis Ile" in FERRY_TEXT[moved.start:moved.end]
    assert _about_the_asked("Why did fare revenue rise in May?", chosen, context) is None


#: months as columns; the paragraph names a chair in one sentence and the gardener who brought a change in another
GARDEN = """Measure,Jan 2025,Feb 2025,Mar 2025,Apr 2025
Visitors,1200,1350,2100,2600
Cafe sales,3300,3700,5100,6400
"""

GARDEN_TEXT = ("Fellside Walled Garden near Kendal is owned by the Fellside Trust, chaired by Martin Hale. Visitor "
               "numbers rose in March because of the new Sunday guided walks, which head gardener Priya Nair brought "
               "in after the winter. The old potting shed will be converted into a classroom in September 2025.")


def test_a_who_follow_up_of_a_text_answer_reads_the_sentence_that_gave_it(tmp_path):
    for who in ("Who came up with that?", "Who was responsible for that?", "Who started it?"):
        assert chat_text(tmp_path, GARDEN, GARDEN_TEXT, "How many visitors came in March?", "Why did it go up?", who) \
            == ["2,100", "the new Sunday guided walks", "Priya Nair"], who


BOATYARD = """Measure,Jan 2025,Feb 2025,Mar 2025
Boats serviced,14,17,26
Repair income,9800,11900,18200
"""

BOATYARD_TEXT = ("Kettlewell Boatyard repairs narrowboats on the Leeds and Liverpool Canal. Yard foreman Declan Shaw "
                 "opened a second dry dock in March, which let the yard take two boats at once. A new crane will be "
                 "hired for the summer of 2025.")


def test_what_changed_in_a_month_is_the_deed_the_text_tells_in_it_and_who_did_it_follows(tmp_path):
    assert chat_text(tmp_path, BOATYARD, BOATYARD_TEXT, "How many boats did we service in March?",
                     "What changed in March?", "Who did that?") == ["26", "opened a second dry dock", "Declan Shaw"]


KENNELS = """EUR '000,H1 2023,H1 2024
Boarding income,410,446
Grooming,120,151
"""

KENNELS_TEXT = ("Brookfield Kennels boards dogs and cats near Athlone under owner Siobhan Daly. Grooming income grew in "
                "2024 after the kennels took on a second full-time groomer in February. Boarding was steady.")


def test_a_cause_asked_after_a_growth_the_core_reads_as_a_figure_is_read_from_the_text(tmp_path):
    assert chat_text(tmp_path, KENNELS, KENNELS_TEXT, "How much did grooming bring in during H1 2024?",
                     "And a year earlier?", "What's the growth in percent?", "What was behind the rise?")[1:] == \
        ["120 thousand", "25.83%", "the kennels took on a second full-time groomer in February"]


def test_where_growth_came_from_is_what_the_sentence_says_it_came_from_without_when_it_was_signed(tmp_path):
    text = ("Brookfield Kennels boards dogs and cats near Athlone. Most of the boarding growth in H1 2024 came from "
            "a corporate deal with the Shannon Airport staff club agreed in January 2024. Grooming was steady.")
    assert chat_text(tmp_path, KENNELS, text, "How much boarding income did we have in H1 2024?", "And in H1 2023?",
                     "What's the growth in percent?", "Where did that growth come from?")[3] == \
        "a corporate deal with the Shannon Airport staff club"


def test_what_comes_instead_is_what_the_sentence_does_instead(tmp_path):
    text = ("Brookfield Kennels boards dogs and cats near Athlone. From 2025 the owners will close the old cattery "
            "block and build six heated dog suites instead. Grooming was steady.")
    assert chat_text(tmp_path, KENNELS, text, "How much boarding income did we have in H1 2024?",
                     "What will they build instead of the cattery?")[1] == "build six heated dog suites"
