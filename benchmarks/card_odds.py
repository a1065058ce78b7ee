"""How long the exact Mouse Card odds take, 1 to 10 cards, beside the old count, on a full
core and on a sixth of one.

Run: ``python -m benchmarks.card_odds`` (as root for the sixth of a core).

Each call asks for both modes, as the table screen does on every redraw, in
four settings: a full deck with face cards or better as the target, one
success needed and no bad card ("plain"); the same with the jokers and the
deuces bad and three needed ("bad, 3 needed"); that after turns that left 20
cards in the discard, the jokers not among them ("20 discarded"); and that
with both jokers good, so either can bring the discard back at any card, a
target of 6 and eight needed, as an extended task may ask ("reshuffles, 8
needed": the slowest kind of question found). Each figure is milliseconds per
call, the mean of cold calls (the count's caches emptied first) made one after
another for 0.1 s, the lowest of three such windows
(:func:`benchmarks.pinned.per_call_ms`).

The old count (before the cards were counted by role) is read from git at
:data:`OLD`, imported as a module of its own and called with no time budget,
so it counts exactly too; it is timed in the same run and its answers are
checked against the new ones. Without git, or past a minute in all, its
column is left empty.

"Sixth of a core": the same measurement runs in a child process held to a
sixth of one CPU (:mod:`benchmarks.pinned`), to stand for a core six times
slower (a Pi's, roughly). Each table ends with the baseline of its run, a fixed
pure-Python loop: its ratio between the tables is how much slower the pinned
core really was. The target: 10 cards in 50 ms there.
"""

from __future__ import annotations

import importlib.util
import math
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from benchmarks import pinned
from tablekit.rules.cards import FULL_DECK, shuffled
from tablekit.rules.mouse_card import odds
from tablekit.rules.mouse_card.odds import Question

OLD = "9f916ac865a9e8bd401948f2873aee5e27047c0f"
"""The last commit with the old count: orderings by kind under a time budget."""

OLD_SPENDS = 60.0
"""Seconds the old count may take in all, per run, before its column stops."""

BAD = frozenset({"RJ", "BJ", "2C", "2D", "2H", "2S"})
ROOT = Path(__file__).resolve().parents[1]


def questions(draws: int) -> dict[str, Question]:
    order = shuffled(FULL_DECK, random.Random(1))
    discard = tuple(card for card in order if card not in ("RJ", "BJ"))[:20]
    pile = tuple(card for card in order if card not in discard)
    return {
        "plain": Question(FULL_DECK, (), draws, 1, 11, frozenset()),
        "bad, 3 needed": Question(FULL_DECK, (), draws, 3, 11, BAD),
        "20 discarded": Question(pile, discard, draws, 3, 11, BAD),
        "reshuffles, 8 needed": Question(pile, discard, draws, 8, 6, BAD - {"RJ", "BJ"}),
    }


def old_module() -> ModuleType | None:
    """The old odds.py from git, as a module of its own; None without git or the commit."""
    try:
        source = subprocess.run(
            ["git", "show", f"{OLD}:tablekit/rules/mouse_card/odds.py"],
            cwd=ROOT, capture_output=True, text=True, check=True,
        ).stdout  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return None
    path = Path(tempfile.mkdtemp()) / "old_card_odds.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_card_odds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_card_odds"] = module
    spec.loader.exec_module(module)
    return module


def _per_call_ms(call: Callable[[], object]) -> float:
    """Milliseconds per cold call (the count's caches emptied first), the lowest mean of
    :func:`benchmarks.pinned.per_call_ms`'s windows of calls one after another."""
    return pinned.per_call_ms(call, odds.scores.cache_clear)


def _four(found: Any) -> tuple[float, ...]:
    """Both modes' chances, from the new count or the old."""
    return found.cautious.success, found.cautious.bad, found.broke.success, found.broke.bad


def measure() -> list[str]:
    """The table's lines: for each draw size, new and old milliseconds per setting."""
    old = old_module()
    names = list(questions(1))
    lines = [
        "cards  " + "  ".join(f"{name:>24}" for name in names),
        "       " + "  ".join(f"{'new':>10} {'old':>13}" for _ in names),
    ]
    spent, worst, differs = 0.0, 0.0, 0.0
    for draws in range(1, 11):
        cells = []
        for question in questions(draws).values():
            new_ms = _per_call_ms(lambda q=question: odds.odds(q))  # type: ignore[misc]
            worst = max(worst, new_ms)
            old_cell = "—"
            if old is not None and spent < OLD_SPENDS:
                start = time.perf_counter()
                ask = old.Question(*(getattr(question, f) for f in question.__dataclass_fields__))
                found = old.odds(ask, budget=math.inf)
                old_ms = _per_call_ms(lambda a=ask: old.odds(a, budget=math.inf))  # type: ignore[misc]
                spent += time.perf_counter() - start
                pairs = zip(_four(found), _four(odds.odds(question)), strict=True)
                differs = max(differs, *(abs(a - b) for a, b in pairs))
                old_cell = f"{old_ms:.2f}"
            cells.append(f"{new_ms:>7.2f} ms {old_cell:>10} ms")
        lines.append(f"{draws:>5}  " + "  ".join(cells))
    lines.append(f"slowest new call: {worst:.2f} ms; old and new differ by {differs:.1e} at most")
    lines.append(f"baseline, the same run's fixed loop: {pinned.reference_ms():.2f} ms")
    return lines


def main() -> None:
    if pinned.is_child():
        print("\n".join(measure()))
        return
    print(f"A full core (this machine as it is, load average {pinned.load()}):")
    print("\n".join(measure()), flush=True)
    try:
        how, table = pinned.run_pinned("benchmarks.card_odds")
    except (OSError, subprocess.CalledProcessError) as error:
        print(f"\nA sixth of a core: not measured ({error})")
        return
    print(f"\nA sixth of a core ({how}):")
    print(table, end="")


if __name__ == "__main__":
    main()
