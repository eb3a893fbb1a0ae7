"""ChatRAG-Bench loaders: hand-made release files, hand-made and shared native samples, bad input, predictions IO."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tabtext.benchmarks import BENCHMARKS
from tabtext.benchmarks.chatrag import (
    BENCHMARK,
    infer_dataset,
    load,
    read_predictions,
    write_predictions,
)
from tabtext.errors import DataError, FormatError, UnknownNameError
from tabtext.types import Answer, Prediction

DATA = Path(__file__).parent / "data" / "chatrag"
RELEASE = DATA / "release"
CANNOT = "Sorry. I cannot find the answer based on the context."


def test_registered():
    bench = BENCHMARKS.get("chatrag")
    assert bench is BENCHMARK and bench.name == "chatrag" and bench.metric == "chatrag"


def test_release_file_turns_history_and_contexts():
    examples = load(RELEASE / "doc2dial" / "test.json")
    assert [ex.uid for ex in examples] == ["doc2dial:0", "doc2dial:1"]
    second = examples[1]
    assert second.question == "What do I need to renew online?"
    assert [t.role for t in second.history] == ["user", "assistant"]
    assert second.history[0].content == "How do I renew my driver's license?"
    assert second.context.paragraphs[0].title == "Renew license"
    assert second.gold[0].value == "Online renewal requires a valid credit card."
    assert second.meta["benchmark"] == "chatrag" and second.meta["dataset"] == "doc2dial"


def test_dataset_inferred_from_release_layout_and_native_names():
    assert infer_dataset(Path("data/doqa/test_travel.json")) == "doqa_travel"
    assert infer_dataset(Path("x/topiocqa/dev.json")) == "topiocqa"
    assert infer_dataset(Path("doc2dial_rc_val.csv.zip")) == "doc2dial"
    assert infer_dataset(Path("coqa-dev-v1.0.json")) == "coqa"
    assert infer_dataset(Path("pot_convfinqa_dev.json")) == "convfinqa"
    assert infer_dataset(Path("nothing/here.json")) is None


def test_doqa_folder_loads_three_files():
    examples = load(RELEASE / "doqa", dataset="doqa")
    assert [ex.meta["dataset"] for ex in examples] == ["doqa_cooking", "doqa_travel", "doqa_movies"]
    assert examples[1].gold[0].value == CANNOT
    assert [ex.meta["dataset"] for ex in load(RELEASE, dataset="doqa")] == [
        "doqa_cooking", "doqa_travel", "doqa_movies"]


def test_documents_json_and_answer_field():
    examples = load(RELEASE / "qrecc" / "test.json")
    assert examples[0].meta["document_id"] == "doc-1"
    assert [p.text for p in examples[0].context.paragraphs][1] == "The tower is 330 metres tall."
    assert examples[0].context.paragraphs[1].title == "Tower height"
    assert [g.value for g in examples[0].gold] == ["330 metres"]  # 'answer' string -> one gold
    assert [g.value for g in examples[1].gold] == ["1889", "in 1889"]


def test_convfinqa_release_keeps_exe_answer():
    examples = load(RELEASE / "convfinqa" / "dev.json")
    assert examples[1].gold[0].value == "(120 - 100) / 100"
    assert examples[1].gold[0].raw == 0.2
    assert examples[1].meta["dataset"] == "convfinqa"
    assert examples[1].history[-1].content == "120"


@pytest.mark.parametrize("name, message", [
    ("ends_with_assistant.json", "must end with the user turn"),
    ("empty_ctxs.json", "empty contexts"),
    ("missing_answers.json", "no 'answers'"),
    ("inscit_only_canonical.json", "canonical unanswerable"),
])
def test_bad_release_items(name, message):
    with pytest.raises(DataError, match=message) as info:
        load(DATA / "bad" / name, dataset="inscit" if "inscit" in name else "doc2dial")
    assert name in str(info.value) and "record 0" in str(info.value)


def test_malformed_json_and_unknown_dataset():
    with pytest.raises(FormatError, match="malformed JSON"):
        load(DATA / "bad" / "not_json.json", dataset="coqa")
    with pytest.raises(UnknownNameError, match="Did you mean 'inscit'"):
        load(RELEASE / "doc2dial" / "test.json", dataset="inscti")
    with pytest.raises(DataError, match="pass --dataset"):
        load(DATA / "bad" / "empty_ctxs.json")
    with pytest.raises(DataError, match="file not found"):
        load(DATA / "nope.json", dataset="coqa")


def test_native_inscit_hand_made():
    examples = load(DATA / "native" / "inscit_dev.json")
    assert len(examples) == 3
    second = examples[1]
    assert second.uid == "food_dial1#1" and second.question == "Can cheese be made from soy milk?"
    assert [t.role for t in second.history] == ["user", "assistant"]
    assert [g.value for g in second.gold][-1] == CANNOT  # a noAnswer label adds the canonical gold
    assert second.meta["evidence_ids"] == ("Vegan cheese:3",)
    assert {p.id for p in second.context.paragraphs} == {"Cheese:1", "Vegan cheese:3", "Bread:2"}
    assert [g.value for g in examples[0].gold] == ["Cheese is made from the milk of cows, goats and sheep."]


def test_native_doc2dial_hand_made(tmp_path):
    examples = load(DATA / "native" / "doc2dial_rc_val.csv")
    assert [ex.uid for ex in examples] == ["dial1_1", "dial1_3"]
    ex = examples[1]
    assert ex.question == "What do I bring to register a vehicle?"
    assert [(t.role, t.content) for t in ex.history] == [("user", "How do I renew my license?"), ("assistant", "Online.")]
    start, end = ex.meta["answer_spans"][0]
    assert ex.context.paragraphs[0].text[start:end] == ex.gold[0].value
    # the same CSV inside a zip, as distributed
    import zipfile
    z = tmp_path / "doc2dial_rc_val.csv.zip"
    with zipfile.ZipFile(z, "w") as fh:
        fh.write(DATA / "native" / "doc2dial_rc_val.csv", "doc2dial_rc_val.csv.zip")
    assert [e.uid for e in load(z)] == ["dial1_1", "dial1_3"]


def test_shared_native_samples(shared_data):
    inscit = load(shared_data("inscit/dev.json"))
    assert len(inscit) == 502 and all(ex.meta["dataset"] == "inscit" for ex in inscit)
    doc2dial = load(shared_data("doc2dial/doc2dial_rc_val.csv.zip"))
    assert len(doc2dial) == 3972
    coqa = load(shared_data("coqa/coqa-dev-v1.0.hf_dummy_sample.json"))
    assert len(coqa) == 12 and coqa[1].question == "Where did she live?"
    assert [g.value for g in coqa[0].gold][0] == "white"
    quac = load(shared_data("quac/val_v0.2.hf_dummy_sample.json"))
    assert len(quac) == 41 and quac[0].gold[0].value == "In May 1983, she married Nikos Karvelas, a composer,"
    assert any(g.value == CANNOT for ex in quac for g in ex.gold[:1])
    assert not quac[0].context.paragraphs[0].text.endswith("CANNOTANSWER")
    doqa = load(shared_data("doqa/doqa-cooking-test-v2.1.hf_dummy_sample.json"))
    assert len(doqa) == 3 and doqa[0].meta["dataset"] == "doqa_cooking"
    sqa = load(shared_data("sqa/SQA_Release_1.0_hf_dummy_sample/test.tsv"))
    assert len(sqa) == 4 and sqa[0].context.table.rows[0][3] == "Championship"
    assert sqa[2].gold[0].value == "May 2, 1994" and len(sqa[2].history) == 4


def test_predictions_one_per_line_and_count_check(tmp_path):
    examples = load(RELEASE / "doc2dial" / "test.json")
    path = tmp_path / "doc2dial_output.txt"
    path.write_bytes(b"first answer\r\n  second answer  \r")
    preds = read_predictions(path, examples)
    assert [preds[ex.uid].answer.value for ex in examples] == ["first answer", "  second answer  "]
    path.write_text("only one\n", encoding="utf-8")
    with pytest.raises(DataError, match="1 predictions for 2 gold turns"):
        read_predictions(path, examples)
    path.write_text("a\nb\nc\n", encoding="utf-8")
    with pytest.raises(DataError, match="3 predictions for 2 gold turns"):
        read_predictions(path, examples)


def test_write_predictions_round_trip_and_jsonl(tmp_path):
    examples = load(RELEASE / "doc2dial" / "test.json")
    preds = [Prediction(uid=examples[0].uid, answer=Answer(value="line one\nline two\r\nthree")),
             Prediction(uid=examples[1].uid, answer=None)]
    out = tmp_path / "out.txt"
    write_predictions(preds, out)
    assert out.read_text(encoding="utf-8") == "line one line two three\n\n"
    back = read_predictions(out, examples)
    assert back[examples[0].uid].answer.value == "line one line two three"
    jsonl = tmp_path / "preds.jsonl"
    jsonl.write_text("\n".join(json.dumps({"uid": ex.uid, "answer": f"a{i}"}) for i, ex in enumerate(examples)),
                     encoding="utf-8")
    assert read_predictions(jsonl, examples)[examples[1].uid].answer.value == "a1"


def test_line_file_needs_one_dataset(tmp_path):
    shutil.copytree(RELEASE / "doqa", tmp_path / "doqa")
    examples = load(tmp_path / "doqa", dataset="doqa")
    path = tmp_path / "doqa_output.txt"
    path.write_text("x\n", encoding="utf-8")
    with pytest.raises(DataError, match="one dataset"):
        read_predictions(path, examples)
    assert list(read_predictions(path, examples, dataset="doqa_travel")) == [examples[1].uid]


def test_dataset_is_inferred_from_file_name_and_folder_only():
    from tabtext.benchmarks.chatrag import infer_dataset

    assert infer_dataset(Path("/runs/convfinqa-experiments/inscit/dev.json")) == "inscit"
    assert infer_dataset(Path("/data/doqa/test_travel.json")) == "doqa_travel"
    assert infer_dataset(Path("/home/convfinqa/project/tests/bad.json")) is None
