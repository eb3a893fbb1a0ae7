"""Reading a table and a question: the table view, what the question asks, its grounding in the table."""
