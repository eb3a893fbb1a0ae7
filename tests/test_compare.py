"""Run comparison statistics on hand-made item lists."""

from __future__ import annotations

import math

import pytest

from tabtext.commands import compare as compare_cmd
from tabtext.compare import compare_runs, load_runs, mcnemar_exact, paired_bootstrap, to_html, to_markdown
from tabtext.errors import TabtextError
from tabtext.report import Report

pytest.importorskip("numpy")


def test_mcnemar_exact_known_values():
    assert mcnemar_exact(1, 9) == pytest.approx(2 * (1 + 9 + 1) / 2 ** 10)  # 0.021484375
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)
    assert mcnemar_exact(2000, 2100) > 0  # big counts: exact integers, no float underflow
    scipy_stats = pytest.importorskip("scipy.stats")
    for b, c in [(3, 11), (20, 35), (7, 7), (0, 12), (150, 190)]:
        assert mcnemar_exact(b, c) == pytest.approx(scipy_stats.binomtest(b, b + c, 0.5).pvalue, rel=1e-9)


def test_paired_bootstrap_ci_contains_delta():
    a = [1.0] * 60 + [0.0] * 40
    b = [1.0] * 50 + [0.0] * 10 + [1.0] * 25 + [0.0] * 15  # 10 broken, 25 fixed
    delta, low, high = paired_bootstrap(a, b, n_boot=2000, seed=1)
    assert delta == pytest.approx(0.15)
    assert low < delta < high and low > 0  # a real improvement: the CI excludes 0
    assert (delta, low, high) == paired_bootstrap(a, b, n_boot=2000, seed=1)  # seeded
    assert paired_bootstrap(a, a) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError):
        paired_bootstrap(a, b[:-1])


def _save(tmp_path, name, ems, benchmark="tatqa"):
    types = ["span", "arithmetic"] * (len(ems) // 2)
    items = [{"uid": f"q{i}", "answer_type": t, "em": e, "f1": e} for i, (t, e) in enumerate(zip(types, ems))]
    n = len(items)
    report = Report(benchmark=benchmark, metric="m", scores={"em": sum(ems) / n, "f1": sum(ems) / n},
                    breakdowns={"answer_type": []}, items=items)
    path = tmp_path / name / "report.json"
    report.save(path)
    return path.parent


def test_compare_runs_slices_deltas_and_flips(tmp_path):
    base = _save(tmp_path, "base", [1, 1, 0, 0, 1, 0, 1, 0])
    new = _save(tmp_path, "new", [1, 0, 1, 1, 1, 1, 1, 0])
    cmp = compare_runs(load_runs([base, new]), n_boot=500)
    assert cmp.names == ["base", "new"]
    overall = cmp.rows[0]
    assert overall.slice == "all" and overall.n == 8
    assert overall.scores[0]["em"] == 0.5 and overall.scores[1]["em"] == 0.75
    delta, low, high = overall.deltas[0]["em"]
    assert delta == pytest.approx(0.25) and low <= delta <= high
    assert overall.mcnemar[0][:2] == (1, 3)
    assert overall.mcnemar[0][2] == pytest.approx(mcnemar_exact(1, 3))
    assert [r.slice for r in cmp.rows] == ["all", "answer_type=arithmetic", "answer_type=span"]
    assert [f.uid for f in cmp.fixed[0]] == ["q2", "q3", "q5"]
    assert [f.uid for f in cmp.broken[0]] == ["q1"]
    md = to_markdown(cmp)
    assert "| all | 8 | 50.00 | 75.00 | +25.00 [" in md and "1/3, p=" in md
    assert "## 3 fixed by 2:new" in md and "## 1 broken by 2:new" in md
    html = to_html(cmp)
    assert "McNemar" in html and "http" not in html


def test_compare_errors(tmp_path):
    a = _save(tmp_path, "a", [1, 0])
    with pytest.raises(TabtextError, match="at least two"):
        compare_runs(load_runs([a]))
    other = _save(tmp_path, "b", [1, 0], benchmark="tanq")
    with pytest.raises(TabtextError, match="differs from the baseline"):
        compare_runs(load_runs([a, other]))


def test_compare_command(tmp_path, capsys):
    a = _save(tmp_path, "a", [1, 0, 1, 0])
    b = _save(tmp_path, "b", [1, 1, 1, 0])
    out = tmp_path / "cmp.html"
    assert compare_cmd.main([str(a), str(b), "--html", str(out), "--bootstrap", "200"]) == 0
    assert "# Comparison: 1:a vs 2:b" in capsys.readouterr().out
    assert out.read_text().startswith("<!doctype html>")
    assert compare_cmd.main([str(a)]) == 2
    assert compare_cmd.main([str(a), str(tmp_path / "missing")]) == 2
    assert "file not found" in capsys.readouterr().err
    assert not math.isnan(mcnemar_exact(1, 1))


def test_compare_items_with_different_score_keys(tmp_path):
    def save(name, f1s, ems):
        items = [{"uid": f"c{i}", "dataset": "coqa", "f1": v} for i, v in enumerate(f1s)]
        items += [{"uid": f"x{i}", "dataset": "convfinqa", "official_em": v} for i, v in enumerate(ems)]
        rows = [{"dataset": "coqa", "count": len(f1s), "f1": 0.0, "official_em": 0.0}]
        Report(benchmark="chatrag", metric="m", scores={"coqa.score": 0.0}, breakdowns={"dataset": rows},
               items=items).save(tmp_path / name / "report.json")
        return tmp_path / name

    cmp = compare_runs(load_runs([save("a", [1.0, 0.5], [0, 1]), save("b", [1.0, 1.0], [1, 1])]), n_boot=200)
    assert cmp.score_keys == ["f1", "official_em"] and cmp.binary_key == "f1"
    overall = cmp.rows[0]
    assert overall.scores[0]["f1"] == 0.75 and overall.scores[1]["f1"] == 1.0  # ConvFinQA items left out of F1
    assert overall.scores[0]["official_em"] == 0.5
    assert overall.mcnemar[0][:2] == (0, 2)  # c1 (F1 0.5 -> 1) and x0 (EM 0 -> 1) both fixed
