"""Where benchmark files live: data directory resolution, official URLs + md5, download into a cache.

Order: ``--data-dir``, else ``$TABTEXT_DATA``, else the user cache directory; a known split that is in
none of them is downloaded from its official source into the cache and checked against its md5. A partial
or corrupt download never lands under the final name.
"""

from __future__ import annotations

import json
import os
from _thread import LockType, allocate_lock, get_ident  # threading's own, without importing threading
from dataclasses import dataclass
from pathlib import Path

from .errors import DataError, IntegrityError, TabtextError

_TATQA_RAW = "https://raw.githubusercontent.com/NExTplusplus/TAT-QA/master/dataset_raw/"


@dataclass(frozen=True)
class DataFile:
    benchmark: str
    split: str
    relative: str  # path under a data directory, e.g. "tatqa/tatqa_dataset_dev.json"
    url: str | None
    md5: str | None
    size: int | None = None
    packaged: bool = False  # shipped inside tabtext (data_files/): found offline, whatever the data folder


PACKAGE_DATA = Path(__file__).resolve().parent / "data_files"

SPLITS: dict[tuple[str, str], DataFile] = {
    (f.benchmark, f.split): f
    for f in (
        DataFile("tatqa", "train", "tatqa/tatqa_dataset_train.json", _TATQA_RAW + "tatqa_dataset_train.json",
                 "cc5026bdfe51bb47d63e6c3d31714951"),
        DataFile("tatqa", "dev", "tatqa/tatqa_dataset_dev.json", _TATQA_RAW + "tatqa_dataset_dev.json",
                 "0b24a68b35fd814df5ad12cba548a8ea", 1637431),
        DataFile("tatqa", "test", "tatqa/tatqa_dataset_test.json", _TATQA_RAW + "tatqa_dataset_test.json",
                 "c6ccc2beecaed12fc070c3df102ca019"),
        DataFile("tatqa", "test_gold", "tatqa/tatqa_dataset_test_gold.json",
                 _TATQA_RAW + "tatqa_dataset_test_gold.json", "b52287df89fda5a7de1351c1678d3ee7"),
        DataFile("tanq", "sample", "tanq/test_input.jsonl", None, "3d97eb17316fde74db48a3ed96186612"),
        DataFile("tanq", "demo", "tanq/tabtext_demo.jsonl", None, None, packaged=True),
        DataFile("chatrag", "convfinqa_dev", "convfinqa/pot_convfinqa_dev.json", None, None),
        DataFile("chatrag", "inscit_dev", "inscit/dev.json", None, None),
        DataFile("chatrag", "doc2dial_val", "doc2dial/doc2dial_rc_val.csv.zip", None, None),
    )
}


def cache_dir() -> Path:
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("tabtext")) / "data"


def data_dirs(data_dir: str | Path | None = None) -> list[Path]:
    """The directories searched for benchmark files, in order."""
    dirs = []
    if data_dir:
        dirs.append(Path(data_dir))
    elif os.environ.get("TABTEXT_DATA"):
        dirs.append(Path(os.environ["TABTEXT_DATA"]))
    dirs.append(cache_dir())
    return dirs


def _md5(data: bytes = b""):
    """An MD5 hash object: CPython's built-in one where the build has it (the same digest; hashlib would load
    OpenSSL, ~4 ms of CPU and ~25 ms of wall time on every ``score``), else hashlib's."""
    try:
        from _md5 import md5
    except ImportError:
        from hashlib import md5
    return md5(data)


def md5_file(path: Path | str) -> str:
    digest = _md5()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def known_splits(benchmark: str) -> list[str]:
    return sorted(s for b, s in SPLITS if b == benchmark)


def split_file(benchmark: str, split: str) -> DataFile:
    try:
        return SPLITS[(benchmark, split)]
    except KeyError:
        known = known_splits(benchmark)
        raise TabtextError(f"{benchmark} has no split {split!r}; known splits: {', '.join(known) or 'none'}"
                           " (use --file PATH for any file)") from None


def resolve(benchmark: str, split: str, data_dir: str | Path | None = None, download: bool = True) -> Path:
    """Find a split's file in the data directories, downloading it into the cache when absent."""
    spec = split_file(benchmark, split)
    if spec.packaged:
        return PACKAGE_DATA / spec.relative
    dirs = data_dirs(data_dir)
    for d in dirs:
        candidate = d / spec.relative
        if candidate.is_file():
            return verify(candidate, spec)
    if spec.url is None or not download:
        searched = ", ".join(str(d / spec.relative) for d in dirs)
        raise DataError(spec.relative, None, f"not found (looked in {searched}); set --data-dir or TABTEXT_DATA "
                        "to the folder that holds it" + ("" if spec.url else " (this file has no public download)"))
    return verify(fetch(spec.url, cache_dir() / spec.relative, spec.md5), spec)


def _stamp_path(path: Path) -> Path:
    """Where the size + mtime of a verified file is kept: the user cache (data folders may be read-only)."""
    key = _md5(str(Path(path).resolve()).encode("utf-8")).hexdigest()
    return cache_dir() / "verified" / f"{key}.json"


def verify(path: Path, spec: DataFile) -> Path:
    """Check a split's file against its official md5; cheap after the first time (a size + mtime stamp)."""
    if spec.md5 is None:
        return path
    st = path.stat()
    stamp = {"path": str(path), "size": st.st_size, "mtime_ns": st.st_mtime_ns, "md5": spec.md5}
    stamp_path = _stamp_path(path)
    try:
        if json.loads(stamp_path.read_text(encoding="utf-8")) == stamp:
            return path
    except (OSError, ValueError):
        pass
    actual = md5_file(path)
    if actual != spec.md5:
        fix = (f"delete it and run again to download a fresh copy from {spec.url}" if spec.url
               else "restore the original file")
        raise IntegrityError(path, None, f"md5 {actual} is not the official {spec.md5} (the file was edited or "
                             f"is damaged); {fix}")
    try:
        stamp_path.parent.mkdir(parents=True, exist_ok=True)
        stamp_path.write_text(json.dumps(stamp), encoding="utf-8")
    except OSError:
        pass  # no writable cache: the md5 is simply checked again next time
    return path


_THREAD_LOCKS: dict[str, LockType] = {}
_THREAD_LOCKS_GUARD = allocate_lock()


def _thread_lock(dest: Path) -> LockType:
    """One lock per download target within this process: the pid lock file cannot tell two threads apart."""
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(os.path.abspath(dest), allocate_lock())


def fetch(url: str, dest: Path, md5: str | None, timeout: float = 60.0) -> Path:
    """Download ``url`` to ``dest`` via a temporary file; verify length and md5 before the final rename.
    Two threads or two processes fetching one file: one downloads, the others wait and use its file."""
    dest = Path(dest)
    with _thread_lock(dest):
        return _fetch_locked(url, dest, md5, timeout)


def _fetch_locked(url: str, dest: Path, md5: str | None, timeout: float) -> Path:
    import urllib.error
    import urllib.request

    from .runlock import wait_for_lock

    dest.parent.mkdir(parents=True, exist_ok=True)
    lock = wait_for_lock(dest.with_name(dest.name + ".lock"))  # two first runs: one downloads, one waits
    if dest.is_file():
        lock.release()
        return dest  # the other process finished it while we waited
    part = dest.with_name(f"{dest.name}.{os.getpid()}.{get_ident()}.part")
    digest = _md5()
    received = 0
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response, open(part, "wb") as out:
            expected_length = response.headers.get("Content-Length")
            for block in iter(lambda: response.read(1 << 16), b""):
                out.write(block)
                digest.update(block)
                received += len(block)
        if expected_length is not None and received != int(expected_length):
            raise IntegrityError(dest, None, f"download from {url} is incomplete: got {received} of "
                                 f"{expected_length} bytes; run the command again")
        actual = digest.hexdigest()
        if md5 is not None and actual != md5:
            raise IntegrityError(dest, None, f"md5 mismatch for {url}: expected {md5}, got {actual}; "
                                 "the download is corrupt or the source changed")
        part.replace(dest)
        return dest
    except (OSError, ValueError) as exc:  # URLError is an OSError
        reason = getattr(exc, "reason", exc)
        raise DataError(dest, None, f"cannot download {url}: {reason}; check the connection or pass "
                        "--data-dir / TABTEXT_DATA pointing at a local copy") from None
    finally:
        part.unlink(missing_ok=True)
        lock.release()
