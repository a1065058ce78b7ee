"""Which cards are bad to draw: by circumstance, by kind of character, widened by disadvantages.

Our reading of the seed's "Task checks" section: a circumstance makes the
jokers of one colour bad (for a mouse, red in combat and black in the
unknown; both when both). A character of another kind reads circumstances
differently: a bird of prey is at home in a fight, so its red jokers are bad
on the ground instead. Each level of a disadvantage that hinders the task
(Aged for a physical task; Leader or another, when the GM says it applies)
widens the bad range by one rank of those colours: deuces at the first
level, threes at the second, and so on up to the tens; face cards are never
bad. When no circumstance names a colour, a disadvantage hinders in both.
"""

from __future__ import annotations

from tablekit.rules.cards import FULL_DECK, Card

KINDS: dict[str, dict[str, tuple[str, ...]]] = {
    "mouse": {"combat": ("red",), "unknown": ("black",)},
    "bird_of_prey": {"ground": ("red",), "unknown": ("black",)},
}
"""For each kind of character, the colours each circumstance makes bad."""

CIRCUMSTANCES = ("combat", "unknown", "ground")
"""Everything a task may take place in; a kind not hurt by one ignores it."""

HIGHEST_BAD = 10
"""The highest rank a disadvantage can make bad: face cards never are."""


def colours(kind: str, circumstances: tuple[str, ...], widened: int) -> tuple[str, ...]:
    """The colours whose cards can be bad for a ``kind`` in ``circumstances``."""
    table = KINDS[kind]
    found = {colour for where in circumstances for colour in table.get(where, ())}
    if not found and widened:
        found = {"red", "black"}
    return tuple(sorted(found, reverse=True))


def bad_cards(kind: str, circumstances: tuple[str, ...], widened: int) -> tuple[str, ...]:
    """Every bad card in new-deck order: the bad colours' jokers, then ranks 2 up by ``widened``."""
    bad_colours = colours(kind, circumstances, widened)
    top = min(1 + widened, HIGHEST_BAD)
    found = []
    for code in FULL_DECK:
        card = Card.parse(code)
        if card.colour in bad_colours and (card.joker or card.value <= top):
            found.append(code)
    return tuple(found)
