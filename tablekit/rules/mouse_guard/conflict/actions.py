"""How two revealed actions meet: the sheet's action interaction table and the action
descriptions, as a plan of who tests, against what, and what a margin does. The table
itself is data (:mod:`.tables`, the ruleset's); Mouse Guard's reads (rows and columns alike)::

                Attack  Defend  Feint  Maneuver
    Attack        I       V       *       V
    Defend        V       I       *       V
    Feint         *       *       V       I
    Maneuver      V       V       I       I

I: each side tests on its own against its action's obstacle. V: the sides
roll against each other and only the winner's action takes effect, by the
margin. *: Feint's own rules: against Defend the defender does not test and
the feinter tests at Ob 0; against Attack the feinter does not act at all and
the attacker tests at Ob 0.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablekit.rules.mouse_guard.conflict.tables import Tables

INDEPENDENT = "independent"
VERSUS = "versus"
FEINT_DEFEND = "feint_vs_defend"


def interaction(t: Tables, one: str, other: str) -> str:
    """What happens when ``one`` meets ``other`` in the tables ``t`` (they are symmetric)."""
    return t.interactions[one][other]


@dataclass(frozen=True)
class Plan:
    """Who tests when two actions meet. ``tests`` maps a side to its obstacle, or None
    for a versus roll; a side missing from it does not test."""

    interaction: str
    tests: dict[str, int | None]


def plan(t: Tables, actions: dict[str, str]) -> Plan:
    """The tests for ``actions`` (side to action, exactly two sides) by the tables ``t``."""
    (a, one), (b, other) = actions.items()
    kind = interaction(t, one, other)
    if kind == VERSUS:
        return Plan(kind, {a: None, b: None})
    if kind == INDEPENDENT:
        return Plan(kind, {a: t.actions[one].obstacle, b: t.actions[other].obstacle})
    if kind == FEINT_DEFEND:
        feinter = a if one == "feint" else b
        return Plan(kind, {feinter: 0})
    attacker = a if one == "attack" else b
    return Plan(kind, {attacker: 0})


def effect(t: Tables, action: str) -> str:
    """What a margin does for ``action``: "damage" (off the opponent's disposition),
    "restore" (back onto one's own) or "maneuver" (effects to buy)."""
    return t.actions[action].effect
