"""The chances of the rest of a turn's draw, from the cards actually left in the deck.

For each mode it gives the chance of drawing enough successes and the chance
of drawing a bad card before the turn's draw ends. The cards are grouped by
what they do (bad, a joker, how many successes, a king's extra draw), and
the draw is followed card by card over those groups, exactly; a joker
shuffles the discard back in, and a pile that runs out takes in the discard.
If the exact count takes longer than :data:`BUDGET` seconds, the chances are
estimated instead from as many shuffled deals (up to :data:`SAMPLES`) as another
such budget allows, and say so and how many deals they took.

How the drawer is assumed to play: aces count as an extra success (not spent
on cancelling); drawing cautiously, the drawer stops as soon as there are
enough successes; going for broke, every card the turn allows is drawn at
once, and a king's extra card is drawn after the batch unless a bad card
stopped the draw.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tablekit.rules.cards import Card

BUDGET = 0.05
"""Seconds the exact count may take before the chances are sampled instead."""

SAMPLES = 4000
"""The most deals shuffled for an estimate."""

MIN_SAMPLES = 500
"""The fewest deals an estimate takes, however long they take."""


@dataclass(frozen=True)
class Question:
    """A draw still to come: the cards left, how many the turn may draw and what counts."""

    pile: tuple[str, ...]
    discard: tuple[str, ...]
    draws: int
    """Cards the turn may still draw, before any king adds one."""
    needed: int
    """Successes still missing; 0 or less is already enough."""
    target: int
    bad: frozenset[str]


@dataclass(frozen=True)
class Chances:
    success: float
    """The chance of having enough successes when the turn's draw ends."""
    bad: float
    """The chance of drawing at least one bad card."""


@dataclass(frozen=True)
class Odds:
    cautious: Chances
    broke: Chances
    exact: bool
    samples: int
    """Deals sampled for an estimate; 0 when exact."""


@dataclass(frozen=True)
class Kind:
    """What a card does in this draw."""

    bad: bool
    joker: bool
    successes: int
    king: bool


def kind_of(card: str, target: int, bad: frozenset[str]) -> Kind:
    value = Card.parse(card).value
    if card in bad:
        return Kind(True, value == 1, 0, False)
    successes = (value >= target) + (value == 14)
    return Kind(False, value == 1, successes, value == 13)


class TooSlow(Exception):
    """The exact count ran past its budget."""


Counts = tuple[int, ...]


class Exact:
    """The exact chances over groups of cards, cut off after ``budget`` seconds."""

    def __init__(self, question: Question, budget: float) -> None:
        kinds = [kind_of(card, question.target, question.bad) for card in question.pile]
        kinds += [kind_of(card, question.target, question.bad) for card in question.discard]
        self.kinds = sorted(set(kinds), key=repr)
        self.pile = self._counts(question.pile, question)
        self.discard = self._counts(question.discard, question)
        self.deadline = time.perf_counter() + budget
        self.nodes = 0
        self.memo: dict[tuple[object, ...], tuple[float, float]] = {}

    def _counts(self, cards: Sequence[str], question: Question) -> Counts:
        found = [kind_of(card, question.target, question.bad) for card in cards]
        return tuple(found.count(kind) for kind in self.kinds)

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % 512 == 1 and time.perf_counter() > self.deadline:
            raise TooSlow

    def cautious(self, pile: Counts, discard: Counts, left: int, need: int) -> tuple[float, float]:
        """One card at a time, stopping at enough successes, a bad card or the turn's limit."""
        if need <= 0:
            return 1.0, 0.0
        if left <= 0:
            return 0.0, 0.0
        if not sum(pile):
            pile, discard = _merged(pile, discard)
            if not sum(pile):
                return 0.0, 0.0
        key = ("c", pile, discard, left, need)
        if key in self.memo:
            return self.memo[key]
        self._tick()
        total = sum(pile)
        success = bad = 0.0
        for index, count in enumerate(pile):
            if not count:
                continue
            chance, kind = count / total, self.kinds[index]
            if kind.bad:
                bad += chance
                continue
            rest = _less(pile, index)
            after, left_after = (rest, discard), left - 1 + kind.king
            if kind.joker:
                after = _merged(rest, discard)
            s, b = self.cautious(*after, left_after, need - kind.successes)
            success, bad = success + chance * s, bad + chance * b
        self.memo[key] = success, bad
        return success, bad

    def broke(
        self,
        pile: Counts,
        discard: Counts,
        left: int,
        need: int,
        jokers: bool = False,
        kings: int = 0,
        stopped: bool = False,
    ) -> tuple[float, float]:
        """A batch of ``left`` cards at once; then the kings' extra cards, unless stopped."""
        need = max(need, 0)
        if left and not sum(pile):
            pile, discard = _merged(pile, discard)
        if left == 0 or not sum(pile):
            if stopped:
                return float(need == 0), 1.0
            if jokers:
                pile, discard = _merged(pile, discard)
            if kings and sum(pile) + sum(discard):
                return self.broke(pile, discard, kings, need)
            return float(need == 0), 0.0
        key = ("b", pile, discard, left, need, jokers, kings, stopped)
        if key in self.memo:
            return self.memo[key]
        self._tick()
        total = sum(pile)
        success = bad = 0.0
        for index, count in enumerate(pile):
            if not count:
                continue
            chance, kind = count / total, self.kinds[index]
            s, b = self.broke(
                _less(pile, index),
                discard,
                left - 1,
                need - kind.successes,
                jokers or kind.joker,
                kings + kind.king,
                stopped or kind.bad,
            )
            success, bad = success + chance * s, bad + chance * b
        self.memo[key] = success, bad
        return success, bad


def _less(counts: Counts, index: int) -> Counts:
    return counts[:index] + (counts[index] - 1,) + counts[index + 1 :]


def _merged(pile: Counts, discard: Counts) -> tuple[Counts, Counts]:
    return tuple(a + b for a, b in zip(pile, discard, strict=True)), tuple(0 for _ in discard)


def odds(question: Question, budget: float | None = None, samples: int = SAMPLES) -> Odds:
    """The chances of ``question`` in both modes: exact within ``budget`` seconds, else sampled.

    None is :data:`BUDGET`, read at the call: the test suite lifts it, so that a busy machine
    never turns an exact answer into an estimate there.
    """
    budget = BUDGET if budget is None else budget
    exact = Exact(question, budget)
    try:
        cautious = exact.cautious(exact.pile, exact.discard, question.draws, question.needed)
        broke = exact.broke(exact.pile, exact.discard, question.draws, question.needed)
    except TooSlow:
        return estimate(question, samples, budget)
    return Odds(Chances(*cautious), Chances(*broke), True, 0)


@lru_cache(maxsize=32)
def remembered(question: Question) -> Odds:
    """:func:`odds` with the default budget, remembered: a screen redraws the same question."""
    return odds(question)


def estimate(question: Question, samples: int, budget: float | None = None) -> Odds:
    """The chances sampled from up to ``samples`` deals, or as many as ``budget`` seconds
    allow (never fewer than :data:`MIN_SAMPLES`), from a source seeded the same way every
    time, so the same question with the same number of deals gets the same answer."""
    rng = random.Random(0)
    deadline = None if budget is None else time.perf_counter() + budget
    kinds = {c: kind_of(c, question.target, question.bad) for c in question.pile + question.discard}
    tallies = [0, 0, 0, 0]
    dealt = 0
    while dealt < samples:
        if deadline is not None and dealt >= MIN_SAMPLES and time.perf_counter() > deadline:
            break
        dealt += 1
        s, b = deal(question, "cautious", rng, kinds)
        tallies[0] += s
        tallies[1] += b
        s, b = deal(question, "broke", rng, kinds)
        tallies[2] += s
        tallies[3] += b
    c_s, c_b, b_s, b_b = (tally / dealt for tally in tallies)
    return Odds(Chances(c_s, c_b), Chances(b_s, b_b), False, dealt)


def deal(
    question: Question, mode: str, rng: random.Random, kinds: dict[str, Kind] | None = None
) -> tuple[bool, bool]:
    """One shuffled deal of the rest of the turn: (enough successes, a bad card drawn)."""
    if kinds is None:
        kinds = {c: kind_of(c, question.target, question.bad) for c in question.pile}
        kinds |= {c: kind_of(c, question.target, question.bad) for c in question.discard}
    pile = list(question.pile)
    rng.shuffle(pile)
    discard = list(question.discard)
    need, left, bad = question.needed, question.draws, False
    while left > 0 and (mode == "broke" or need > 0):
        batch = 1 if mode == "cautious" else left
        if len(pile) < batch:
            rng.shuffle(discard)
            pile, discard = pile + discard, []
        drawn, pile = pile[:batch], pile[batch:]
        seen = [kinds[card] for card in drawn]
        need -= sum(kind.successes for kind in seen)
        left += sum(kind.king for kind in seen) - len(drawn)
        if any(kind.joker for kind in seen):
            pile += discard
            rng.shuffle(pile)
            discard = []
        if any(kind.bad for kind in seen):
            bad = True
            break
        if not drawn:
            break
    return need <= 0, bad
