"""Fighter Command's rules: plotting, movement and the per-tick drawing of a move."""
