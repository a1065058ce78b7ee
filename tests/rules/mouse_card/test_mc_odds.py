"""The odds of the rest of a draw: equal to brute force over every order of small decks,
the same bytes for the same question, and the same view for the same state.

The reference below knows nothing of how odds.py counts. It follows the seed's rules
card by card: the next card is any card left in the pile, each as likely (which is
what a shuffled pile is), so it goes through every order the cards can come in. It
works in fractions, and reads each card's code itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rules.mouse_card.mc_support import GAME, Table

from tablekit.rules.cards import FULL_DECK, Card
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card.odds import Question, odds, remembered

Chance = tuple[Fraction, Fraction]
"""(enough successes when the turn's draw ends, a bad card drawn)."""


class Reference:
    """Brute force: every order the cards can come in, following the rules literally."""

    def __init__(self, question: Question) -> None:
        self.q = question

    def successes(self, card: str) -> int:
        value = Card.parse(card).value
        return 0 if card in self.q.bad else (value >= self.q.target) + (value == 14)

    def is_king(self, card: str) -> bool:
        return Card.parse(card).value == 13 and card not in self.q.bad

    def cautious(self, pile: tuple[str, ...], discard: tuple[str, ...], left: int,
                 need: int) -> Chance:  # fmt: skip
        """One card at a time until enough successes, a bad card, or the turn's cards."""
        if need <= 0:
            return Fraction(1), Fraction(0)
        if left <= 0:
            return Fraction(0), Fraction(0)
        if not pile:
            if not discard:
                return Fraction(0), Fraction(0)
            pile, discard = discard, ()
        enough = bad = Fraction(0)
        for card in pile:
            chance = Fraction(1, len(pile))
            rest = tuple(c for c in pile if c != card)
            if card in self.q.bad:
                e, b = Fraction(0), Fraction(1)  # the draw stops short of the need
            else:
                after = (rest + discard, ()) if Card.parse(card).joker else (rest, discard)
                e, b = self.cautious(*after, left - 1 + self.is_king(card),
                                     need - self.successes(card))  # fmt: skip
            enough, bad = enough + chance * e, bad + chance * b
        return enough, bad

    def broke(self, pile: tuple[str, ...], discard: tuple[str, ...], left: int,
              need: int) -> Chance:  # fmt: skip
        """Every card the turn allows at once; then a batch of the kings' extra cards."""
        return self.batch(pile, discard, left, need, ())

    def batch(self, pile: tuple[str, ...], discard: tuple[str, ...], left: int, need: int,
              drawn: tuple[str, ...]) -> Chance:  # fmt: skip
        """The batch so far is ``drawn``; ``left`` cards of it are still to come."""
        if left and not pile and discard:
            pile, discard = discard, ()
        if left and pile:
            enough = bad = Fraction(0)
            for card in pile:
                rest = tuple(c for c in pile if c != card)
                e, b = self.batch(rest, discard, left - 1, need, (*drawn, card))
                enough, bad = enough + e / len(pile), bad + b / len(pile)
            return enough, bad
        need -= sum(self.successes(card) for card in drawn)
        if any(card in self.q.bad for card in drawn):
            return Fraction(need <= 0), Fraction(1)
        if any(Card.parse(card).joker for card in drawn):
            pile, discard = pile + discard, ()
        kings = sum(self.is_king(card) for card in drawn)
        if kings:
            return self.batch(pile, discard, kings, need, ())
        return Fraction(need <= 0), Fraction(0)


def reference(question: Question, mode: str) -> tuple[float, float]:
    ref = Reference(question)
    play = ref.cautious if mode == "cautious" else ref.broke
    enough, bad = play(question.pile, question.discard, question.draws, question.needed)
    return float(enough), float(bad)


SMALL = [
    Question(("QH", "4C", "RJ", "KS", "2D", "AH"), (), 3, 2, 11, frozenset({"RJ"})),
    Question(("QH", "4C", "RJ", "KS", "2D"), ("9C", "JD"), 2, 2, 11, frozenset({"RJ", "2D"})),
    Question(("KH", "KS", "BJ", "5C", "JD"), ("AS",), 2, 3, 11, frozenset()),
    Question(("3C", "7H", "BJ", "RJ"), ("QC", "2S"), 3, 1, 7, frozenset({"BJ", "2S"})),
    Question(("AS", "AH", "10D"), ("KC",), 1, 4, 10, frozenset()),
    Question(("5H", "6H"), ("QS", "QD", "RJ"), 3, 1, 12, frozenset({"RJ"})),
    Question(("KS", "KH", "BJ", "2C"), ("AD", "QH", "3S"), 2, 2, 12, frozenset({"2C"})),
    Question(("BJ", "KD"), ("AS", "KC", "RJ"), 1, 3, 13, frozenset({"RJ"})),
    Question(("QH", "2C", "BJ"), ("KS",), 2, 0, 11, frozenset({"2C"})),
    Question(("QH", "2C", "RJ"), ("KS",), 2, -1, 11, frozenset({"2C", "RJ"})),
    Question(("QH", "2C"), ("KS",), 0, 1, 11, frozenset({"2C"})),
    Question((), ("KS", "QH", "2C"), 2, 2, 11, frozenset({"2C"})),
    Question(("AS",), (), 3, 1, 11, frozenset()),
]


@pytest.mark.parametrize("question", SMALL)
@pytest.mark.parametrize("mode", ["cautious", "broke"])
def test_exact_odds_match_brute_force_on_small_decks(question: Question, mode: str) -> None:
    found = odds(question)
    assert found.exact and found.samples == 0
    chances = found.cautious if mode == "cautious" else found.broke
    enough, bad = reference(question, mode)
    assert chances.success == pytest.approx(enough, abs=1e-12)
    assert chances.bad == pytest.approx(bad, abs=1e-12)


CARDS = ["RJ", "BJ", "KS", "KH", "AS", "AD", "QH", "JC", "10D", "5S", "2C", "3H"]
"""Cards that do something different: jokers, kings, aces, successes and blanks."""


@st.composite
def small_questions(draw: st.DrawFn) -> Question:
    """Up to five cards in the pile and three in the discard, a few of them bad."""
    cards = draw(st.permutations(CARDS))
    pile, discard = draw(st.integers(2, 5)), draw(st.integers(0, 3))
    bad = draw(st.sets(st.sampled_from(cards[: pile + discard]), max_size=3))
    draws, need, target = draw(st.integers(1, 4)), draw(st.integers(1, 5)), draw(st.integers(2, 14))
    deal = (tuple(cards[:pile]), tuple(cards[pile : pile + discard]))
    return Question(*deal, draws, need, target, frozenset(bad))


@pytest.mark.slow
@settings(max_examples=250)
@given(question=small_questions())
def test_both_modes_equal_brute_force_with_bad_cards_kings_and_jokers(question: Question) -> None:
    found = odds(question)
    for chances, mode in ((found.cautious, "cautious"), (found.broke, "broke")):
        enough, bad = reference(question, mode)
        assert chances.success == pytest.approx(enough, abs=1e-12), mode
        assert chances.bad == pytest.approx(bad, abs=1e-12), mode


def test_face_cards_or_better_from_a_full_deck_is_16_in_54_per_card() -> None:
    """Opening: J, Q, K, A are 16 of the cards; one card with no bad card, either way."""
    found = odds(Question(FULL_DECK, (), 1, 1, 11, frozenset()))
    assert found.cautious.success == pytest.approx(16 / 54)
    assert found.broke.success == pytest.approx(16 / 54)
    assert found.cautious.bad == found.broke.bad == 0


def test_two_cards_from_a_full_deck_miss_only_if_both_are_below_a_jack() -> None:
    """With one success needed and no bad card, a king's extra card never matters."""
    found = odds(Question(FULL_DECK, (), 2, 1, 11, frozenset()))
    miss = Fraction(38 * 37, 54 * 53)
    assert found.cautious.success == pytest.approx(float(1 - miss), abs=1e-15)
    assert found.broke.success == pytest.approx(float(1 - miss), abs=1e-15)


def test_caution_never_risks_more_than_going_for_broke() -> None:
    found = odds(Question(FULL_DECK, (), 4, 1, 11, frozenset({"RJ", "2H", "2D"})))
    assert found.cautious.bad < found.broke.bad
    assert found.cautious.success <= found.broke.success


def test_ten_cards_with_a_discard_and_a_reshuffling_joker_are_exact() -> None:
    """The largest draw a session asks about (a trait of 6 and four kings) counts exactly."""
    pile, discard = FULL_DECK[14:], FULL_DECK[:14]
    found = odds(Question(pile, discard, 10, 12, 5, frozenset({"2C", "2D", "RJ"})))
    assert found.exact and found.samples == 0
    assert 0 < found.cautious.success < 1 and 0 < found.broke.bad < 1


@settings(max_examples=50)
@given(order=st.permutations(FULL_DECK[:30]), draws=st.integers(1, 10), need=st.integers(1, 8))
def test_the_same_cards_in_any_order_give_the_same_bytes(
    order: list[str], draws: int, need: int
) -> None:
    """The pile's order is nobody's to know, so it changes nothing, not even the last bit."""
    bad = frozenset({"RJ", "2C", "3D"})
    ask = Question(tuple(order[:20]), tuple(order[20:]), draws, need, 11, bad)
    sorted_ask = Question(
        tuple(sorted(order[:20])), tuple(sorted(order[20:])), draws, need, 11, bad
    )
    assert repr(odds(ask)) == repr(odds(sorted_ask)) == repr(odds(ask))


def play_a_while(seed: int) -> Table:
    table = Table(seed)
    table.add("Kenzie", "Fighter", 6, disadvantages={"Aged": 1}, fate=2)
    for needed, mode in ((4, "cautious"), (5, "broke"), (9, "cautious")):
        table.do(cmd.BeginTask("Kenzie", "Fighter", mode=mode, circumstances=("combat",),
                               physical=True, extended=True, needed=needed))  # fmt: skip
        table.draw()
        if table.now.draws_left and not table.now.bad_drawn:
            table.draw()
        table.do(cmd.EndTurn())
        if table.state.task is not None:
            table.do(cmd.AbandonTask())
    table.do(cmd.BeginTask("Kenzie", "Fighter", mode="cautious", circumstances=("combat",),
                           extended=True, needed=7))  # fmt: skip
    return table


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_same_state_gives_the_same_view_bytes(seed: int) -> None:
    table = play_a_while(seed)
    first = json.dumps(GAME.view(table.state))
    remembered.cache_clear()
    assert json.dumps(GAME.view(table.state)) == first
    assert json.dumps(GAME.view(play_a_while(seed).state)) == first


VIEW_BYTES = """
import json, sys
sys.path.insert(0, {tests!r})
from rules.mouse_card.mc_support import GAME
from rules.mouse_card.test_mc_odds import play_a_while
print(json.dumps(GAME.view(play_a_while(3).state)))
"""


@pytest.mark.slow
def test_the_view_is_the_same_bytes_in_any_process() -> None:
    """A fresh interpreter, with a different hash seed each time, prints the same view."""
    tests = str(Path(__file__).resolve().parents[2])
    code = VIEW_BYTES.format(tests=tests)
    printed = set()
    for hash_seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                              text=True, check=True)  # fmt: skip
        printed.add(done.stdout)
    assert printed == {json.dumps(GAME.view(play_a_while(3).state)) + "\n"}
    assert '"exact": true' in printed.pop()
