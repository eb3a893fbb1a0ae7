"""`tabtext run` checks everything checkable before the slow part (the endpoint, Ray), and an OpenAI-compatible
endpoint needs a key only when it asks for one (HTTP 401): a vLLM host usually does not."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_openai import FakeOpenAI  # noqa: E402
from tabtext.cli import main  # noqa: E402

MINI = Path(__file__).parent / "data" / "tatqa" / "mini.json"


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
    return subprocess.run([sys.executable, "-m", "tabtext.cli", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def non_loopback_name(url: str) -> str:
    """The same server under a host name that is not 'localhost' or '127.0.0.1', as a vLLM host on the network."""
    return url.replace("127.0.0.1", "[::ffff:127.0.0.1]")


def test_a_server_that_wants_no_key_is_used_without_one(tmp_path):
    with FakeOpenAI() as server:
        done = run_cli("run", "tatqa", "--file", str(MINI), "--quiet", "--out", str(tmp_path / "run"), "--engine",
                       f"openai:model=fake,base_url={non_loopback_name(server.base_url)}")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "run" / "report.json").exists()


def test_a_server_that_answers_401_asks_for_the_key_in_one_line(tmp_path):
    with FakeOpenAI(api_key="secret") as server:
        done = run_cli("run", "tatqa", "--file", str(MINI), "--quiet", "--out", str(tmp_path / "run"), "--engine",
                       f"openai:model=fake,base_url={non_loopback_name(server.base_url)}")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "asks for an API key (HTTP 401): set OPENAI_API_KEY" in done.stderr
    assert not (tmp_path / "run").exists()


@pytest.fixture
def ray_must_not_start(monkeypatch):
    from tabtext.engines import ray_engine

    def refuse():
        raise AssertionError("Ray was started before the input was checked")

    monkeypatch.setattr(ray_engine, "_import_ray", refuse)


def test_a_missing_data_folder_fails_before_ray_starts(ray_must_not_start, tmp_path, capsys):
    assert main(["run", "tatqa", "--split", "dev", "--data-dir", str(tmp_path / "nope"), "--ray", "--quiet",
                 "--out", str(tmp_path / "run")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert not (tmp_path / "run").exists()


def test_an_unreachable_endpoint_fails_before_ray_starts(ray_must_not_start, tmp_path, capsys):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["run", "tatqa", "--file", str(MINI), "--ray", "--quiet", "--out", str(tmp_path / "run"),
                 "--engine", f"openai:model=m,base_url=http://127.0.0.1:{port}/v1"]) == 2
    assert "cannot reach" in capsys.readouterr().err


def test_an_existing_run_folder_fails_before_ray_starts(ray_must_not_start, tmp_path, capsys):
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "predictions.jsonl").write_text("", encoding="utf-8")
    assert main(["run", "tatqa", "--file", str(MINI), "--ray", "--quiet", "--out", str(tmp_path / "run")]) == 2
    assert "already holds predictions" in capsys.readouterr().err
