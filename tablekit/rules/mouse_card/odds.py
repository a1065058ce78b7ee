"""The chances of the rest of a turn's draw, counted exactly from the cards left.

For each mode it gives the chance of drawing enough successes and the chance of
drawing a bad card before the turn's draw ends. Every question is counted
exactly, and the answer depends on nothing but the question (the cards in the
pile and the discard, the draws left, the successes missing, the target and
the bad cards): the same question gives the same figures, to the bit, on any
machine, however busy. Nothing here reads a clock or draws a random number.

How it counts
-------------
The pile is shuffled, so any card is as likely as any other to come next; only
how many cards of each kind are left matters. What a card does in the draw is
one of four *roles*: it is bad (the draw stops), a king (one more card), a
joker with a discard to shuffle back in, or it only scores (none, one, or two
successes for an ace). Every bad card is alike, whatever its rank, because the
draw stops on it: a bad joker's reshuffle or a bad king's extra card never
comes. With nothing in the discard, a joker only scores (none).

The roles alone decide how the draw goes: when it stops, how many cards it
takes, when the discard comes back. Which scoring cards were drawn decides
only whether there are enough successes, and it can be counted at the end: the
``m`` scoring cards drawn from the pile are ``m`` taken at random from the
pile's scoring cards, and those drawn from the discard after a reshuffle are
taken at random from the discard's, independently. So the draw is followed
over the counts of the four roles in the pile and in the discard, and each way
it can end is weighed by the hypergeometric chance that its scoring cards make
up the need (:func:`scores`). The work grows with those counts, never with the
orderings of the cards, and stays small for any deck: there is no question too
big to count, and no estimate.

* Going for broke draws a batch at once. A batch's order does not matter, so
  each way of taking its cards by role is counted with its multivariate
  hypergeometric weight, the product of binomial coefficients. A bad card in
  the batch ends the draw; otherwise each king in it draws one more card, as a
  batch after it, from the pile with the discard shuffled in if a joker came.
* Drawing cautiously stops as soon as there are enough successes, and that
  depends on the scoring cards' order. But the successes only grow, so the
  draw has enough at the end exactly when the cards drawn before it stopped
  (at a bad card, or when the turn's cards are drawn) score the need; and it
  draws a bad card exactly when it stops at one short of the need. So the
  cautious draw is followed card by card by role, as if it never stopped for
  enough, and the need is counted where it stops.
* A pile that runs out, mid-batch too, takes the discard in, reshuffled.

How the drawer is assumed to play: aces count as an extra success (not spent
on cancelling); drawing cautiously, the drawer stops as soon as there are
enough successes; going for broke, every card the turn allows is drawn at
once, and a king's extra card is drawn after the batch unless a bad card
stopped the draw.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import ClassVar

from tablekit.rules.cards import JOKER, Card

ACE, KING_VALUE = 14, 13

BAD, KING, JOKER_ROLE, FROM_PILE, FROM_DISCARD = range(5)
"""The cards left, by role: bad (the draw stops), king (one more card), joker (the discard
comes back), and the cards that only score, from the pile and from the discard."""

SCORES = -1
"""A card that only scores, before it is counted as from the pile or from the discard."""

Pool = tuple[int, int, int, int, int]
"""How many cards of each role can be drawn."""

Worths = tuple[int, int, int]
"""How many scoring cards are worth none, one and two successes."""

Pair = tuple[float, float]
"""(the chance of enough successes, the chance of a bad card)."""


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
    exact: ClassVar[bool] = True
    """Always: every question is counted exactly (the view and ``tablekit odds`` say so)."""
    samples: ClassVar[int] = 0
    """Always 0: nothing is sampled."""


def odds(question: Question) -> Odds:
    """The exact chances of ``question``, drawing cautiously and going for broke."""
    count = Count(question)
    return Odds(Chances(*count.cautious()), Chances(*count.broke()))


@lru_cache(maxsize=32)
def remembered(question: Question) -> Odds:
    """:func:`odds`, remembered: a screen redraws the same question."""
    return odds(question)


class Count:
    """The chances of one question, followed over the roles of the cards left.

    The draw is followed over a :data:`Pool`: the pile's cards until a reshuffle, and then
    the discard's too (its scoring cards counted apart, for they are dealt from another
    lot of cards). Once the discard is in, a joker brings nothing more back: the
    discard's jokers count as scoring none, the pile's as cards that do nothing."""

    def __init__(self, question: Question) -> None:
        reshuffles = bool(question.discard)
        self.pile, pile_worths = _sort(question.pile, question, reshuffles, FROM_PILE)
        self.shuffled_in, discard_worths = _sort(question.discard, question, False, FROM_DISCARD)
        """What a reshuffle adds to the pool."""
        self.worths = (pile_worths, discard_worths)
        self.king = int(question.target <= KING_VALUE)
        """The successes a king scores."""
        self.draws, self.need = max(question.draws, 0), question.needed
        self.cards: dict[tuple[Pool, bool, int], Pair] = {}
        self.batches: dict[tuple[Pool, bool, int, bool, int], Pair] = {}
        self.ends: dict[tuple[int, int, int], float] = {}

    # Drawing cautiously.

    def cautious(self) -> Pair:
        if self.need <= 0:
            return 1.0, 0.0
        if not self.draws:
            return 0.0, 0.0
        return self._card(self.pile, False, self.draws)

    def _card(self, pool: Pool, merged: bool, left: int) -> Pair:
        """One card at a time from ``pool``, ``left`` more, until a bad card."""
        key = (pool, merged, left)
        found = self.cards.get(key)
        if found is None:
            self.cards[key] = found = self._next_card(pool, merged, left)
        return found

    def _next_card(self, pool: Pool, merged: bool, left: int) -> Pair:
        total = sum(pool)
        if not total:
            if merged or not any(self.shuffled_in):
                return self._enough(pool, merged), 0.0
            return self._card(self.shuffled_in, True, left)
        success = bad = 0.0
        for role, n in enumerate(pool):
            if not n:
                continue
            chance, rest, now_merged = n / total, _less(pool, role), merged
            if role == BAD:
                enough = self._enough(rest, merged)
                success, bad = success + chance * enough, bad + chance * (1 - enough)
                continue
            if role == JOKER_ROLE and not merged:
                rest, now_merged = _plus(rest, self.shuffled_in), True
            more = left - 1 + (role == KING)
            if not more:
                success += chance * self._enough(rest, now_merged)
                continue
            s, b = self._card(rest, now_merged, more)
            success, bad = success + chance * s, bad + chance * b
        return success, bad

    # Going for broke.

    def broke(self) -> Pair:
        return self._batch(self.pile, False, self.draws, False, 0)

    def _batch(self, pool: Pool, merged: bool, draws: int, bad: bool, kings: int) -> Pair:
        """A batch of ``draws`` cards from ``pool``; ``bad`` and ``kings`` come from a part of
        the same batch drawn before the pile ran out."""
        key = (pool, merged, draws, bad, kings)
        found = self.batches.get(key)
        if found is None:
            total = sum(pool)
            if total < draws and not merged and any(self.shuffled_in):
                bad, kings = bad or pool[BAD] > 0, kings + pool[KING]
                found = self._batch(self.shuffled_in, True, draws - total, bad, kings)
            else:
                found = self._every_batch(pool, merged, min(draws, total), bad, kings)
            self.batches[key] = found
        return found

    def _every_batch(self, pool: Pool, merged: bool, draws: int, bad: bool, kings: int) -> Pair:
        """Each way of taking the batch by role, weighted by its number of ways."""
        success = stopped = 0.0
        for ways, taken in _takes(pool, draws):
            s, b = self._after(_less_all(pool, taken), merged, bad or taken[BAD] > 0,
                               taken[JOKER_ROLE] > 0, kings + taken[KING])  # fmt: skip
            success, stopped = success + ways * s, stopped + ways * b
        whole = comb(sum(pool), draws)
        return success / whole, stopped / whole

    def _after(self, pool: Pool, merged: bool, bad: bool, joker: bool, kings: int) -> Pair:
        """The batch is down: a bad card ends the draw; a joker reshuffles; kings draw on."""
        if bad:
            return self._enough(pool, merged), 1.0
        if joker and not merged:
            pool, merged = _plus(pool, self.shuffled_in), True
        if kings and (any(pool) or not merged and any(self.shuffled_in)):
            return self._batch(pool, merged, kings, False, 0)
        return self._enough(pool, merged), 0.0

    # Where the draw ends.

    def _enough(self, pool: Pool, merged: bool) -> float:
        """The chance that the cards drawn, leaving ``pool``, score the need."""
        kings = self.pile[KING] + self.shuffled_in[KING] * merged - pool[KING]
        need = self.need - kings * self.king
        if need <= 0:
            return 1.0
        from_discard = self.shuffled_in[FROM_DISCARD] - pool[FROM_DISCARD] if merged else 0
        key = (self.pile[FROM_PILE] - pool[FROM_PILE], from_discard, need)
        found = self.ends.get(key)
        if found is None:
            _, at_least = scores(self.worths[0], key[0])
            exactly, _ = scores(self.worths[1], key[1])
            top = len(at_least) - 1
            ways = sum(n * at_least[min(max(need - s, 0), top)] for s, n in enumerate(exactly))
            self.ends[key] = found = ways / (at_least[0] * sum(exactly))
        return found


@lru_cache(maxsize=256)
def scores(worths: Worths, drawn: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ways ``drawn`` cards taken from scoring cards (``worths[w]`` of them worth ``w``
    successes) score exactly ``s`` successes, and at least ``s`` (one entry more, 0)."""
    none, one, two = worths
    exactly = [0] * (2 * drawn + 1)
    for twos in range(min(two, drawn) + 1):
        for ones in range(min(one, drawn - twos) + 1):
            blanks = drawn - twos - ones
            if blanks <= none:
                exactly[ones + 2 * twos] += comb(two, twos) * comb(one, ones) * comb(none, blanks)
    at_least = [0] * (len(exactly) + 1)
    for s in range(len(exactly) - 1, -1, -1):
        at_least[s] = at_least[s + 1] + exactly[s]
    return tuple(exactly), tuple(at_least)


def _takes(pool: Pool, draws: int) -> Iterator[tuple[int, Pool]]:
    """Each way to take ``draws`` cards of ``pool`` by role, with the number of ways to."""
    bad, king, joker, pile, discard = pool
    for b in range(min(bad, draws) + 1):
        for k in range(min(king, draws - b) + 1):
            for j in range(min(joker, draws - b - k) + 1):
                for p in range(min(pile, draws - b - k - j) + 1):
                    d = draws - b - k - j - p
                    if d <= discard:
                        ways = comb(bad, b) * comb(king, k) * comb(joker, j) * comb(pile, p)
                        yield ways * comb(discard, d), (b, k, j, p, d)


def _sort(
    cards: tuple[str, ...], question: Question, reshuffles: bool, scoring: int
) -> tuple[Pool, Worths]:
    """``cards`` by role, those that only score in the ``scoring`` place, and these by worth."""
    pool, worths = [0, 0, 0, 0, 0], [0, 0, 0]
    for card in cards:
        role, worth = _role(card, question, reshuffles)
        if role == SCORES:
            role, worths[worth] = scoring, worths[worth] + 1
        pool[role] += 1
    return (pool[0], pool[1], pool[2], pool[3], pool[4]), (worths[0], worths[1], worths[2])


def _role(card: str, question: Question, reshuffles: bool) -> tuple[int, int]:
    """A card's role (:data:`SCORES` if it only scores), and the successes it scores."""
    if card in question.bad:
        return BAD, 0
    value = Card.parse(card).value
    worth = (value >= question.target) + (value == ACE)
    if value == KING_VALUE:
        return KING, worth
    if value == JOKER and reshuffles:
        return JOKER_ROLE, worth
    return SCORES, worth


def _less(pool: Pool, role: int) -> Pool:
    less = list(pool)
    less[role] -= 1
    return (less[0], less[1], less[2], less[3], less[4])


def _plus(pool: Pool, more: Pool) -> Pool:
    return (pool[0] + more[0], pool[1] + more[1], pool[2] + more[2], pool[3] + more[3],
            pool[4] + more[4])  # fmt: skip


def _less_all(pool: Pool, taken: Pool) -> Pool:
    return (pool[0] - taken[0], pool[1] - taken[1], pool[2] - taken[2], pool[3] - taken[3],
            pool[4] - taken[4])  # fmt: skip
