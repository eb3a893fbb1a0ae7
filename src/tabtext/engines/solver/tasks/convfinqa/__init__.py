"""ConvFinQA: multi-turn numerical reasoning over a financial report (``answer.answer_convfinqa``)."""
