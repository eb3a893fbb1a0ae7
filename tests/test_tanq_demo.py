"""The TANQ demo shipped inside tabtext (five questions with evidence, official format): `tabtext run tanq
--split demo` and the lm-eval task `tabtext_tanq` work offline with no data folder at all."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from tabtext.lm_eval.tasks import aggregation, documents, score_doc


def test_run_tanq_demo_works_with_no_data_folder(tmp_path):
    env = {**os.environ, "TABTEXT_DATA": str(tmp_path / "empty"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    (tmp_path / "empty").mkdir()
    done = subprocess.run([sys.executable, "-m", "tabtext.cli", "run", "tanq", "--split", "demo", "--quiet", "--out",
                           str(tmp_path / "run")], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads((tmp_path / "run" / "report.json").read_text(encoding="utf-8"))
    assert len(report["items"]) == 5 and report["counts"]["missing"] == 0
    assert report["scores"]["f1"] > 0.5  # answer tables built from the evidence, not empty ones
    assert report["provenance"]["gold_file"].endswith("tabtext_demo.jsonl")


def test_every_demo_gold_table_is_built_from_its_own_evidence():
    from tabtext.benchmarks import tanq
    from tabtext.data import resolve

    for ex in tanq.load(resolve("tanq", "demo")):
        evidence = json.dumps(ex.meta["proofs"], ensure_ascii=False).replace(",", "")
        for row in ex.gold[0].value.rows[1:]:
            for cell in row:  # an ISO date is read from the day, month and year the passage writes
                assert (cell[:4] if re.fullmatch(r"\d{4}-\d\d-\d\d", cell) else cell) in evidence, (ex.uid, cell)


def test_lm_eval_tanq_task_reads_the_demo_and_warns_on_empty_tables_like_the_cli():
    docs = documents("tanq")
    assert len(docs) == 5 and all("Paragraphs:" in d["user"] for d in docs)  # the evidence is in the prompt
    gold = [score_doc("tanq", d, [d["target"]])["f1"] for d in docs]
    assert aggregation("tanq", "f1")(gold) == 1.0
    header_only = [score_doc("tanq", d, ["entity | symbol" if i % 2 else "No answer was found."])["precision"]
                   for i, d in enumerate(docs)]  # a header alone, or text that holds no table
    with pytest.warns(UserWarning, match="5 of 5 replies hold an empty or header-only predicted table"):
        assert aggregation("tanq", "precision")(header_only) == 1.0
