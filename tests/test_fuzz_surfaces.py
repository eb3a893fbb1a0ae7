"""A small seeded subset of the long fuzzer's new surfaces (benchmarks/fuzz_surfaces.py, serve_fuzz.py): run
folders, special files, gold files, report.json, table files, slow request heads and CPU-heavy bodies. Every
case ends cleanly: exit 0, or one line and exit 2; no traceback, no out-of-memory, no hang."""

from __future__ import annotations

import resource
from collections import Counter

import pytest

from benchmark_util import load_benchmark

fuzz_surfaces = load_benchmark("fuzz_surfaces")
serve_fuzz = load_benchmark("serve_fuzz")


@pytest.fixture(scope="module")
def surfaces(tmp_path_factory):
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    mapped = next(int(ln.split()[1]) * 1024 for ln in open("/proc/self/status") if ln.startswith("VmSize:"))
    resource.setrlimit(resource.RLIMIT_AS, (mapped + 4 * 2**30, hard))  # a runaway read: MemoryError, not a dead box
    yield fuzz_surfaces.Surfaces(tmp_path_factory.mktemp("surfaces"))
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@pytest.mark.parametrize("name", list(fuzz_surfaces.SURFACES))
def test_fuzzed_cases_of_each_surface_end_cleanly(surfaces, name):
    failures: Counter = Counter()
    row = fuzz_surfaces.fuzz_surface(surfaces, name, 40, seed=7, failures=failures)
    assert row["tried"] == 40 and row["clean"] == 40, (row, failures.most_common(5))


def test_slow_request_heads_are_cut_off_while_others_are_served():
    row = serve_fuzz.fuzz_slow_heads(60, seed=7, header_seconds=0.5)
    assert row["tried"] == 60 and row["clean"] == 60 and not row.get("denied"), row


def test_cpu_heavy_bodies_get_an_answer_or_a_4xx_in_time():
    row = serve_fuzz.fuzz_heavy(3, seed=7)
    assert row["tried"] == 3 and row["clean"] == 3, row
