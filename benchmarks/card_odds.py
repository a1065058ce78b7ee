"""How long the Mouse Card odds take: exact counts by draw size, and the sampled estimate.

Run: ``python -m benchmarks.card_odds``.

For draws of 1 to 8 cards from a full 54-card deck with face cards or better
as the target, it times the exact chances of both modes (the view asks for
them on every redraw) in three settings: no bad card and one success needed;
both jokers and the red and black deuces bad with three successes needed;
and the same after a turn that left 20 cards in the discard (so a joker's
reshuffle and an empty pile both take the discard in). Each is the median
of repeated calls. The budget is 50 ms; a count over it is replaced by an
estimate from as many deals as another 50 ms allow (500 to 4000): timed
last, with its deals, and a full 4000 deals, each beside its largest error
against the exact chances. The baseline is one call of the sampler for a single
deal, the least a sampled answer costs per deal.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from tablekit.rules.cards import FULL_DECK, shuffled
from tablekit.rules.mouse_card.odds import BUDGET, SAMPLES, Odds, Question, deal, estimate, odds

REPEATS = 9
BAD = frozenset({"RJ", "BJ", "2C", "2D", "2H", "2S"})


def _time(call: Callable[[], object], repeats: int = REPEATS) -> float:
    """Median milliseconds of ``call()``."""
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        runs.append((time.perf_counter() - start) * 1000)
    return statistics.median(runs)


def questions(draws: int) -> dict[str, Question]:
    pile = shuffled(FULL_DECK, random.Random(draws))
    return {
        "plain": Question(FULL_DECK, (), draws, 1, 11, frozenset()),
        "bad, 3 needed": Question(FULL_DECK, (), draws, 3, 11, BAD),
        "20 discarded": Question(pile[20:], pile[:20], draws, 3, 11, BAD),
    }


def _error(exact: Odds, sampled: Odds) -> float:
    pairs = (
        (exact.cautious.success, sampled.cautious.success),
        (exact.cautious.bad, sampled.cautious.bad),
        (exact.broke.success, sampled.broke.success),
        (exact.broke.bad, sampled.broke.bad),
    )
    return max(abs(a - b) for a, b in pairs)


def main() -> None:
    print("draw  " + "  ".join(f"{name:>14}" for name in questions(1)) + "   (exact, both modes)")
    worst = 0.0
    for draws in range(1, 9):
        times = []
        for question in questions(draws).values():
            found = odds(question, budget=60.0)
            assert found.exact
            times.append(_time(lambda q=question: odds(q, budget=60.0)))  # type: ignore[misc]
        worst = max(worst, *times)
        print(f"{draws:>4}  " + "  ".join(f"{t:>11.2f} ms" for t in times))
    print(f"slowest exact call: {worst:.2f} ms (budget {BUDGET * 1000:.0f} ms)")
    question = questions(8)["20 discarded"]
    exact = odds(question, budget=60.0)
    for budget in (BUDGET, None):
        sampled = estimate(question, SAMPLES, budget)
        spent = _time(lambda b=budget: estimate(question, SAMPLES, b), repeats=3)  # type: ignore[misc]
        print(f"estimate of {sampled.samples} deals (8 cards, 20 discarded): {spent:.1f} ms, "
              f"largest error {_error(exact, sampled):.4f}")  # fmt: skip
    one = _time(lambda: deal(question, "broke", random.Random(1)), repeats=201)
    print(f"baseline, one sampled deal: {one:.4f} ms")


if __name__ == "__main__":
    main()
