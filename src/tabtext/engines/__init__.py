"""Engines answer Examples. They never import metrics.

An engine is named by a spec string: ``solver`` (default) or ``NAME:key=value,key=value``.
"""

from __future__ import annotations

from ..errors import EngineError
from ..registry import Registry
from ..types import Engine

ENGINES: Registry = Registry("engine")
ENGINES.register("solver", "tabtext.engines.solver:SolverEngine", "offline rule-based solver (default; no GPU, no network)")
ENGINES.register("openai", "tabtext.engines.openai:OpenAIEngine", "any OpenAI-compatible chat endpoint")


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``openai:model=x,base_url=http://h/v1`` → ("openai", {"model": "x", "base_url": "http://h/v1"})."""
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise EngineError(f"engine spec {spec!r}: expected key=value, got {part!r}")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_engine(spec: str = "solver", **defaults: object) -> Engine:
    name, options = parse_spec(spec)
    factory = ENGINES.get(name)
    return factory(**{**defaults, **options})
