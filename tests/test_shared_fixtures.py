"""The README's test command finds the shared data and parity fixtures beside the repository, or says what it skipped."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

CONFTEST = Path(__file__).with_name("conftest.py")
USES_PARITY = """
def test_uses_parity(parity):
    assert parity("tatqa/README.md").read_text() == "fixture"
"""


def _repo_with_one_parity_test(repo: Path) -> None:
    (repo / "tests").mkdir(parents=True)
    shutil.copy(CONFTEST, repo / "tests" / "conftest.py")
    (repo / "tests" / "test_one.py").write_text(USES_PARITY, encoding="utf-8")


def _pytest(repo: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("TABTEXT_DATA", "TABTEXT_PARITY_DIR")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], cwd=repo,
                          env=env, capture_output=True, text=True, timeout=120)


def test_parity_fixtures_found_two_levels_up_from_a_worktree(tmp_path):
    shared = tmp_path / "shared" / "parity" / "tatqa"
    shared.mkdir(parents=True)
    (shared / "README.md").write_text("fixture", encoding="utf-8")
    _repo_with_one_parity_test(tmp_path / "wt" / "repo")
    out = _pytest(tmp_path / "wt" / "repo")
    assert "1 passed" in out.stdout, out.stdout


def test_skipped_parity_tests_are_counted_in_one_closing_line(tmp_path):
    _repo_with_one_parity_test(tmp_path / "a" / "b" / "c" / "repo")
    out = _pytest(tmp_path / "a" / "b" / "c" / "repo")
    assert "1 skipped" in out.stdout
    line = next(ln for ln in out.stdout.splitlines() if "did not run" in ln)
    assert line.startswith("1 test needing the shared data or official-parity fixtures did not run")
    assert "TABTEXT_PARITY_DIR=" in line
