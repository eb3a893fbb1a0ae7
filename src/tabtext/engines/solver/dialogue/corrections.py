"""A turn that corrects the one before ("sorry, I meant 2024", "no, make that operating costs", "oops, Q3"): what it
names replaces what the last turn named, so it is read as the follow-up "and 2024?" / "and operating costs?" that
moves the last computation (``follow_ups``: ``other_period``, ``other_row``). An apology before a whole question of
its own ("Sorry, what was revenue in 2023?") is dropped."""

from __future__ import annotations

import re

#: an apology or a "no" before the correction ("sorry,", "no no,", "oops -", "my mistake:")
_SORRY = r"(?:(?:sorry|oops|whoops|apologies|no|nope|wait|hang on|actually|correction|my (?:mistake|bad)|typo)\b[\s,.:;!-]*)"
#: what says the last turn asked the wrong thing ("I meant", "I meant to say", "make that", "it should be")
_MEANT = (r"(?:i\s+meant(?:\s+to\s+(?:say|ask(?:\s+about)?|write|type))?|i\s+mean|make\s+(?:that|it)|"
          r"(?:it|that)\s+should\s+(?:have\s+)?(?:be|been|say|said)|i\s+should\s+have\s+(?:said|asked(?:\s+about)?))\b")
_CORRECTED = re.compile(rf"^\s*{_SORRY}*{_MEANT}[\s,:-]*(?P<rest>.+?)[\s?.!]*$", re.I)
#: an apology alone before the correction ("sorry, operating costs", "oops - 2024"): a short fragment follows
_SORRY_ALONE = re.compile(r"^\s*(?:sorry|oops|whoops|apologies|correction|my (?:mistake|bad))\s*[,.:;!-]+\s*(?P<rest>.+?)[\s?.!]*$",
                          re.I)
#: a whole question after the apology: read as it is
_QUESTION = re.compile(r"^(?:what|how|which|who|whom|when|where|why|is|was|were|are|did|does|do|has|have|had|can|could|"
                       r"and|so|also)\b", re.I)
_FRAGMENT_WORDS = 5


def as_follow_up(question: str) -> str:
    """The turn as the follow-up it corrects with ("sorry, I meant 2024" -> "and 2024?"), else unchanged (an
    apology before a whole question is dropped)."""
    m = _CORRECTED.match(question)
    if m is None:
        m = _SORRY_ALONE.match(question)
        if m is None or (not _QUESTION.match(m.group("rest")) and len(m.group("rest").split()) > _FRAGMENT_WORDS):
            return question
    rest = re.sub(r"^(?:the\s+one\s+)?(?:for|of)\s+", "", m.group("rest"), flags=re.I)
    if _QUESTION.match(rest):
        return rest if rest.rstrip().endswith("?") else f"{rest}?"
    return f"and {rest}?"
