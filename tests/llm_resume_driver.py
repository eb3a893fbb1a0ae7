"""The lead's run loop in miniature: skip uids already in the JSONL, append each prediction as it arrives.

Usage: python tests/llm_resume_driver.py BASE_URL OUT.jsonl CACHE.sqlite N
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fake_openai import make_examples  # noqa: E402
from tabtext.engines.openai import OpenAIEngine  # noqa: E402
from tabtext.predictions import append_jsonl, read_jsonl  # noqa: E402


def main() -> int:
    base_url, out, cache, n = sys.argv[1], Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    done = read_jsonl(out) if out.exists() else {}
    todo = [ex for ex in make_examples(n) if ex.uid not in done]
    engine = OpenAIEngine(model="fake", base_url=base_url, cache=cache, concurrency=4, retries=2)
    engine.answer(todo, on_result=lambda p: append_jsonl(out, [p]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
