"""One copy of each vocabulary (issue 21, item 4): the shared readers behave as their callers relied on."""

from __future__ import annotations

import re

from tabtext.numbers import detect_scale, scales_named, without_scale_words


def test_scale_words_are_read_once_for_headers_and_answers():
    assert scales_named("Revenue (£'000)") == {"thousand"} == scales_named("$000") == scales_named("in 000s")
    assert scales_named("US$ millions and bn") == {"million", "billion"}
    assert scales_named("1,000 units") == set() == scales_named("up 12%")
    assert detect_scale("GBP '000") == "thousand"  # the header word table_join reads is the one answers read
    assert without_scale_words("Staff costs, thousands").strip(" ,") == "Staff costs"


def test_one_short_stem_for_names_in_tables_and_patterns():
    from tabtext.engines.solver.lexicon.words import short_stem
    from tabtext.engines.solver.patterns.per_unit import stems

    assert short_stem("marketing") == short_stem("marketed") == "marke"
    assert short_stem("costs") == "cost" and short_stem("class") == "class" and short_stem("group's") == "group"
    assert stems("Revenue per paying subscriber") == {short_stem(w) for w in ("revenue", "per", "paying", "subscriber")}


def test_the_short_words_that_name_nothing_are_the_lexicons():
    from tabtext.engines.solver.lexicon.words import CONVERSATION_WORDS, STOP
    from tabtext.table_choice import _name_words

    assert _name_words("sales of my fy group") == ["sales", "group"]
    assert not {w for w in STOP | CONVERSATION_WORDS if len(w) == 2} & set(_name_words("an as at be by do he if"))


def test_the_ask_path_cuts_sentences_with_the_readers_splitter():
    from tabtext.person_text import _sentence

    text = "Sales rose. Mr. Hale of Acme Inc. joined in May. Costs fell."
    start = text.index("Hale")
    assert text[slice(*_sentence(text, start, start + 4))] == "Mr. Hale of Acme Inc. joined in May."


def test_one_year_pattern_below_the_engines_and_in_the_lexicon():
    from tabtext import periods
    from tabtext.engines.solver.lexicon import words

    assert words.YEAR is periods.YEAR
    assert words.years_in("FY2019 and 2020/21, not 2,019 or 3019") == ["2019", "2020"]


# Each second copy of a vocabulary that stays, and the measured reason it pays (docs/architecture.md, Vocabularies).
_KEPT = {
    ("engines/solver/reader/sentences.py", "stem"): "the reader's weights were fitted with it (lexicon's: dev -0.60)",
    ("engines/solver/reader/sentences.py", "split_sentences"): "the one sentence splitter",
    ("engines/solver/tasks/convfinqa/ground.py", "years_in"): "dates such as 12/31/06 (lexicon's: ConvFinQA -1.07)",
}
_VOCABULARY_FUNCTIONS = {"stem", "_stem", "singular", "_singular", "root", "years_in", "_years_in",
                         "split_sentences", "_split_sentences"}


def test_no_second_stemmer_year_reader_or_sentence_splitter_outside_the_lexicon():
    import ast
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "src" / "tabtext"
    found = {(str(p.relative_to(src)), n.name) for p in src.rglob("*.py") if "lexicon" not in p.parts
             for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
             if isinstance(n, ast.FunctionDef) and n.name in _VOCABULARY_FUNCTIONS}
    assert found == set(_KEPT), "a vocabulary written twice: import it from engines/solver/lexicon/words.py"


def test_the_lexicons_root_and_singular_match_a_lines_derived_forms():
    from tabtext.engines.solver.lexicon.words import root, singular

    assert root("visited") == root("visitors") == root("visits") == "visit"
    assert root("enrolled") == root("enrolment") == "enrol"
    assert singular("galleries") == "gallery" and singular("class") == "class"


def test_tanq_reads_dates_with_the_one_month_list():
    from tabtext.engines.solver.tasks import tanq
    from tabtext.periods import MONTH_FORM

    assert tanq._MONTH.startswith(MONTH_FORM)
    assert re.fullmatch(MONTH_FORM, "sept") and re.fullmatch(MONTH_FORM, "September", re.I)


def test_which_companies_reads_the_company_column_through_the_lexicons_singular():
    from tabtext.row_names import in_asked_column
    from tabtext.types import Answer, Table

    table = Table(id="t", rows=(("Fund", "Company", "Return"), ("Alpha", "Acme Ltd", "5"), ("Beta", "Bolt plc", "3")))
    got = in_asked_column("Which companies had the highest return?", Answer(value="Alpha"), table)
    assert got is not None and got.value == "Acme Ltd"  # 'companies' -> 'company' (a cut 's' gave 'companie')
