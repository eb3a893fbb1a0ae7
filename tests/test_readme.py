"""README.md's Python example, run as a new user runs it: from a folder of their own, data found the way the
CLI finds it ($TABTEXT_DATA)."""

from __future__ import annotations

import ast
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_the_readme_python_example_runs_from_any_folder(shared_data, tmp_path, monkeypatch, capsys):
    dev = shared_data("tatqa/tatqa_dataset_dev.json")
    monkeypatch.setenv("TABTEXT_DATA", str(dev.parents[1]))
    monkeypatch.chdir(tmp_path)
    code = README.read_text(encoding="utf-8").split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, str(README), "exec"), {})
    scores = ast.literal_eval(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"em", "f1", "scale"} <= set(scores) and 0 < scores["em"] <= scores["f1"] <= 1
