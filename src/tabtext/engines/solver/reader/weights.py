"""Paragraph reader weights, loaded from weights.json.gz (written by training/reader_train.py --write; do not edit)."""

import gzip
import json
from pathlib import Path

_DATA = json.loads(gzip.decompress(Path(__file__).with_name("weights.json.gz").read_bytes()))
WEIGHTS: dict[str, float] = _DATA["weights"]
CALIBRATION: dict[str, float] = _DATA["calibration"]
FOUND_CALIBRATION: dict[str, float] = _DATA["found_calibration"]
NO_ANSWER_THRESHOLD: float = _DATA["no_answer_threshold"]
