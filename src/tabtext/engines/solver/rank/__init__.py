"""Choosing among candidate Programs: the candidates of one reading, built once, and the learned ranker."""
