"""training/: the recovered TAT-QA train linearization parsed back to grids, and its questions as Examples."""

from __future__ import annotations

from collections import Counter

from training import train_set
from training.linearized import clean_value, parse
from training.parser_fidelity import compare, measure

SECTIONED = "\n".join([
    "Headers: As of | 2019 | 2018",
    "Category: Assets",
    "Cash and equivalents: 2019 is $130; 2018 is $91",
    "Other: 2019 is $44.1 million USD; 2018 is $ 56.7",
    "Valuation allowance: 2019 is ($9 million USD); 2018 is —",
])


def test_a_labelled_first_row_keeps_its_label_cell_and_sections_are_label_only_rows():
    table = parse(SECTIONED, "t1")
    assert table.rows == (
        ("As of", "2019", "2018"),
        ("Assets", "", ""),
        ("Cash and equivalents", "130", "91"),
        ("Other", "44.1", "$ 56.7"),
        ("Valuation allowance", "(9)", "—"),
    )


def test_a_dollar_written_against_the_number_is_dropped_and_flagged_unknown():
    table = parse(SECTIONED)
    assert (2, 1) in table.dollar_unknown and (4, 1) in table.dollar_unknown
    assert (3, 2) not in table.dollar_unknown  # "$ 56.7": the source never adds a spaced "$"
    assert (4, 2) not in table.dollar_unknown
    assert clean_value("$(1,617) million USD") == ("(1,617)", True)
    assert clean_value("2 0 1 8") == ("2 0 1 8", False)


def test_numbered_rows_take_their_index_and_restore_the_empty_rows_the_source_skipped():
    text = "\n".join([
        "Headers: Years Ended September 30,",
        "Row 1:  is 2019; Years Ended September 30, is 2018;  is 2017",
        "Fixed Price:  is $  1,452.4; Years Ended September 30, is $  1,146.2;  is $  1,036.9",
        "Row 4:  is $1,496.5; Years Ended September 30, is $1,202.9;  is $1,107.7",
    ])
    rows = parse(text).rows
    assert rows[0] == ("", "", "Years Ended September 30,", "")
    assert rows[1] == ("", "2019", "2018", "2017")
    assert rows[2] == ("Fixed Price", "$  1,452.4", "$  1,146.2", "$  1,036.9")
    assert rows[3] == ("", "", "", "")
    assert rows[4] == ("", "1,496.5", "1,202.9", "1,107.7")


def test_cells_of_a_row_with_blanks_go_under_their_column_header():
    text = "\n".join([
        "Headers: Domestic | International",
        "Row 1: Domestic is 2019;  is 2018; International is 2019;  is 2018",
        "Discount rate: Domestic is 4.00%;  is 3.75%; International is 1.90%;  is 2.80%",
        "Expected return: International is 3.40%;  is 3.70%",
    ])
    rows = parse(text).rows
    assert rows[0] == ("", "Domestic", "", "International", "")
    assert rows[3] == ("Expected return", "", "", "3.40%", "3.70%")


def test_headers_with_trailing_spaces_and_labels_or_values_with_separators_are_split_right():
    text = "\n".join([
        "Headers: Years Ended December 31,",
        "Figures, in USD: rate:  is 2019; Years Ended December 31,     is 2018",
        "Revenue:  is $317,220; Years Ended December 31,     is a; b",
    ])
    rows = parse(text).rows
    assert rows[0] == ("", "", "Years Ended December 31,")
    assert rows[1] == ("Figures, in USD: rate", "2019", "2018")
    assert rows[2] == ("Revenue", "317,220", "a; b")


def test_line_breaks_inside_cells_headers_and_labels_stay_in_their_cell():
    text = "\n".join([
        "Headers: Total | Fair\nValue",
        "Row 1:  is June 30,\n2019; Total is June 30,\n2018; Fair\nValue is x",
        "Cost of revenue (exclusive of depreciation and\namortization):  is $58; Total is $56; Fair\nValue is $1",
        "Cash: Fair\nValue is $2",
    ])
    rows = parse(text).rows
    assert rows[0] == ("", "", "Total", "Fair\nValue")
    assert rows[1] == ("", "June 30,\n2019", "June 30,\n2018", "x")
    assert rows[2] == ("Cost of revenue (exclusive of depreciation and\namortization)", "58", "56", "1")
    assert rows[3] == ("Cash", "", "", "2")


def test_fidelity_counts_a_flagged_dollar_as_knowable_and_numbers_by_place():
    gold = [["As of", "2019", "2018"], ["Assets", "", ""], ["Cash and equivalents", "$130", "91"],
            ["Other", "44.1", "$ 56.7"], ["Valuation allowance", "(9)", "-"]]
    counts: Counter = Counter()
    compare(gold, parse(SECTIONED), counts)
    assert counts["cells"] == 13
    assert counts["exact"] == 11  # "$130" read as 130, "-" written as "—"
    assert counts["exact_knowable"] == 12
    assert counts["numbers"] == 6 and counts["numbers_recovered"] == 6  # "(9)" reads as a footnote


ARITHMETIC = {"id": "train-7-0", "context_index": 7, "table_uid": "u7", "question": "What is the change?",
              "answer_type": "arithmetic", "answer_from": "table", "derivation": "(1,617-1,434)/1,434",
              "answer_value": 0.1276, "text_answer": None}
TABLE_SPAN = dict(ARITHMETIC, id="train-7-1", answer_type="span", derivation="", answer_value=None)
TEXT_SPAN = dict(TABLE_SPAN, id="train-7-2", answer_from="text", text_answer={
    "paragraph_uid": ["p1", "p2"], "paragraph": "Revenue rose due to demand.", "answer": ["due to demand"],
    "spans": [{"text": "due to demand", "start": 13}], "kind": "span"})


def test_an_arithmetic_question_keeps_the_derivation_value_and_marks_scale_and_percent_unknown():
    ex = train_set.to_example(ARITHMETIC, parse(SECTIONED, "u7"))
    assert ex.gold[0].value == "0.1276" and ex.gold[0].derivation == "(1,617-1,434)/1,434"
    assert ex.meta["scale"] is None and ex.meta["scale_known"] is False
    assert ex.meta["answer_known"] and ex.meta["percent_unknown"]
    assert ex.context.tables[0].rows[2] == ("Cash and equivalents", "130", "91")
    assert ex.meta["dollar_unknown"] == tuple(sorted(parse(SECTIONED).dollar_unknown))


def test_table_spans_have_no_gold_and_say_so():
    ex = train_set.to_example(TABLE_SPAN, None)
    assert ex.gold == () and ex.meta["answer_known"] is False
    assert ex.context.tables == () and ex.meta["table_known"] is False


def test_a_text_answer_brings_its_paragraph_and_located_spans():
    ex = train_set.to_example(TEXT_SPAN, None)
    assert ex.context.paragraphs[0].id == "p1" and ex.context.paragraphs[0].text.startswith("Revenue")
    assert ex.gold[0].value == ("due to demand",)
    assert ex.meta["text_spans"] == (("due to demand", 13),) and ex.meta["paragraphs_partial"]


def test_the_train_lockbox_holds_about_a_fifth_of_contexts_and_keeps_a_context_whole():
    uids = [f"table-{i}" for i in range(4000)]
    share = sum(map(train_set.is_train_lockbox, uids)) / len(uids)
    assert 0.18 < share < 0.22
    examples = [train_set.to_example(dict(TABLE_SPAN, id=f"q{i}", table_uid=uids[i // 3]), None)
                for i in range(300)]
    open_, box = train_set.split(examples)
    assert not {e.meta["table_uid"] for e in open_} & {e.meta["table_uid"] for e in box}


def test_the_parser_meets_its_fidelity_targets_on_dev(shared_data):
    dev = shared_data("tatqa/tatqa_dataset_dev.json")
    counts = measure(dev, shared_data("tatqa/train_recovered/dev_tables_linearized.jsonl"))
    assert counts["tables"] == 278
    assert counts["exact_knowable"] / counts["cells"] >= 0.97
    assert counts["numbers_recovered"] / counts["numbers"] >= 0.99
