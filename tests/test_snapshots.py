"""Per-item solver snapshots: every dev item must score as pinned in tests/snapshots/ (no silent regressions).

A change that moves any item, up or down, fails here with the diff; when the move is intended, rewrite the
snapshots on purpose with ``PYTHONPATH=src python benchmarks/update_snapshots.py`` and commit them.
"""

from __future__ import annotations

import pytest

from benchmark_util import load_benchmark


def _load_tool():
    return load_benchmark("update_snapshots")


TOOL = _load_tool()


@pytest.mark.parametrize("snapshot", TOOL.SNAPSHOTS, ids=lambda s: s.name)
def test_every_dev_item_scores_as_its_snapshot(snapshot, shared_data):
    assert snapshot.path.exists(), f"{snapshot.path} is missing: run benchmarks/update_snapshots.py"
    shared_data(snapshot.source)  # fails (CI) or skips when the dev file is absent
    _, diff = TOOL.compare(snapshot)
    if diff:
        pytest.fail(f"\n{diff}\nIf this change is intended, run on purpose: "
                    f"PYTHONPATH=src python benchmarks/update_snapshots.py --only {snapshot.name}", pytrace=False)


def test_diff_names_changed_open_items_with_counts_and_the_aggregate_move():
    old = {f"u{i}": {"em": 1.0} for i in range(30)}
    new = {**old, **{f"u{i}": {"em": 0.0} for i in range(25)}, "u29": {"em": 1.0}}
    new["u26"] = {"em": 1.0}
    del new["u27"]
    diff = TOOL.describe_diff("demo", old, new, {f"u{i}": f"question {i}?" for i in range(30)})
    first = diff.splitlines()[0]
    assert first.startswith("demo: 26 of 29 items changed (25 down, 1 gone); em 100.00 -> ")
    shown = [line for line in diff.splitlines()[1:] if line.split()[0] in ("down", "gone")]
    assert len(shown) == TOOL.SHOWN and "question 0?" in shown[0]
    assert "… and 6 more open items" in diff


def test_diff_only_counts_lockbox_items():
    old = {"open": {"em": 0.0}, "boxed": {"em": 1.0}}
    new = {"open": {"em": 1.0}, "boxed": {"em": 0.0}}
    diff = TOOL.describe_diff("demo", old, new, {"open": "Open question?", "boxed": "Secret question?"},
                              hidden=lambda uid: uid == "boxed")
    assert any(line.split()[:2] == ["up", "open"] and "Open question?" in line for line in diff.splitlines())
    assert "Secret question?" not in diff and "boxed" not in diff
    assert "lockbox: 1 items changed (1 down); not shown" in diff


def test_a_score_that_moves_without_rising_or_falling_is_counted_as_moved():
    diff = TOOL.describe_diff("demo", {"a": {"em": 1.0, "f1": 0.0}}, {"a": {"em": 0.0, "f1": 1.0}}, {})
    assert "(1 moved)" in diff.splitlines()[0]


def test_equal_snapshots_give_no_diff():
    items = {"a": {"em": 1.0, "f1": 1.0}}
    assert TOOL.describe_diff("demo", items, dict(items), {}) == ""


def test_snapshot_file_round_trips(tmp_path):
    items = {"b": {"em": 0.0, "f1": 0.3333}, "a#1": {"strict_em": 1.0}}
    path = tmp_path / "snap.json"
    TOOL.write_snapshot(path, items)
    assert TOOL.read_snapshot(path) == items
