"""``make fuzz`` itself stays runnable: a short campaign over every boundary ends clean.

The long campaign is not part of ``make test``; this keeps its tool from rotting
between runs (a settings field that defaults to None once broke its config boundary).
It runs with ``--no-hang-limit``: a test never times anything, and a busy machine once
took 1.1-1.6 s over a first settings file, past ``make fuzz``'s 1 s hang limit. Tracebacks
and state changes still fail it, and the tool still stops an input that never ends.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

FUZZ = Path(__file__).parents[2] / "tools" / "fuzz.py"
BOUNDARIES = ("commands", "cli", "config", "images", "serial")
"""The boundaries issue 12 names, each with its own row in the report."""


@pytest.mark.slow
def test_a_short_campaign_covers_every_boundary_with_no_traceback() -> None:
    done = subprocess.run(
        [sys.executable, str(FUZZ), "--inputs", "40", "--seed", "3", "--no-hang-limit"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = {line.split()[0]: line.split() for line in done.stdout.splitlines() if line.strip()}
    for boundary in BOUNDARIES:
        inputs, _, _, tracebacks, _, changes = rows[boundary][1:7]  # not the stopped inputs
        assert int(inputs) > 0 and (tracebacks, changes) == ("0", "0")


def _tool(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """tools/fuzz.py as a module of its own, in ``sys.modules`` for this test only."""
    spec = importlib.util.spec_from_file_location("fuzz_tool", FUZZ)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, tool)
    spec.loader.exec_module(tool)
    return tool


@pytest.mark.parametrize(("limit", "hangs"), [(1.0, 1), (None, 0)])
def test_a_slow_input_is_a_hang_under_make_fuzzs_limit_only(
    monkeypatch: pytest.MonkeyPatch, limit: float | None, hangs: int
) -> None:
    """An input that took 2 s (on a clock of the test's own) is a hang for ``make fuzz``
    and nothing with ``--no-hang-limit``; it is accepted either way."""
    tool = _tool(monkeypatch)
    assert tool.hang_limit == tool.HANG == 1.0  # make fuzz's default
    clock = iter([100.0, 102.0])
    monkeypatch.setattr(tool, "time", SimpleNamespace(perf_counter=lambda: next(clock)))
    monkeypatch.setattr(tool, "hang_limit", limit)
    tally = tool.Tally("config")
    tool.timed(tally, lambda: True, "slow")
    assert (tally.inputs, tally.accepted, tally.hangs, tally.slowest) == (1, 1, hangs, 2.0)
