"""Mouse Guard: tests, conditions, checks, characters and conflicts."""
