"""tabtext serve reads which ChatRAG dataset a prompt was built for, so ConvFinQA through serve == the solver."""

import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve_util import running  # noqa: E402
from tabtext.benchmarks.chatrag.convfinqa import load_native  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.engines.prompts import messages_for  # noqa: E402
from tabtext.engines.solver import SolverEngine  # noqa: E402
from tabtext.metrics import METRICS  # noqa: E402
from tabtext.serve_dataset import chatrag_dataset, reads_as_formula  # noqa: E402
from tabtext.server import create_app, example_from_messages  # noqa: E402
from tabtext.types import Context, Example, Paragraph, Table, Turn  # noqa: E402

MINI = Path(__file__).resolve().parent / "data" / "convfinqa" / "mini_pot.json"
TABLE = Table.from_rows([["", "2019", "2018"], ["revenue", "$ 1,200", "$ 1,000"]])


def served(example: Example) -> Example:
    """What the server reconstructs from the prompt the openai engine sends for ``example``."""
    return example_from_messages(messages_for(example))


def chat_example(dataset: str, history: tuple[Turn, ...] = (), tables: tuple[Table, ...] = (TABLE,)) -> Example:
    return Example("u", "what was the change?", Context(tables, (Paragraph("1", "Revenue grew, a lot.", 1),)),
                   history=history, meta={"benchmark": "chatrag", "dataset": dataset})


def test_every_convfinqa_turn_is_read_as_convfinqa():
    examples = load_native(MINI)
    assert [served(ex).meta["dataset"] for ex in examples] == ["convfinqa"] * len(examples)


def test_datasets_with_their_own_instruction_are_named_and_the_instruction_removed():
    for dataset in ("coqa", "sqa", "topiocqa"):
        back = served(chat_example(dataset))
        assert back.meta["dataset"] == dataset and back.question == "what was the change?"


def test_a_table_with_prose_answers_or_no_table_is_not_convfinqa():
    prose = (Turn("user", "who won?"), Turn("assistant", "The home team won the final."))
    assert served(chat_example("hybridial", prose)).meta["dataset"] == ""
    assert served(chat_example("doc2dial", tables=())).meta["dataset"] == ""
    numbers = (Turn("user", "and in 2018?"), Turn("assistant", "1000 - 800"))
    assert served(chat_example("convfinqa", numbers)).meta["dataset"] == "convfinqa"


def test_formulas_and_prose_are_told_apart():
    for formula in ("206588 - 181001", "(206588 - 181001) / 181001", "0.14136", "greater#0 * (60.15 - 41.30)",
                    "subtract(5, 3), divide(#0, 3)", "$ 1,200", "12.5%"):
        assert reads_as_formula(formula), formula
    for prose in ("", "yes", "It rose by 5%.", "Sorry. I cannot find the answer based on the context."):
        assert not reads_as_formula(prose), prose
    assert chatrag_dataset("no table here", [Turn("user", "q")]) == ""


def test_convfinqa_through_serve_scores_as_the_solver_directly():
    examples = load_native(MINI)
    direct = SolverEngine().answer(examples)
    with running(create_app()) as url:
        through = OpenAIEngine(model="tabtext-solver", base_url=url + "/v1").answer(examples)
    metric = METRICS.get("chatrag")
    for ex, d, t in zip(examples, direct, through):
        assert (t.answer and t.answer.text()) == (d.answer and d.answer.text()), (ex.uid, t)
        assert metric.score(ex, replace(t, meta={})) == metric.score(ex, d), (ex.uid, d.answer, t.answer)
    assert any(metric.score(ex, d)["strict_em"] == 1.0 for ex, d in zip(examples, direct))
