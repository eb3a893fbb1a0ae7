"""Shared fixtures. CI sets TABTEXT_DATA and TABTEXT_PARITY_DIR: then a missing file fails instead of skipping.

Unset, the data and parity fixtures are looked for in a ``shared`` folder beside the repository or beside one of
its parents (``../shared`` for a checkout, ``../../shared`` for a worktree under ``wt/``); tests that still find
nothing skip, and the run ends with one line saying how many and how to run them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_DATA = Path(__file__).resolve().parent / "data"


#: skip reasons start with this, so the terminal summary can count the tests that did not run
_SKIP_MARK = "shared file not available"
_SHARED_ENVS = {"data": "TABTEXT_DATA", "parity": "TABTEXT_PARITY_DIR"}


def shared_default(name: str, root: Path = ROOT) -> Path:
    """``shared/NAME`` beside the repository or beside one of its first parents; else the first such place."""
    candidates = [parent / "shared" / name for parent in root.parents[:3]]
    return next((c for c in candidates if c.is_dir()), candidates[0])


#: set by the user (CI): then a missing file fails. Unset, a shared folder found beside the repository is put in
#: the environment for the session, so benchmark tools and the CLIs tests start read the same files.
_STRICT = {env: bool(os.environ.get(env)) for env in _SHARED_ENVS.values()}
for _name, _env in _SHARED_ENVS.items():
    if not os.environ.get(_env) and shared_default(_name).is_dir():
        os.environ[_env] = str(shared_default(_name))


def _require(name: str, relative: str) -> Path:
    env = _SHARED_ENVS[name]
    value = os.environ.get(env)
    path = (Path(value) if value else shared_default(name)) / relative
    if not path.exists():
        if _STRICT[env]:
            pytest.fail(f"{path} is missing but {env} is set: CI must have every data and fixture file")
        pytest.skip(f"{_SKIP_MARK}: {path} (set {env})")
    return path


def pytest_terminal_summary(terminalreporter):
    """One line when tests skipped for want of the shared data or parity fixtures: a skip must not pass for a check."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if _SKIP_MARK in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(
            f"{len(skipped)} test{'s' if len(skipped) != 1 else ''} needing the shared data or official-parity fixtures did not run: run "
            "TABTEXT_DATA=/path/to/shared/data TABTEXT_PARITY_DIR=/path/to/shared/parity python -m pytest -q",
            yellow=True)


@pytest.fixture
def shared_data():
    """Return a function: relative path under the benchmark data directory -> existing Path."""
    return lambda relative: _require("data", relative)


@pytest.fixture
def parity():
    """Return a function: relative path under the parity fixtures directory -> existing Path."""
    return lambda relative: _require("parity", relative)


@pytest.fixture(scope="session")
def local_ray():
    """One real local Ray with 2 CPUs for the whole test session (starting one costs seconds)."""
    ray = pytest.importorskip("ray")
    from tabtext.engines.ray_engine import start_local

    start_local(num_cpus=2)
    yield ray
    ray.shutdown()


@pytest.fixture(autouse=True, scope="session")
def _private_user_cache(tmp_path_factory):
    """Tests (and the CLIs they start) keep md5 stamps and downloads in a temporary cache, never the user's."""
    previous = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("user-cache"))
    yield
    if previous is None:
        os.environ.pop("XDG_CACHE_HOME", None)
    else:
        os.environ["XDG_CACHE_HOME"] = previous
