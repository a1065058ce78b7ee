"""``make fuzz`` itself stays runnable: a short campaign over every boundary ends clean.

The long campaign is not part of ``make test``; this keeps its tool from rotting
between runs (a settings field that defaults to None once broke its config boundary).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FUZZ = Path(__file__).parents[2] / "tools" / "fuzz.py"
BOUNDARIES = ("commands", "cli", "config", "images", "serial")
"""The boundaries issue 12 names, each with its own row in the report."""


def test_a_short_campaign_covers_every_boundary_with_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, str(FUZZ), "--inputs", "40", "--seed", "3"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    for boundary in BOUNDARIES:
        inputs, _, _, tracebacks, hangs, changes = rows[boundary][1:7]
        assert int(inputs) > 0 and (tracebacks, hangs, changes) == ("0", "0", "0")
