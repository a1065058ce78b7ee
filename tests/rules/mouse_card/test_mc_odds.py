"""The odds of the rest of a draw, checked against brute force over every order of small decks."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from tablekit.rules.cards import Card
from tablekit.rules.mouse_card.odds import MIN_SAMPLES, Question, estimate, kind_of, odds

Ending = list[tuple[Fraction, bool, bool]]
"""(weight, enough successes, a bad card) for each way a turn can end."""


def play(question: Question, order: tuple[str, ...], mode: str) -> Ending:
    """Follow the drawer's policy through ``order``; a reshuffle branches over every new order.

    Returns (weight, enough, bad) for each way the turn can end.
    """
    return _play(list(order), list(question.discard), question, mode, question.needed,
                 question.draws, False, Fraction(1))  # fmt: skip


def _play(pile: list[str], discard: list[str], q: Question, mode: str, need: int, left: int,
          bad: bool, weight: Fraction) -> Ending:  # fmt: skip
    while left > 0 and (mode == "broke" or need > 0) and not bad:
        batch = 1 if mode == "cautious" else left
        if len(pile) < batch:
            return _every(pile, discard, q, mode, need, left, bad, weight, below=True)
        drawn, pile = pile[:batch], pile[batch:]
        kinds = [kind_of(card, q.target, q.bad) for card in drawn]
        need -= sum(k.successes for k in kinds)
        left += sum(k.king for k in kinds) - len(drawn)
        bad = any(k.bad for k in kinds)
        if any(Card.parse(card).joker for card in drawn) and not bad:
            return _every(pile, discard, q, mode, need, left, bad, weight, below=False)
    return [(weight, need <= 0, bad)]


def _every(pile: list[str], discard: list[str], q: Question, mode: str, need: int, left: int,
           bad: bool, weight: Fraction, below: bool) -> Ending:  # fmt: skip
    """Every order of the reshuffled deck, each equally likely."""
    shuffled = discard if below else pile + discard
    orders = list(itertools.permutations(shuffled))
    found = []
    for order in orders:
        new = pile + list(order) if below else list(order)
        found += _play(new, [], q, mode, need, left, bad, weight / len(orders))
    return found


def brute(question: Question, mode: str) -> tuple[float, float]:
    orders = list(itertools.permutations(question.pile))
    enough = bad = Fraction(0)
    for order in orders:
        for weight, e, b in play(question, order, mode):
            enough += weight * e / len(orders)
            bad += weight * b / len(orders)
    return float(enough), float(bad)


SMALL = [
    Question(("QH", "4C", "RJ", "KS", "2D", "AH"), (), 3, 2, 11, frozenset({"RJ"})),
    Question(("QH", "4C", "RJ", "KS", "2D"), ("9C", "JD"), 2, 2, 11, frozenset({"RJ", "2D"})),
    Question(("KH", "KS", "BJ", "5C", "JD"), ("AS",), 2, 3, 11, frozenset()),
    Question(("3C", "7H", "BJ", "RJ"), ("QC", "2S"), 3, 1, 7, frozenset({"BJ", "2S"})),
    Question(("AS", "AH", "10D"), ("KC",), 1, 4, 10, frozenset()),
    Question(("5H", "6H"), ("QS", "QD", "RJ"), 3, 1, 12, frozenset({"RJ"})),
]


@pytest.mark.parametrize("question", SMALL)
@pytest.mark.parametrize("mode", ["cautious", "broke"])
def test_exact_odds_match_brute_force_on_small_decks(question: Question, mode: str) -> None:
    found = odds(question, budget=10.0)
    assert found.exact and found.samples == 0
    chances = found.cautious if mode == "cautious" else found.broke
    enough, bad = brute(question, mode)
    assert chances.success == pytest.approx(enough, abs=1e-12)
    assert chances.bad == pytest.approx(bad, abs=1e-12)


def test_face_cards_or_better_from_a_full_deck_is_16_in_54_per_card() -> None:
    """Opening: J, Q, K, A are 16 of the cards; one cautious card with no bad card."""
    from tablekit.rules.cards import FULL_DECK

    found = odds(Question(FULL_DECK, (), 1, 1, 11, frozenset()))
    assert found.cautious.success == pytest.approx(16 / 54)
    assert found.cautious.bad == 0


def test_caution_never_risks_more_than_going_for_broke() -> None:
    from tablekit.rules.cards import FULL_DECK

    found = odds(Question(FULL_DECK, (), 4, 1, 11, frozenset({"RJ", "2H", "2D"})))
    assert found.cautious.bad < found.broke.bad
    assert found.cautious.success <= found.broke.success


def test_over_budget_it_estimates_and_says_how_many_deals() -> None:
    question = SMALL[0]
    exact = odds(question, budget=10.0)
    hurried = odds(question, budget=0.0, samples=3000)
    assert not hurried.exact and hurried.samples == MIN_SAMPLES
    assert hurried.broke.success == pytest.approx(exact.broke.success, abs=0.08)
    found = estimate(question, 3000)
    assert not found.exact and found.samples == 3000
    assert found == estimate(question, 3000), "the same question, the same estimate"
    assert found.broke.success == pytest.approx(exact.broke.success, abs=0.04)
    assert found.cautious.bad == pytest.approx(exact.cautious.bad, abs=0.04)
