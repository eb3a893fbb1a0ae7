"""Choosing among candidate Programs: the candidates of one reading, the hand-set router, the learned ranker."""
