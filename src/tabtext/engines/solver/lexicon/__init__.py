"""The solver's vocabulary: words, years and periods, operator cues, canonical wordings, scale words."""
