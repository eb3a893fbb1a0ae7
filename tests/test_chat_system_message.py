"""A chat's system message is an instruction to the assistant plus, at times, the data: only the data is read."""

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchmark_util import load_benchmark  # noqa: E402
from tabtext.serve_instructions import data_text, is_instruction  # noqa: E402
from tabtext.server import example_from_messages  # noqa: E402
from tabtext.types import Table  # noqa: E402

SYSTEM_PROMPTS = [
    "You are a helpful assistant. Answer from this table and text.",
    "You are FinBot, an analyst for a small firm. Use only the numbers given. Be concise.\n"
    "If you don't know, say \"I don't know\".",
    "Rules:\n- Always answer with a number where you can\n- Never guess\n- Keep answers short\n\nHere is the data:",
    "Please reply in plain English. Only use the table below. When a figure is missing, say so.",
]
CASES = [c for c in load_benchmark("own_conversations").load() if c["half"] == "tune"][:4]
PERSON_TEXT = "Quillmere Glass is run by managing director Ottilie Marchbank, who joined in 2019."
TABLE = [["GBP thousands", "2023", "2024"], ["Revenue", "8,420", "9,310"], ["Bank loan", "900", "780"]]


@pytest.fixture(scope="module")
def client():
    from fastapi.testclient import TestClient

    from tabtext.server import create_app

    return TestClient(create_app())


@pytest.mark.parametrize("sentence", [
    "You are a helpful assistant.", "Answer from this table and text.", "Be concise.", "Use only the numbers given.",
    "If you don't know, say so.", "If the table lacks a figure, say it is missing.", "- Never guess",
    "Please reply in JSON.", "Only use the table below.", "Here is the table:", "Your job is to read reports.",
    "Don't round the figures.", "Act as a financial analyst."])
def test_an_order_or_a_word_to_the_assistant_is_an_instruction(sentence):
    assert is_instruction(sentence)


@pytest.mark.parametrize("sentence", [
    PERSON_TEXT, "All amounts are in thousands of dollars.", "Only 3 stores opened in 2024.",
    "Return on equity was 12%.", "If revenue rose, the bonus is paid.", "Revenue by region:",
    "Output rose 5% on the new line.", "Use of proceeds was mainly the new kiln."])
def test_a_statement_about_the_data_is_not_an_instruction(sentence):
    assert not is_instruction(sentence)


def test_data_text_drops_the_instructions_and_keeps_the_data_untouched():
    assert data_text("You are a helpful assistant. Answer from this table and text.") == ""
    assert data_text(f"Be concise. {PERSON_TEXT} If you don't know, say so.") == PERSON_TEXT
    kept = "Revenue grew in each year.\nAll amounts are in thousands."
    assert data_text(kept) == kept
    assert data_text("Rules:\n- Never guess\n- Be concise") == ""  # a heading over instructions only


def messages(case: dict, system: str, k: int, replies: list[str], table_in_system: bool) -> list[dict]:
    context = Table.from_rows(case["table"]).to_markdown() + "\n\n" + "\n\n".join(case["paragraphs"])
    said = [{"role": "system", "content": f"{system}\n\n{context}" if table_in_system else system}]
    for i, turn in enumerate(case["turns"][:k + 1]):
        first = i == 0 and not table_in_system
        said.append({"role": "user", "content": f"{context}\n\nQuestion: {turn['question']}" if first
                     else turn["question"]})
        if i < k:
            said.append({"role": "assistant", "content": replies[i]})
    return said


def chat(case: dict, client, system: str, table_in_system: bool) -> list:
    replies, got = [], []
    for k in range(len(case["turns"])):
        body = {"model": "tabtext", "messages": messages(case, system, k, replies, table_in_system)}
        replies.append(client.post("/v1/chat/completions", json=body).json()["choices"][0]["message"]["content"])
        answer = json.loads(replies[-1]) if replies[-1].startswith("{") else {"answer": None, "scale": ""}
        got.append((answer["answer"], answer["scale"]))
    return got


@pytest.mark.parametrize("system", SYSTEM_PROMPTS)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_a_table_in_the_system_message_gives_the_answers_it_gives_in_a_user_message(case, system, client):
    assert chat(case, client, system, table_in_system=True) == chat(case, client, system, table_in_system=False)


@pytest.mark.parametrize("system", SYSTEM_PROMPTS)
def test_only_the_data_of_a_system_message_becomes_context(system):
    table = Table.from_rows(TABLE).to_markdown()
    ex = example_from_messages([{"role": "system", "content": f"{system}\n\n{table}\n\n{PERSON_TEXT}"},
                                {"role": "user", "content": "Who runs the company?"}])
    assert [p.text for p in ex.context.paragraphs] == [PERSON_TEXT]
    assert [t.rows[1][0] for t in ex.context.tables] == ["Revenue"]


@pytest.mark.parametrize("system", SYSTEM_PROMPTS)
def test_a_persons_paragraph_in_the_system_message_is_still_read(system, client):
    case = {"table": TABLE, "paragraphs": [PERSON_TEXT],
            "turns": [{"question": "Who runs the company?"}, {"question": "What was the bank loan in 2024?"}]}
    got = chat(case, client, system, table_in_system=True)
    assert got == [("Ottilie Marchbank", ""), (["780"], "thousand")]


@pytest.mark.parametrize("system", SYSTEM_PROMPTS)
def test_no_answer_is_cut_from_the_instructions(system, client):
    case = {"table": TABLE, "paragraphs": [], "turns": [{"question": "Who should answer if the data lacks it?"},
                                                        {"question": "What should I say if I don't know?"}]}
    for answer, _ in chat(case, client, system, table_in_system=True):
        assert answer is None or not any(str(a) and str(a) in system for a in (
            answer if isinstance(answer, list) else [answer]))
