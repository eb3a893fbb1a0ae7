"""The official TANQ table metric (google-deepmind/tanq ``tanq_utils.py`` @ 5c3c6c1), reproduced exactly,
plus the simple set-of-cells F1. The Metric object that adds the normalised variant is ``tanq_metric``.

Official semantics, quirks included (see ../shared/parity/tanq/README.md): every ``|`` becomes `` | ``, the
string is lower-cased and split with ``str.splitlines``; a first line starting ``title |`` is a title; datapoints
are "<row head> <column head>" -> cell; keys are matched one-to-one by ``scipy.optimize.linear_sum_assignment``
on 1 - ANLS (ANLS is 0 unless the normalised edit distance is *strictly* below 0.5); numbers are Python
``float()`` (a trailing ``%`` divides by 100) compared by relative error cut at 10%; the prediction is also
scored transposed and the better F1 is kept (ties keep the transposed result).

scipy and numpy are imported inside the functions that need them, so importing this module stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import zip_longest

from rapidfuzz.distance import Levenshtein

from ..errors import TabtextError

TEXT_THETA = 0.5
NUMBER_THETA = 0.1

Datapoints = list[tuple[str, str]]
PRF = tuple[float, float, float]


# ---------------------------------------------------------------- official parsing


def parse_table(text: str, transposed: bool = False) -> tuple[str | None, tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """(title, header, rows) exactly as the official ``_parse_table`` reads ``text`` after the pipe rewrite."""
    lines = text.replace("|", " | ").lower().splitlines()
    if not lines:
        return None, (), ()
    title = None
    if lines[0].startswith("title |"):
        title = lines[0][len("title |"):].strip()
        lines = lines[1:]
        if not lines:
            return title, (), ()
    rows = [tuple(v.strip() for v in line.split(" | ")) for line in lines]
    if transposed:
        rows = [tuple(r) for r in zip_longest(*rows, fillvalue="")]
    return title, rows[0], tuple(rows[1:])


def datapoints(title: str | None, header: Sequence[str], rows: Sequence[Sequence[str]]) -> Datapoints:
    """Ordered (key, value) pairs; a repeated key overwrites the value but keeps its first position."""
    points: dict[str, str] = {}
    if title is not None:
        points["title"] = title
    if rows and len(header) > 1:
        for row in rows:
            head = row[0]
            for col, cell in zip(header[1:], row[1:]):
                points[f"{head} {col}"] = cell
    return list(points.items())


# ---------------------------------------------------------------- similarity and matching


def anls(a: str, b: str, theta: float = TEXT_THETA) -> float:
    """1 - lev(a, b) / max(len a, len b), or 0 unless that ratio is strictly below theta (code points)."""
    longest = max(len(a), len(b))
    if longest == 0:
        return 1.0
    ratio = Levenshtein.distance(a, b) / longest
    return 1.0 - ratio if ratio < theta else 0.0


def official_float(text: str) -> float | None:
    try:
        if text.endswith("%"):
            return float(text.rstrip("%")) / 100.0
        return float(text)
    except ValueError:
        return None


def _value_score(key_sim: float, gold: str, pred: str, to_float: Callable[[str], float | None]) -> float:
    pred_num = to_float(pred)
    gold_num = to_float(gold)
    if pred_num is not None and gold_num:
        distance = min(abs((gold_num - pred_num) / gold_num), 1)
        distance = distance if distance < NUMBER_THETA else 1
        return key_sim * (1 - distance)
    if gold == pred:
        return key_sim
    return key_sim * anls(gold, pred)


def _need_scipy():
    try:
        import numpy as np
        from scipy.optimize import linear_sum_assignment
    except ImportError:
        raise TabtextError("the TANQ table metric needs numpy and scipy: pip install 'tabtext[tanq]'") from None
    return np, linear_sum_assignment


def _key_similarity(gold_keys: list[str], pred_keys: list[str]):
    """ANLS matrix (gold rows x prediction columns), computed with the same IEEE operations as the official."""
    from rapidfuzz.process import cdist

    np, _ = _need_scipy()

    dist = cdist(gold_keys, pred_keys, scorer=Levenshtein.distance, dtype=np.int64, workers=1)
    longest = np.maximum.outer(np.fromiter(map(len, gold_keys), np.int64, len(gold_keys)),
                               np.fromiter(map(len, pred_keys), np.int64, len(pred_keys)))
    longest[longest == 0] = 1  # both keys empty: distance 0, similarity 1 (never happens for real keys)
    ratio = dist / longest
    return np.where(ratio < TEXT_THETA, 1.0 - ratio, 0.0)


def match_datapoints(gold: Datapoints, pred: Datapoints,
                     to_float: Callable[[str], float | None] = official_float) -> PRF:
    """The official ``_table_datapoints_precision_recall_f1`` on two datapoint lists."""
    if not gold and not pred:
        return 1, 1, 1
    if not gold:
        return 0, 1, 0
    if not pred:
        return 1, 0, 0
    _, linear_sum_assignment = _need_scipy()
    sim = _key_similarity([k for k, _ in gold], [k for k, _ in pred])
    rows, cols = linear_sum_assignment(1.0 - sim)
    score = 0
    for r, c in zip(rows.tolist(), cols.tolist()):
        score += _value_score(float(sim[r, c]), gold[r][1], pred[c][1], to_float)
    if score == 0:
        return 0, 0, 0
    precision = score / len(pred)
    recall = score / len(gold)
    return precision, recall, 2 * precision * recall / (precision + recall)


# ---------------------------------------------------------------- per-pair scores


def official_by_orientation(gold_text: str, pred_text: str) -> dict[str, PRF]:
    gold = datapoints(*parse_table(gold_text))
    return {
        "prediction_transposed": match_datapoints(gold, datapoints(*parse_table(pred_text, transposed=True))),
        "prediction_as_is": match_datapoints(gold, datapoints(*parse_table(pred_text))),
    }


def official_scores(gold_text: str, pred_text: str) -> PRF:
    """Official (precision, recall, f1) for one gold/prediction table string pair, as fractions."""
    both = official_by_orientation(gold_text, pred_text)
    transposed, as_is = both["prediction_transposed"], both["prediction_as_is"]
    return as_is if as_is[2] > transposed[2] else transposed


def table_cells(text: str) -> set[str]:
    """Cells for the cell-set F1: raw text split on ``\\n`` and every ``|``, stripped, empties dropped."""
    return {c for line in text.split("\n") for cell in line.split("|") if (c := cell.strip())}


def cell_set_scores(gold_text: str, pred_text: str) -> PRF:
    """F1 over the sets of cells (exact, case-sensitive). Not official: the benchmark description's recipe."""
    gold, pred = table_cells(gold_text), table_cells(pred_text)
    if not gold and not pred:
        return 1.0, 1.0, 1.0
    common = len(gold & pred)
    if not gold or not pred or common == 0:
        return 0.0, 0.0, 0.0
    precision, recall = common / len(pred), common / len(gold)
    return precision, recall, 2 * precision * recall / (precision + recall)


def evaluate_tables(pairs: Sequence[tuple[str, str]]) -> dict[str, float]:
    """Official aggregate over (gold, prediction) string pairs: the mean of each value x 100, summed in order."""
    scores = [official_scores(g, p) for g, p in pairs]
    n = len(scores)
    names = ("table_datapoints_precision", "table_datapoints_recall", "table_datapoints_f1")
    return {name: (100.0 * sum(s[i] for s in scores) / n if n else 0.0) for i, name in enumerate(names)}
