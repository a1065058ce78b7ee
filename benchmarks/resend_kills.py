"""``tablekit script`` SIGKILLed 1,000 times while a client resends every unanswered line with
its id (``tests/killed_scripts.py`` says how); the suite runs the same harness for a few kills.

Run: ``python -m benchmarks.resend_kills [KILLS]`` (default 1,000).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from killed_scripts import run


def main() -> None:
    kills = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        tally = run(kills, Path(folder))
    print(
        f"{tally.kills} kills, {tally.lines} lines each applied once, {tally.sent} lines sent "
        f"(resends included), {tally.answered} answers read, {tally.committed_unanswered} kills "
        f"after a commit and before its answer (resent, answered from the id, not applied "
        f"again); {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
