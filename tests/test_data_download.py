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
    def do_GET(self):  # noqa: N802 (http.server API)
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
    (local / "tatqa" / "mini.json").write_text("[]")
    monkeypatch.setenv("TABTEXT_DATA", str(local))
    assert data.resolve("tatqa", "mini") == local / "tatqa" / "mini.json"
    other = tmp_path / "other"
    (other / "tatqa").mkdir(parents=True)
    (other / "tatqa" / "mini.json").write_text("[]")
    assert data.resolve("tatqa", "mini", data_dir=other) == other / "tatqa" / "mini.json"


def test_unknown_split_lists_known_ones():
    with pytest.raises(TabtextError, match="known splits: dev"):
        data.split_file("tatqa", "devv")


def test_split_without_download_source_says_where_it_looked(tmp_path, monkeypatch):
    monkeypatch.setattr(data, "cache_dir", lambda: tmp_path / "cache")
    with pytest.raises(DataError, match="not found"):
        data.resolve("tanq", "sample", data_dir=tmp_path)
