"""Seeded property-based fuzzing of every scorer: any prediction file ends with exit 0 or exit 2 and one line.

The long run (≥ 10,000 files per benchmark) is benchmarks/fuzz_long.py; this CI subset takes seconds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabtext.cli import main

DATA = Path(__file__).parent / "data"
GOLD = {
    "tatqa": (["tatqa", "--file", str(DATA / "tatqa/mini.json")], ["q1", "q2", "q3"]),
    "tanq": (["tanq", "--file", str(DATA / "tanq/full_schema.jsonl")],
             ["7__wikidata_intersection__test", "68__wikitables_composition__test"]),
    "convfinqa": (["chatrag", "--file", str(DATA / "convfinqa/mini_pot.json"), "--dataset", "convfinqa"],
                  ["Single_ABC/2007/page_1.pdf-1#0", "Single_ABC/2007/page_1.pdf-1#1"]),
    "inscit": (["chatrag", "--file", str(DATA / "chatrag/native/inscit_dev.json"), "--dataset", "inscit"],
               ["food_dial1#0", "food_dial1#1", "food_dial1#2"]),
}
HOSTILE_LITERALS = ["1" * 5000, "9" * 310, "-" + "9" * 320, "1e999", "NaN", "-Infinity", "true", "null", "{}",
                    "[" * 3000 + "]" * 3000, '{"a":' * 900 + "1" + "}" * 900, "0", "-0.5"]
HOSTILE_TEXT = ["9" * 310, "1 " + "1.5" * 3000, "(1" * 3000, "1e999", "nan", "$(9.8) million", "12.5%",
                "\x1b[31mred\x1b[0m", "two\nlines", "", "%", "١٢٣", "1 2", "| a | b |\n|---|---|\n| 1 | 2 |"]
SETTINGS = settings(max_examples=80, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))

texts = st.one_of(st.sampled_from(HOSTILE_TEXT), st.text(max_size=30))
scalars = st.one_of(st.sampled_from(HOSTILE_LITERALS), texts.map(json.dumps))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.dictionaries(st.sampled_from(["table", "answer", "uid", "kind", "row"]), inner, max_size=3).map(
        lambda d: "{" + ", ".join(f"{json.dumps(k)}: {v}" for k, v in d.items()) + "}")), max_leaves=8)


@st.composite
def jsonl_rows(draw, uids: list[str]) -> str:
    rows = []
    for uid in uids:
        fields = {"uid": draw(st.one_of(st.just(json.dumps(uid)), values)), "answer": draw(values)}
        for key in draw(st.sets(st.sampled_from(["scale", "derivation", "evidence", "meta", "error", "raw"]))):
            fields[key] = draw(values)
        rows.append("{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}")
    return "\n".join(rows) + "\n"


@st.composite
def tatqa_official(draw, uids: list[str]) -> str:
    entries = [f"{json.dumps(uid)}: " + draw(st.one_of(values, st.tuples(values, values).map(
        lambda p: f"[{p[0]}, {p[1]}]"))) for uid in uids]
    return "{" + ", ".join(entries) + "}"


@st.composite
def tanq_official(draw, uids: list[str]) -> str:
    return "\n".join(f'{{"init_qid": {json.dumps(uid)}, "prediction_table": {draw(values)}}}' for uid in uids)


@st.composite
def chatrag_lines(draw, uids: list[str]) -> str:
    return "\n".join(draw(texts).replace("\n", " ") for _ in uids) + "\n"


def assert_one_line_or_ok(tmp_path: Path, capsys, argv: list[str], content: str) -> None:
    path = tmp_path / "predictions.json"
    path.write_text(content, encoding="utf-8", errors="surrogatepass")
    bench, *rest = argv
    rc = main(["score", bench, str(path), *rest])
    err = capsys.readouterr().err
    errors = [ln for ln in err.splitlines() if ln.startswith("tabtext score: error:")]
    assert rc == 0 or (rc == 2 and len(errors) == 1 and err.rstrip("\n").endswith(errors[0])), err[-500:]
    assert "Traceback" not in err


def strategy_for(name: str):
    argv, uids = GOLD[name]
    own = jsonl_rows(uids)
    official = {"tatqa": tatqa_official, "tanq": tanq_official}.get(name, chatrag_lines)(uids)
    return st.one_of(own, official, values)


@SETTINGS
@given(content=strategy_for("tatqa"))
def test_fuzzed_tatqa_prediction_files_end_in_one_line(tmp_path_factory, capsys, content):
    assert_one_line_or_ok(tmp_path_factory.mktemp("f"), capsys, GOLD["tatqa"][0], content)


@SETTINGS
@given(content=strategy_for("tanq"))
def test_fuzzed_tanq_prediction_files_end_in_one_line(tmp_path_factory, capsys, content):
    assert_one_line_or_ok(tmp_path_factory.mktemp("f"), capsys, GOLD["tanq"][0], content)


@SETTINGS
@given(content=strategy_for("convfinqa"))
def test_fuzzed_convfinqa_prediction_files_end_in_one_line(tmp_path_factory, capsys, content):
    assert_one_line_or_ok(tmp_path_factory.mktemp("f"), capsys, GOLD["convfinqa"][0], content)


@SETTINGS
@given(content=strategy_for("inscit"))
def test_fuzzed_inscit_prediction_files_end_in_one_line(tmp_path_factory, capsys, content):
    assert_one_line_or_ok(tmp_path_factory.mktemp("f"), capsys, GOLD["inscit"][0], content)


OFFICIAL_PCT = re.compile(r"([\d.\s]+%)")
OFFICIAL_WORD_SCALE = re.compile(r"([\d.]+\s?[a-zA-Z]+)")


@settings(max_examples=300, derandomize=True, database=None)
@given(st.text(alphabet="12.% aZm(", max_size=30))
def test_linear_number_regexes_read_exactly_as_the_official_ones(text):
    from tabtext.metrics import tatqa

    assert bool(tatqa._PCT_RE.search(text)) == bool(OFFICIAL_PCT.findall(text))
    ours, official = tatqa._WORD_SCALE_RE.search(text), OFFICIAL_WORD_SCALE.search(text)
    assert (ours and ours.group(0)) == (official and official.group(0))


def _official_is_number(text: str) -> bool:
    """tatqa_utils.is_number as the official script writes it (per-word cleaning, exception on non-floats)."""
    import math

    from tabtext.metrics.tatqa import _clean_num, scale_to_num

    try:
        words = " ".join(_clean_num(w) for w in text.split()).split()
        if not words:
            return False
        num = float(words[0])
        if math.isnan(num):
            return False
        return not (len(words) >= 2 and scale_to_num(words[1]) == 1)
    except ValueError:
        return False


@settings(max_examples=2000, derandomize=True, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789.+-eEiInNfFaty $%(),[]'\"\\€ \t\n١２x")), max_size=12))
def test_fast_is_number_is_the_official_one(text):
    from tabtext.metrics.tatqa import is_number

    assert is_number(text) == _official_is_number(text)


def _official_to_number(text: str) -> float | None:
    """tatqa_utils.to_number as the official script writes it (findall on the stripped text, finditer's first)."""
    from tabtext.metrics.tatqa import _extract_one_num, scale_to_num

    num = _extract_one_num(text)
    scale_val = next((scale_to_num(m.group(0).lower()) for m in OFFICIAL_WORD_SCALE.finditer(text)), 1)
    negative = -1 if re.findall(r"(\([\d.\s%]+\))", text.strip()) else 1
    percent = 0.01 if OFFICIAL_PCT.findall(text.strip()) else 1
    return None if num is None else round(num * scale_val * negative * percent, 4)


@settings(max_examples=2000, derandomize=True, deadline=None, database=None)
@given(st.text(alphabet=st.sampled_from(list("0123456789.-( )%\t mMbB$,")), max_size=12))
def test_fast_to_number_is_the_official_one(text):
    from tabtext.metrics.tatqa import to_number

    assert to_number(text) == _official_to_number(text)


def _official_normalize_token(token: str) -> str:
    import string

    from tabtext.metrics.tatqa import is_number, to_number

    token = token.lower()
    if not is_number(token):
        token = "".join(ch for ch in token if ch not in set(string.punctuation))
    if is_number(token):
        token = str(to_number(token))
    return " ".join(re.sub(r"\b(a|an|the)\b", " ", token, flags=re.UNICODE).split())


@settings(max_examples=2000, derandomize=True, deadline=None, database=None)
@given(st.one_of(st.sampled_from(["a", "An", "THE", "inf", "Infinity", "NaN", "nan", "the", "ñame", "ǅ"]),
                 st.text(alphabet=st.sampled_from(list("abcnthefiAETN0123.,$%-()' ñß")), max_size=8)))
def test_fast_token_normalisation_is_the_official_one(token):
    from tabtext.metrics.tatqa import _normalize_token

    assert _normalize_token(token) == _official_normalize_token(token)


@settings(max_examples=1000, derandomize=True, deadline=None, database=None)
@given(st.lists(st.one_of(st.sampled_from(["a", "The", "an", "1.50", "(2)", "3%", "x.", "", " ", "\n", "\xa0", "\u2003"]),
                          st.text(alphabet=st.sampled_from(list("ab1.,%( )\t\n\xa0")), max_size=5)), max_size=6))
def test_answer_normalisation_is_the_official_one(parts):
    from tabtext.metrics.tatqa import normalize_answer

    text = " ".join(parts)
    official = [_official_normalize_token(token) for token in text.split(" ")]
    assert normalize_answer(text) == " ".join(part for part in official if part.strip()).strip()
