"""Speed and accuracy measurements (``make bench``). Some run the suite's own harnesses at
larger counts (the app or a script killed 1,000 times, a journal damaged at 1,000 places), so
``tests/`` is on the path for them: the harness lives with the tests, the benchmark only counts
and times it."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
