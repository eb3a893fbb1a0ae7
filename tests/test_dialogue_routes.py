"""One conversation, one set of answers: ``ask --chat``, ``/v1/dialogue``, ``/v1/chat/completions`` (streamed and
not) and ``/v1/answer`` all answer each turn as the next turn of the same Dialogue over Programs."""

import csv
import io
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchmark_util import load_benchmark  # noqa: E402
from tabtext.commands import ask  # noqa: E402
from tabtext.engines.openai_stream import assemble_chunks  # noqa: E402
from tabtext.types import Table  # noqa: E402

#: a person's words for a line ("turnover" for Revenue), a "who" answered from the text, a fall asked as a size:
#: what ``ask`` shows a person, every route shows (``dialogue.api.person_turn``)
PERSON = {"id": "person_words_and_text", "table": [["GBP thousands", "2023", "2024"], ["Revenue", "8,420", "9,310"],
                                                  ["Bank loan", "900", "780"]],
          "paragraphs": ["Quillmere Glass is run by managing director Ottilie Marchbank, who joined in 2019."],
          "turns": [{"question": "What was turnover in 2024?"}, {"question": "And in 2023?"},
                    {"question": "Who runs the company?"}, {"question": "What was the bank loan at the end of 2023?"},
                    {"question": "And at the end of 2024?"}, {"question": "So how much did we pay down?"}]}
CASES = load_benchmark("own_conversations").load()[:5] + [PERSON]


def canonical(value: object) -> tuple[str, ...] | None:
    """One item as a string and a one-item list are the same answer."""
    if value is None or value == "":
        return None
    return tuple(str(v) for v in value) if isinstance(value, list) else (str(value),)


@pytest.fixture(scope="module")
def client():
    from fastapi.testclient import TestClient

    from tabtext.server import create_app

    return TestClient(create_app())


def by_ask_chat(case: dict, tmp_path: Path, monkeypatch, capsys) -> list:
    table, text = tmp_path / "t.csv", tmp_path / "notes.txt"
    with table.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(case["table"])
    text.write_text("\n\n".join(case["paragraphs"]), encoding="utf-8")
    questions = [t["question"] for t in case["turns"]]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(questions[1:]) + "\n"))
    assert ask.main(["--table", str(table), "--text", str(text), "--chat", "--json", questions[0]]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]
    return [(canonical(o["answer"]), o["scale"]) for o in out]


def by_dialogue(case: dict, client) -> list:
    history, got = [], []
    for turn in case["turns"]:
        body = client.post("/v1/dialogue", json={"table": case["table"], "paragraphs": case["paragraphs"],
                                                 "question": turn["question"], "history": history}).json()
        history.append(body["program"])
        got.append((canonical(body["answer"]), body["scale"]))
    return got


def chat_messages(case: dict, k: int, replies: list[str], table_in_system: bool) -> list[dict]:
    """The conversation up to turn ``k`` as a chat client sends it: the table and text in the system message or
    in the first user message, then the questions and the assistant's replies."""
    table = Table.from_rows(case["table"]).to_markdown()
    context = table + "\n\n" + "\n\n".join(case["paragraphs"])
    questions = [t["question"] for t in case["turns"][:k + 1]]
    messages = [{"role": "system", "content": "Answer from this table and text.\n\n" + context}] if table_in_system \
        else []
    for i, question in enumerate(questions):
        first = i == 0 and not table_in_system
        messages.append({"role": "user", "content": f"{context}\n\nQuestion: {question}" if first else question})
        if i < k:
            messages.append({"role": "assistant", "content": replies[i]})
    return messages


def by_chat(case: dict, client, stream: bool, table_in_system: bool) -> list:
    replies, got = [], []
    for k in range(len(case["turns"])):
        body = {"model": "tabtext", "messages": chat_messages(case, k, replies, table_in_system), "stream": stream}
        if stream:
            with client.stream("POST", "/v1/chat/completions", json=body) as r:
                events = [line[len("data: "):] for line in r.iter_lines() if line.startswith("data: {")]
            reply = assemble_chunks(json.loads(e) for e in events)
        else:
            reply = client.post("/v1/chat/completions", json=body).json()
        content = reply["choices"][0]["message"]["content"]
        replies.append(content)
        answer = json.loads(content) if content.startswith("{") else {"answer": None, "scale": ""}
        got.append((canonical(answer["answer"]), answer["scale"]))
    return got


def by_answer(case: dict, client) -> list:
    history, got = [], []
    for turn in case["turns"]:
        body = client.post("/v1/answer", json={"table": case["table"], "paragraphs": case["paragraphs"],
                                               "question": turn["question"], "history": history}).json()
        history += [{"role": "user", "content": turn["question"]}, {"role": "assistant", "content": str(body["answer"])}]
        got.append((canonical(body["answer"]), body["scale"]))
    return got


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_route_gives_the_same_answers_to_the_same_conversation(case, client, tmp_path, monkeypatch, capsys):
    assert len(case["turns"]) >= 3  # a first question and follow-ups
    want = by_ask_chat(case, tmp_path, monkeypatch, capsys)
    assert len(want) == len(case["turns"]) and all(answer for answer, _ in want)
    assert by_dialogue(case, client) == want
    assert by_answer(case, client) == want
    system = CASES.index(case) % 2 == 1  # every other conversation gives its table in the system message
    assert by_chat(case, client, stream=False, table_in_system=system) == want
    assert by_chat(case, client, stream=True, table_in_system=not system) == want


def test_a_follow_up_through_the_chat_route_reads_the_earlier_turns(client):
    case = CASES[0]
    first, follow_up = case["turns"][0], case["turns"][1]
    assert follow_up["question"].lower().startswith("and")
    got = by_chat({**case, "turns": [first, follow_up]}, client, stream=False, table_in_system=False)
    assert got[1] == (canonical(follow_up["answer"]), follow_up["scale"])


def test_a_conversation_reads_tables_from_the_system_and_every_user_message_from_the_last_table_on():
    from tabtext.serve_guard import Limits
    from tabtext.server import BadInput, example_from_messages

    demo = "| | 2019 |\n|---|---|\n| Sales | 5 |\n\nQuestion: What were sales in 2019?"
    table = "| | 2020 | 2019 |\n|---|---|---|\n| Revenue | 12 | 11 |"
    messages = [{"role": "system", "content": "Answer from this.\n\n" + table},
                {"role": "user", "content": demo}, {"role": "assistant", "content": "5"},
                {"role": "user", "content": "| | 2020 |\n|---|---|\n| Cost | 3 |\n\nQuestion: What was cost in 2020?"},
                {"role": "assistant", "content": "3"}, {"role": "user", "content": "and revenue?"}]
    ex = example_from_messages(messages)
    assert ex.question == "and revenue?" and ex.meta["conversation"]
    assert [t.rows[-1][0] for t in ex.context.tables] == ["Revenue", "Cost"]  # the demonstration is not read
    assert [(t.role, t.content) for t in ex.history] == [("user", "What was cost in 2020?"), ("assistant", "3")]
    wide = "| | 2020 | 2019 | 2018 |\n|---|---|---|---|\n" + "\n".join(f"| Line {i} | 1 | 2 | 3 |" for i in range(4))
    both = [{"role": "system", "content": wide}, {"role": "user", "content": wide + "\n\nQuestion: What was line 1?"}]
    assert len(example_from_messages(both, Limits(cells=40)).context.tables) == 2  # 20 cells each
    with pytest.raises(BadInput, match="36 cells"):  # each message's table passes, both together do not
        example_from_messages(both, Limits(cells=36))


def test_after_a_period_the_table_lacks_every_route_moves_the_line_asked_to_the_next_period(client, tmp_path,
                                                                                             monkeypatch, capsys):
    case = {"id": "missing_period", "table": [["USD thousands", "Q1 2024", "Q2 2024", "Q3 2024"],
                                              ["Revenue", "1,200", "1,350", "1,410"], ["Rent", "300", "300", "310"]],
            "paragraphs": ["Tallowby Prints sells posters online."],
            "turns": [{"question": "What was revenue in 2019?"}, {"question": "And in Q2 2024?"}]}
    want = by_ask_chat(case, tmp_path, monkeypatch, capsys)
    assert want == [(None, ""), (("1,350",), "thousand")]
    assert by_dialogue(case, client) == want
    assert by_answer(case, client) == want
