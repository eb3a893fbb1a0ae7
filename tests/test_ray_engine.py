"""--ray on a real local Ray (2 CPUs, started once per session by the ``local_ray`` fixture)."""

import json
import os
import signal
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI, expected_answer, make_examples  # noqa: E402
from tabtext.cli import main  # noqa: E402
from tabtext.engines.ray_engine import RayEngine  # noqa: E402
from tabtext.errors import EngineError, UnknownNameError  # noqa: E402


def jsonl_by_uid(path):
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    by_uid = {r["uid"]: r for r in records}
    assert len(by_uid) == len(records), "a uid was written twice"
    return by_uid


def test_a_ray_run_gives_the_in_process_predictions_and_resumes(local_ray, shared_data, tmp_path, capsys):
    dev = shared_data("tatqa/tatqa_dataset_dev.json")
    common = ["run", "tatqa", "--file", str(dev), "--batch-size", "20", "--quiet"]
    assert main(common + ["--limit", "300", "--out", str(tmp_path / "local")]) == 0
    assert main(common + ["--limit", "140", "--out", str(tmp_path / "ray"), "--ray"]) == 0
    assert main(common + ["--limit", "300", "--out", str(tmp_path / "ray"), "--ray", "--resume"]) == 0
    capsys.readouterr()
    local, ray = (jsonl_by_uid(tmp_path / d / "predictions.jsonl") for d in ("local", "ray"))
    assert len(local) == 300 and ray == local
    assert (tmp_path / "ray" / "predictions.json").read_bytes() == (tmp_path / "local" / "predictions.json").read_bytes()
    report = json.loads((tmp_path / "ray" / "report.json").read_text())
    # the resumed run asked only the 160 questions not yet answered: 8 blocks of 20
    assert report["provenance"]["ray"]["workers"] == 2 and report["provenance"]["ray"]["blocks"] == 8
    assert report["scores"] == json.loads((tmp_path / "local" / "report.json").read_text())["scores"]


def test_killing_a_worker_mid_run_loses_nothing(local_ray):
    examples = make_examples(48)
    with FakeOpenAI(latency=0.15) as server:
        engine = RayEngine(f"openai:model=fake,base_url={server.base_url},concurrency=4", block_size=4, workers=2)
        stream = engine.iter_answers(examples)
        answers = [next(stream)]  # the first block is in: both workers hold more
        os.kill(engine.worker_pids[0], signal.SIGKILL)
        answers += list(stream)
    assert sorted(p.uid for p in answers) == sorted(ex.uid for ex in examples)  # each uid exactly once
    by_uid = {p.uid: p for p in answers}
    assert all(by_uid[ex.uid].answer.value == expected_answer(ex) for ex in examples)
    assert engine.provenance()["ray"]["blocks_retried"] >= 1


def test_an_engine_that_cannot_start_on_a_worker_is_a_one_line_error(local_ray):
    engine = RayEngine("openai:model=fake,base_url=http://127.0.0.1:9/v1,bogus=1", block_size=4)
    with pytest.raises(EngineError, match="on a Ray worker: openai engine: unknown option"):
        list(engine.iter_answers(make_examples(3)))


def test_a_ray_run_whose_engine_cannot_start_fails_before_ray_and_writes_no_run_folder(tmp_path, capsys):
    mini = Path(__file__).resolve().parent / "data" / "tatqa" / "mini.json"
    out = tmp_path / "run"
    assert main(["run", "tatqa", "--file", str(mini), "--engine", "openai:model=m,bogus=1", "--ray",
                 "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "openai engine: unknown option(s) bogus" in err and "Traceback" not in err
    assert "Ray worker" not in err  # built and checked in-process first
    assert not out.exists()


def test_an_unknown_engine_fails_before_ray_is_asked():
    with pytest.raises(UnknownNameError, match="Did you mean 'solver'"):
        RayEngine("solvr")
