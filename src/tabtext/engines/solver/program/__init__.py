"""The typed Program: the solver's one intermediate form, and the operators that build it."""
