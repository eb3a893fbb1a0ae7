"""The question-type crosses of the reader's weights ("qtype&feature"): off (``CROSS`` 0), but the weights are
still read through them, split once into plain features and crosses per question type."""

from __future__ import annotations

CROSS = 0.0  # feature value of the question-type crosses; 0 = none (held-out EM was 4 points better without)


Crosses = tuple[dict[str, float], dict[str, list[tuple[str, float]]]]


def split_crosses(weights: dict[str, float]) -> Crosses:
    """The weights as plain features and, per question type, its crosses ("qtype&feature" -> feature)."""
    base: dict[str, float] = {}
    crosses: dict[str, list[tuple[str, float]]] = {}
    for k, v in weights.items():
        qtype, cross, key = k.partition("&")
        if cross:
            crosses.setdefault(qtype, []).append((key, v))
        else:
            base[k] = v
    return base, crosses


def merge_weights(weights: dict[str, float], qtype: str, parts: Crosses | None = None) -> dict[str, float]:
    """Fold the question-type crosses into one table: w[c] + w[qtype & c] (``parts``: the weights already split)."""
    if not CROSS:  # no cross was fitted, so every weight is a plain feature's ("fw=r&d" too): one table for all
        return weights
    base, crosses = parts or split_crosses(weights)
    out = dict(base)
    for key, v in crosses.get(qtype, ()):
        out[key] = out.get(key, 0.0) + v * CROSS
    return out


