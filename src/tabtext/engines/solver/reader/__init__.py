"""The paragraph reader: ranked, calibrated answer candidates from a question's paragraphs.

``read(question, paragraphs, k)`` returns ``TextCandidate`` objects best first; a ``score`` below
``NO_ANSWER_THRESHOLD`` means the reader found nothing it would stand behind (``ask``/``serve`` say so;
benchmark runs still take the best candidate).
"""

from .candidate import TextCandidate
from .read import NO_ANSWER_THRESHOLD, found_answer, read

__all__ = ["NO_ANSWER_THRESHOLD", "TextCandidate", "found_answer", "read"]
