"""Shared fixtures. CI sets TABTEXT_DATA and TABTEXT_PARITY_DIR: then a missing file fails instead of skipping."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEST_DATA = Path(__file__).resolve().parent / "data"


def _shared(env: str, default: Path) -> tuple[Path, bool]:
    value = os.environ.get(env)
    return (Path(value), True) if value else (default, False)


def _require(env: str, default: Path, relative: str) -> Path:
    base, strict = _shared(env, default)
    path = base / relative
    if not path.exists():
        if strict:
            pytest.fail(f"{path} is missing but {env} is set: CI must have every data and fixture file")
        pytest.skip(f"{path} not available (set {env})")
    return path


@pytest.fixture
def shared_data():
    """Return a function: relative path under the benchmark data directory -> existing Path."""
    return lambda relative: _require("TABTEXT_DATA", ROOT.parent / "shared" / "data", relative)


@pytest.fixture
def parity():
    """Return a function: relative path under the parity fixtures directory -> existing Path."""
    return lambda relative: _require("TABTEXT_PARITY_DIR", ROOT.parent / "shared" / "parity", relative)


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
