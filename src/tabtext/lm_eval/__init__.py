"""lm-evaluation-harness tasks ``tabtext_tatqa``, ``tabtext_convfinqa`` and ``tabtext_tanq``.

``lm_eval --include_path $(tabtext lm-eval-tasks) --tasks tabtext_tatqa ...`` loads the YAMLs in this folder;
their functions live in ``tasks.py`` (reached through ``utils.py``, the file name lm-eval's ``!function`` wants).
"""

from __future__ import annotations

from pathlib import Path


def include_path() -> Path:
    """The folder to pass to ``lm_eval --include_path``."""
    return Path(__file__).resolve().parent
