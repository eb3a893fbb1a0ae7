"""Run-folder locks: a lock is never seen empty, an empty or dead one is taken over at once, a live one refuses."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tabtext.errors import TabtextError
from tabtext.runlock import LOCK_FILE, PidLock, lock_run_dir


def test_an_empty_lock_left_by_a_killed_run_is_taken_over_at_once(tmp_path):
    (tmp_path / LOCK_FILE).write_text("")  # what a run killed between creating and writing its lock left
    lock = lock_run_dir(tmp_path)
    assert (tmp_path / LOCK_FILE).read_text().split() == [str(os.getpid())]
    lock.release()
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_dead_owners_lock_is_taken_over_and_a_live_one_refuses(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    (tmp_path / LOCK_FILE).write_text(dead.stdout)
    lock_run_dir(tmp_path).release()
    live = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        (tmp_path / LOCK_FILE).write_text(f"{live.pid}\n")
        with pytest.raises(TabtextError, match=f"another run \\(pid {live.pid}\\)"):
            lock_run_dir(tmp_path)
    finally:
        live.kill()
        live.wait()


def test_the_lock_file_appears_whole_and_nothing_is_left_beside_it(tmp_path):
    lock = PidLock(tmp_path / LOCK_FILE)
    assert lock.try_acquire() == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOCK_FILE]
    assert (tmp_path / LOCK_FILE).read_text() == f"{os.getpid()}\n"
    lock.release()
