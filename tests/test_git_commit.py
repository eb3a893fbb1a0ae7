"""Provenance's git commit is read from .git without running git: plain checkouts, worktrees, packed refs."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tabtext.run import git_commit

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git to build the repositories")


def git(cwd, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t.invalid", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout.strip()


def test_head_of_a_checkout_a_worktree_and_packed_refs(tmp_path):
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "pkg").mkdir()
    (repo / "pkg" / "m.py").write_text("x = 1\n")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    assert git_commit(repo / "pkg" / "m.py") == git(repo, "rev-parse", "HEAD")
    git(repo, "worktree", "add", "-q", "-b", "side", str(tmp_path / "wt"))
    (tmp_path / "wt" / "pkg" / "m.py").write_text("x = 2\n")
    git(tmp_path / "wt", "commit", "-qam", "two")
    assert git_commit(tmp_path / "wt" / "pkg" / "m.py") == git(tmp_path / "wt", "rev-parse", "HEAD")
    git(repo, "pack-refs", "--all")
    assert git_commit(tmp_path / "wt" / "pkg" / "m.py") == git(tmp_path / "wt", "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--detach")
    assert git_commit(repo / "pkg" / "m.py") == git(repo, "rev-parse", "HEAD")


def test_outside_any_checkout_there_is_no_commit(tmp_path):
    assert git_commit(tmp_path / "m.py") is None
