"""Data resolution and downloads against a real HTTP server on 127.0.0.1 that the test starts."""

from __future__ import annotations

import hashlib
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tabtext import data
from tabtext.errors import DataError, IntegrityError, TabtextError

PAYLOAD = b'[{"table": {"uid": "t", "table": [["a"]]}, "paragraphs": [], "questions": []}]\n' * 50
GOOD_MD5 = hashlib.md5(PAYLOAD).hexdigest()


class Handler(BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802 (http.server API)
        Handler.hits.append(self.path)
        if self.path == "/good.json":
            body, length = PAYLOAD, len(PAYLOAD)
        elif self.path == "/corrupt.json":
            body = PAYLOAD.replace(b"uid", b"UID")
            length = len(body)
        elif self.path == "/truncated.json":
            body, length = PAYLOAD[:100], len(PAYLOAD)  # promise more than is sent, then close
        else:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def test_download_checks_md5_and_lands_atomically(server, tmp_path):
    dest = tmp_path / "cache" / "tatqa" / "dev.json"
    assert data.fetch(f"{server}/good.json", dest, GOOD_MD5) == dest
    assert dest.read_bytes() == PAYLOAD
    assert not list(dest.parent.glob("*.part"))


def test_corrupt_download_names_file_and_both_md5s(server, tmp_path):
    dest = tmp_path / "dev.json"
    with pytest.raises(IntegrityError) as info:
        data.fetch(f"{server}/corrupt.json", dest, GOOD_MD5)
    message = str(info.value)
    assert "dev.json" in message and GOOD_MD5 in message and "md5 mismatch" in message
    assert not dest.exists() and not list(tmp_path.iterdir())


def test_truncated_download_leaves_nothing_behind(server, tmp_path):
    dest = tmp_path / "dev.json"
    with pytest.raises(DataError):
        data.fetch(f"{server}/truncated.json", dest, GOOD_MD5)
    assert not dest.exists() and not list(tmp_path.iterdir())


def test_http_error_is_a_data_error(server, tmp_path):
    with pytest.raises(DataError, match="cannot download"):
        data.fetch(f"{server}/missing.json", tmp_path / "x.json", None)


def test_resolve_order_and_download_into_cache(server, tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setattr(data, "cache_dir", lambda: cache)
    spec = data.DataFile("tatqa", "mini", "tatqa/mini.json", f"{server}/good.json", GOOD_MD5)
    monkeypatch.setitem(data.SPLITS, ("tatqa", "mini"), spec)
    monkeypatch.delenv("TABTEXT_DATA", raising=False)
    path = data.resolve("tatqa", "mini")
    assert path == cache / "tatqa" / "mini.json" and path.read_bytes() == PAYLOAD
    local = tmp_path / "mine"
    (local / "tatqa").mkdir(parents=True)
    (local / "tatqa" / "mini.json").write_bytes(PAYLOAD)
    monkeypatch.setenv("TABTEXT_DATA", str(local))
    assert data.resolve("tatqa", "mini") == local / "tatqa" / "mini.json"
    other = tmp_path / "other"
    (other / "tatqa").mkdir(parents=True)
    (other / "tatqa" / "mini.json").write_bytes(PAYLOAD)
    assert data.resolve("tatqa", "mini", data_dir=other) == other / "tatqa" / "mini.json"


def test_unknown_split_lists_known_ones():
    with pytest.raises(TabtextError, match="known splits: dev"):
        data.split_file("tatqa", "devv")


def test_split_without_download_source_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "cache_dir", lambda: tmp_path / "cache")
    with pytest.raises(DataError, match="not found"):
        data.resolve("tanq", "sample", data_dir=tmp_path)


@pytest.fixture
def mini_split(server, tmp_path, monkeypatch):
    monkeypatch.setattr(data, "cache_dir", lambda: tmp_path / "cache")
    spec = data.DataFile("tatqa", "mini", "tatqa/mini.json", f"{server}/good.json", GOOD_MD5)
    monkeypatch.setitem(data.SPLITS, ("tatqa", "mini"), spec)
    local = tmp_path / "mine" / "tatqa" / "mini.json"
    local.parent.mkdir(parents=True)
    local.write_bytes(PAYLOAD)
    return local


def test_an_edited_split_fails_its_md5_naming_the_file_and_the_redownload(mini_split):
    assert data.resolve("tatqa", "mini", data_dir=mini_split.parents[1]) == mini_split
    mini_split.write_bytes(PAYLOAD.replace(b'"a"', b'"b"'))  # same size, new content and mtime
    with pytest.raises(IntegrityError) as info:
        data.resolve("tatqa", "mini", data_dir=mini_split.parents[1])
    message = str(info.value)
    assert str(mini_split) in message and GOOD_MD5 in message and "download a fresh copy from http" in message


def test_a_verified_split_is_not_hashed_again_until_it_changes(mini_split, monkeypatch):
    root = mini_split.parents[1]
    data.resolve("tatqa", "mini", data_dir=root)
    hashed = []
    monkeypatch.setattr(data, "md5_file", lambda path: hashed.append(path) or GOOD_MD5)
    data.resolve("tatqa", "mini", data_dir=root)
    assert hashed == []
    mini_split.touch()
    import os
    os.utime(mini_split, ns=(1, 1))
    data.resolve("tatqa", "mini", data_dir=root)
    assert hashed == [mini_split]


def test_two_concurrent_first_downloads_one_downloads_the_other_waits(server, tmp_path):
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    dest = tmp_path / "cache" / "dev.json"
    dest.parent.mkdir(parents=True)
    lock = dest.with_name("dev.json.lock")
    holder = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    lock.write_text(f"{holder.pid}\n")  # a live process holds the lock: both first runs must wait
    code = f"from tabtext import data; print(data.fetch({server + '/good.json'!r}, {str(dest)!r}, {GOOD_MD5!r}))"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1] / "src")}
    Handler.hits.clear()
    runs = [subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True) for _ in range(2)]
    try:
        time.sleep(1.0)
        assert not dest.exists() and all(r.poll() is None for r in runs)
        holder.kill()
        holder.wait(10)
        outputs = [r.communicate(timeout=60) for r in runs]
    finally:
        holder.kill()
        for r in runs:
            r.kill()
    assert [r.returncode for r in runs] == [0, 0], outputs
    assert [out.strip() for out, _ in outputs] == [str(dest), str(dest)] and dest.read_bytes() == PAYLOAD
    assert not list(dest.parent.glob("*.part")) and not lock.exists()
    assert Handler.hits == ["/good.json"]  # one downloaded, the other waited and used its file


def test_two_threads_of_one_process_fetching_one_file_download_it_once(server, tmp_path, monkeypatch):
    import time
    import urllib.request

    real_urlopen = urllib.request.urlopen

    def slow_urlopen(*args, **kwargs):  # widen the window in which the two threads would race
        time.sleep(0.3)
        return real_urlopen(*args, **kwargs)

    monkeypatch.setattr(urllib.request, "urlopen", slow_urlopen)
    dest = tmp_path / "cache" / "dev.json"
    Handler.hits.clear()
    results, errors = [], []

    def fetch() -> None:
        try:
            results.append(data.fetch(f"{server}/good.json", dest, GOOD_MD5))
        except Exception as exc:  # noqa: BLE001 - a race shows as any failure
            errors.append(exc)

    threads = [threading.Thread(target=fetch) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert not errors and results == [dest] * 3 and dest.read_bytes() == PAYLOAD
    assert Handler.hits == ["/good.json"] and not list(dest.parent.glob("*.part"))


def test_md5_file_is_hashlibs_md5(tmp_path):
    path = tmp_path / "blob.bin"
    path.write_bytes(bytes(range(256)) * 9000)  # over one read block
    assert data.md5_file(path) == hashlib.md5(path.read_bytes()).hexdigest()
