"""tabtext's lm-evaluation-harness tasks: documents from the loaders, prompts from engines/prompts.py, scores
from the official-parity metrics, and lm_eval itself through `tabtext serve` == `tabtext run` with the solver."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.benchmarks import tatqa  # noqa: E402
from tabtext.engines.prompts import messages_for  # noqa: E402
from tabtext.errors import DataError  # noqa: E402
from tabtext.lm_eval import include_path  # noqa: E402
from tabtext.lm_eval.tasks import aggregation, dataset_loader, documents, score_doc  # noqa: E402
from tabtext.metrics import METRICS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MINI = ROOT / "tests" / "data" / "tatqa" / "mini.json"


def test_include_path_holds_the_three_tasks():
    names = {p.stem for p in include_path().glob("*.yaml")}
    assert names == {"tabtext_tatqa", "tabtext_convfinqa", "tabtext_tanq"}
    assert (include_path() / "utils.py").is_file()


def test_cli_prints_the_include_path():
    out = subprocess.run([sys.executable, "-m", "tabtext.cli", "lm-eval-tasks"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, timeout=60)
    assert out.returncode == 0, out.stderr
    assert Path(out.stdout.strip()) == include_path()


def test_documents_carry_the_engine_prompt_exactly():
    examples = tatqa.load(MINI)
    docs = documents("tatqa", file=str(MINI))
    assert [d["uid"] for d in docs] == [ex.uid for ex in examples]
    for doc, ex in zip(docs, examples):
        assert [doc["system"], doc["user"]] == [m["content"] for m in messages_for(ex)]
        assert doc["file"] == str(MINI.resolve())


def test_gold_target_scores_full_marks_and_aggregation_is_the_metrics_own():
    docs = documents("tatqa", file=str(MINI))
    items = [score_doc("tatqa", d, [d["target"]])["em"] for d in docs]
    assert [it["em"] for it in items] == [1.0] * len(docs)
    wrong = score_doc("tatqa", docs[0], ["not an answer"])["f1"]
    mixed = items[1:] + [wrong]
    assert aggregation("tatqa", "em")(mixed) == METRICS.get("tatqa").aggregate(mixed)["em"] < 1.0


def test_custom_dataset_reads_a_data_directory_and_never_downloads(tmp_path, monkeypatch):
    pytest.importorskip("datasets")
    monkeypatch.setattr("tabtext.data.cache_dir", lambda: tmp_path / "cache")
    from dataclasses import replace

    from tabtext import data  # the mini file stands in for dev: it cannot carry dev's official md5
    monkeypatch.setitem(data.SPLITS, ("tatqa", "dev"), replace(data.SPLITS[("tatqa", "dev")], md5=None))
    with pytest.raises(DataError, match="not found"):
        dataset_loader("tatqa")(data_dir=str(tmp_path))
    (tmp_path / "tatqa").mkdir()
    shutil.copy(MINI, tmp_path / "tatqa" / "tatqa_dataset_dev.json")
    split = dataset_loader("tatqa")(data_dir=str(tmp_path), version=1.0)["validation"]  # metadata passes through
    assert len(split) == 3 and set(split.column_names) == {"uid", "file", "system", "user", "target"}


def lm_eval_scores(base_url: str, task: str, limit: int, out_dir: Path, metadata: dict,
                   *extra: str) -> dict[str, float]:
    cmd = [sys.executable, "-m", "lm_eval", "--model", "local-chat-completions",
           "--model_args", f"model=tabtext-solver,base_url={base_url}/v1/chat/completions",
           "--apply_chat_template", "--include_path", str(include_path()), "--tasks", task,
           "--limit", str(limit), "--output_path", str(out_dir), "--metadata", json.dumps(metadata), *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1"}
    run = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=300, cwd=out_dir)
    assert run.returncode == 0, run.stderr[-3000:]
    results = json.loads(next(out_dir.rglob("results_*.json")).read_text())["results"][task]
    return {k.split(",")[0]: v for k, v in results.items() if k.endswith(",none") and "stderr" not in k}


def recording_app(seen: list):
    """An OpenAI-style server that keeps every request's messages and answers with a fixed span."""
    from fastapi import FastAPI, Request

    app = FastAPI()

    @app.post("/v1/chat/completions")
    async def chat(request: Request):
        body = await request.json()
        seen.append(body["messages"])
        reply = json.dumps({"answer": ["nothing"], "scale": "", "derivation": ""})
        return {"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}]}

    return app


def test_lm_eval_sends_exactly_the_engine_messages(tmp_path):
    pytest.importorskip("lm_eval")
    seen: list = []
    with running(recording_app(seen)) as url:
        scores = lm_eval_scores(url, "tabtext_tatqa", 3, tmp_path, {"file": str(MINI)})
    examples = tatqa.load(MINI)
    assert sorted(map(json.dumps, seen)) == sorted(json.dumps(messages_for(ex)) for ex in examples)
    assert scores == {"em": 0.0, "f1": 0.0, "scale": pytest.approx(sum(not ex.gold[0].scale for ex in examples) / 3)}


def test_lm_eval_few_shot_turns_are_the_engine_few_shot_messages(shared_data, tmp_path):
    pytest.importorskip("lm_eval")
    from tabtext.engines.prompts import load_fewshot, tatqa_messages

    shots_file = shared_data("tatqa/tatqa_dataset_train_partial_fewshot8.json")
    seen: list = []
    with running(recording_app(seen)) as url:
        lm_eval_scores(url, "tabtext_tatqa", 3, tmp_path, {"file": str(MINI), "fewshot_file": str(shots_file)},
                       "--num_fewshot", "2")
    shots = load_fewshot(shots_file, 2)
    expected = [tatqa_messages(ex, shots) for ex in tatqa.load(MINI)]
    assert len(expected[0]) == 6
    assert sorted(map(json.dumps, seen)) == sorted(map(json.dumps, expected))


def test_lm_eval_through_serve_equals_tabtext_run(shared_data, tmp_path):
    pytest.importorskip("lm_eval")
    from tabtext.engines.solver import SolverEngine
    from tabtext.run import score_predictions
    from tabtext.server import create_app

    dev = shared_data("tatqa/tatqa_dataset_dev.json")
    examples = tatqa.load(dev)[:24]
    direct = score_predictions("tatqa", examples, {p.uid: p for p in SolverEngine().answer(examples)}).scores
    with running(create_app()) as url:
        through = lm_eval_scores(url, "tabtext_tatqa", len(examples), tmp_path, {"file": str(dev)})
    assert through == pytest.approx({k: direct[k] for k in ("em", "f1", "scale")}, abs=1e-12)


@pytest.mark.parametrize("task, relative, keys", [
    ("tatqa", "tatqa/tatqa_dataset_dev.json", ("em", "f1", "scale")),
    ("convfinqa", "convfinqa/pot_convfinqa_dev.json", ("official_em", "strict_em")),
    ("tanq", "tanq/test_input.jsonl", ("f1", "precision", "recall")),
])
def test_each_task_scores_its_gold_target_perfect_and_silence_zero(shared_data, task, relative, keys):
    docs = documents(task, file=str(shared_data(relative)))[:30]
    gold = [score_doc(task, d, [d["target"]])[keys[0]] for d in docs]
    silent = [score_doc(task, d, [""])[keys[0]] for d in docs]
    assert {k: aggregation(task, k)(gold) for k in keys} == {k: 1.0 for k in keys}
    assert aggregation(task, keys[0])(silent) == 0.0
