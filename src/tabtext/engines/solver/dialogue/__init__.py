"""The dialogue over Programs: ``ask --chat`` and ``POST /v1/dialogue`` (``api.answer_turn``)."""
