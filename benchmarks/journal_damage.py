"""Journals damaged at 1,000 random places and at every place chosen on purpose, read by every
reader as a user would (``tests/damaged_journal.py`` says how, and what each count means); the
suite runs 200 random places and a few chosen ones.

Run: ``python -m benchmarks.journal_damage [PLACES] [--no-chosen]`` (default 1,000 random
places and every chosen one).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from damaged_journal import COUNTS, run


def main() -> None:
    numbers = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    places = int(numbers[0]) if numbers else 1000
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=".") as folder:
        chosen = () if "--no-chosen" in sys.argv else ("",)
        counts, failures = run(places, Path(folder), chosen=chosen)
    print(f"{places} random places and the chosen ones in {time.perf_counter() - started:.0f} s")
    for name in COUNTS:
        print(f"  {name}: {counts[name]}")
    for name, count in sorted(counts.items()):
        if name not in COUNTS:
            print(f"  {name}: {count}")
    for failure in failures:
        print(f"  FAILED {failure}")


if __name__ == "__main__":
    main()
