"""A person's role asked by its short form when the text spells it out ("Who's the CEO?" of "... under chief
executive Aoife Brennan"): the question is read with the text's words, so the name after the role is found
(``person_text.text_answer``). "Who runs ...?" is ``person_text``'s own (``_WHO_DID``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

#: (a short form of a role, the ways a text writes it in full: the first found is used, an example)
ROLES: tuple[tuple[re.Pattern[str], tuple[str, ...], str], ...] = tuple(
    (re.compile(rf"\b(?:{said})\b"), tuple(written.split("|")), example) for said, written, example in (
        ("CEO|Ceo|ceo", "chief executive officer|chief executive", "Who's the CEO? (the text: 'under chief executive "
         "Aoife Brennan')"),
        ("CFO|cfo", "chief financial officer|finance director", "Who is the CFO?"),
        ("COO|coo", "chief operating officer|operations director", "Who's the COO?"),
        ("MD", "managing director", "Who is the MD?"),
        ("GM", "general manager", "Who's the GM of the hotel?"),
    ))


def in_text_words(question: str, texts: Sequence[str]) -> str:
    """The question with a role's short form as the text writes it in full ("Who's the CEO?" -> "Who's the chief
    executive?"); unchanged for a question other than "who ...?", or when the text uses the short form itself or
    never names the role."""
    if not re.match(r"^\s*(?:and\s+|so\s+)?who\b", question, re.I):
        return question
    text = " ".join(texts)
    for said, ways, _ in ROLES:
        m = said.search(question)
        if m is None or re.search(rf"\b{re.escape(m.group(0))}\b", text, re.I):
            continue
        role = next((w for w in ways if re.search(rf"\b{re.escape(w)}\b", text, re.I)), "")
        if role:
            question = f"{question[:m.start()]}{role}{question[m.end():]}"
    return question
