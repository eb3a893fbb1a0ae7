"""One writer per run folder and per download target: lock files holding the owner's pid.

A lock whose pid is dead (a run killed with -9) is taken over; a live one refuses with one line.
"""

from __future__ import annotations

import atexit
import os
import threading
import time
from pathlib import Path

from .errors import TabtextError


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, owned by someone else
        return True
    return True


def _owner(path: Path) -> int:
    try:
        return int(path.read_text(encoding="utf-8").split()[0])
    except (OSError, ValueError, IndexError):
        return 0


class PidLock:
    """``path`` created exclusively with our pid; released by ``release()`` or at interpreter exit."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.held = False

    def try_acquire(self) -> int:
        """0 when acquired, else the pid of the live owner."""
        for _ in range(3):
            if self._create():
                self.held = True
                atexit.register(self.release)
                return 0
            owner = _owner(self.path)
            if owner and _pid_alive(owner) and owner != os.getpid():
                return owner
            self.path.unlink(missing_ok=True)  # stale: its process is gone (or the file is not a lock's)
        return _owner(self.path) or -1

    def _create(self) -> bool:
        """Make the lock file, already holding our pid: it is written aside and hard-linked into place, so a
        process killed at any moment never leaves an empty lock behind (which looked live to the next run)."""
        aside = self.path.with_name(f"{self.path.name}.{os.getpid()}.{threading.get_ident()}.new")
        try:
            aside.write_text(f"{os.getpid()}\n", encoding="utf-8")
            os.link(aside, self.path)
            return True
        except FileExistsError:
            return False
        except OSError:  # a file system without hard links: create it exclusively instead
            return self._create_exclusive()
        finally:
            aside.unlink(missing_ok=True)

    def _create_exclusive(self) -> bool:
        try:
            fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(f"{os.getpid()}\n")
        return True

    def release(self) -> None:
        if self.held and _owner(self.path) == os.getpid():
            self.path.unlink(missing_ok=True)
        self.held = False


def live_owner(out: Path) -> int:
    """The pid of a live run writing into ``out`` (0 when none): its own error comes before any other."""
    owner = _owner(out / ".lock")
    return owner if owner != os.getpid() and _pid_alive(owner) else 0


LOCK_FILE = ".lock"  # in a run folder: a run started there (running, or crashed before it could clean up)


def lock_run_dir(out: Path) -> PidLock:
    """Refuse, in one line, a second run writing into the same --out folder."""
    out.mkdir(parents=True, exist_ok=True)
    lock = PidLock(out / LOCK_FILE)
    owner = lock.try_acquire()
    if owner:
        raise TabtextError(f"{out}: another run (pid {owner}) is writing to this folder; wait for it to finish "
                           "or choose another --out")
    return lock


def wait_for_lock(path: Path, timeout: float = 600.0) -> PidLock:
    """Block until ``path`` is ours (another process downloading the same file finishes first)."""
    lock = PidLock(path)
    deadline = time.monotonic() + timeout
    while lock.try_acquire():
        if time.monotonic() > deadline:
            raise TabtextError(f"{path}: still locked by another process after {timeout:.0f} s; remove the file "
                               "if no other tabtext is running")
        time.sleep(0.2)
    return lock
