"""Candidate Programs: the table patterns, arithmetic over cells, and the text paths over the paragraphs."""
