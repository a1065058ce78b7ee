"""The table app killed 1,000 times at random moments, half per game (``tests/killed_app.py``
says how and what each kill checks); the suite runs the same harness for 30 kills.

Run: ``make bench`` or ``python -m benchmarks.app_kills [KILLS]`` (default 1,000).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from killed_app import COUNTER, SIZE, rounds


def main() -> None:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    print(f"app kill-restart: {kills} SIGKILLs, half per game, SDL dummy, {SIZE[0]}x{SIZE[1]}")
    for game in ("mice-mystics", COUNTER.name):
        started = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            tally = rounds(Path(folder), game, kills // 2, seed=len(game))
        print(
            f"  {game:14} kills {tally.kills:5}  acknowledged commands {tally.acked:6}  "
            f"committed but unacknowledged {tally.committed_unacked:4}  "
            f"screens compared {tally.screens:4}  lost 0  ({time.perf_counter() - started:.0f} s)"
        )


if __name__ == "__main__":
    main()
