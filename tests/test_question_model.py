"""The question model (solver/rank/question_model.py): answer_type x answer_from from the question's words."""

from __future__ import annotations

import math

from tabtext.engines.solver.rank import question_model

TOY = {"classes": ["arithmetic|table", "span|text"], "bias": [0.0, 0.0],
       "weights": {"w:why": [-2.0, 2.0], "w:change": [1.5, -1.5]}}


def test_features_are_words_bigrams_and_the_first_two_words_with_years_and_numbers_folded():
    f = question_model.features("What was the change in 2019 for 3 segments?")
    assert {"w:what", "w:change", "w:<year>", "w:<num>", "b:in_<year>", "start:what_was"} <= set(f)
    assert "w:2019" not in f


def test_probabilities_are_a_softmax_over_the_classes_the_question_words_move():
    why = question_model.probabilities("Why did revenue fall?", TOY)
    assert math.isclose(sum(why.values()), 1.0)
    assert why["span|text"] > 0.95
    change = question_model.probabilities("What is the change?", TOY)
    assert change["arithmetic|table"] > change["span|text"]
    assert question_model.probabilities("Unseen words only", TOY) == {"arithmetic|table": 0.5, "span|text": 0.5}


def test_the_shipped_model_knows_every_answer_type_and_source_and_reads_an_average_as_arithmetic():
    model = question_model.shipped_model()
    assert {c.split("|")[0] for c in model["classes"]} == {"arithmetic", "count", "multi-span", "span"}
    assert {c.split("|")[1] for c in model["classes"]} == {"table", "table-text", "text"}
    average = question_model.type_log_probs("What is the average revenue in 2018 and 2019?")
    assert max(average, key=average.get) == "arithmetic"
    why = question_model.type_log_probs("Why did the operating costs decrease?")
    assert why["span"] > why["arithmetic"]


def test_a_table_that_states_the_result_asked_makes_a_cell_likelier_than_a_computation():
    question = "What was the change in revenue from 2018 to 2019?"
    assert "table:states_result" in question_model.features(question, stated=True)
    computed, stated = (question_model.type_log_probs(question, stated=s) for s in (False, True))
    assert stated["span"] - stated["arithmetic"] > computed["span"] - computed["arithmetic"]


def test_a_program_s_operator_tells_the_answer_type_it_gives():
    assert question_model.answer_type_of("change_ratio", 2) == "arithmetic"
    assert question_model.answer_type_of("count", 3) == "count"
    assert question_model.answer_type_of("spans", 1) == "multi-span"
    assert question_model.answer_type_of("lookup", 1) == "span"


def test_the_shipped_model_is_what_its_training_script_writes(shared_data):
    """The artefact is reproduced byte for byte from train (it drifted once unnoticed); the fit takes seconds."""
    shared_data("tatqa/train_recovered/train_questions.jsonl")  # CI fails here when the data is missing
    from training import question_model as script
    from training import train_set

    open_, _ = train_set.split(train_set.load())
    fitted = script.fit(open_, stated=script.stated_flags(open_))
    same = script.serialize(fitted) == script.MODEL.read_text(encoding="utf-8")
    assert same, "question_model.json is not what `python -m training.question_model --write` writes"
