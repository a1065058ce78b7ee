"""The ruleset in the Mouse Guard view: the rules the session is played by, as the
journal recorded them (Mouse Guard's own, or a hack's such as Regelhuskeark)."""

from __future__ import annotations

from typing import Literal, TypedDict


class ConditionRuleView(TypedDict):
    """A condition of the ruleset: its id, its name and the test that recovers it."""

    id: str
    name: str
    recovery_ability: str
    """"" when it is recovered without a roll."""
    recovery_ob: int
    prologue: bool
    """Whether a prologue may recover it."""


class WordView(TypedDict):
    """One of the ruleset's words: ``english`` shows as ``word`` in ``language``."""

    language: str
    english: str
    word: str


class RulesetView(TypedDict):
    """The rules the session is played by, as the journal recorded them."""

    name: str
    title: str
    digest: str
    level_three: Literal["success", "reroll"]
    level_two_every_roll: bool
    conditions: list[ConditionRuleView]
    """In the recovery order."""
    nature: str
    """What the character's Nature is (Mouse, Rabbit)."""
    descriptors: list[str]
    """What Nature covers."""
    skills: list[str]
    """The skills printed on the ruleset's sheet, in its order (a new sheet's, unrated)."""
    max_trait_level: int
    charge: int
    """Checks to charge a trait; 0 when the rules have no charging."""
    start_fate: int
    start_persona: int
    """The points a new character starts with."""
    wise_rerolls: bool
    """Whether a wise lets Fate or Persona reroll failed dice (Deeper Understanding, Of Course!)."""
    gear_in_conflicts: bool
    """Whether gear counts in conflicts: on a starting disposition, and fight weapons."""
    tap_with_nature: bool
    """Whether a Persona point may tap Nature into a pool where Nature stands in already."""
    outside_tax: Literal["tap", "success"]
    """What tapping Nature outside its descriptors costs: a point at once ("tap"), or a
    point only when the test succeeds ("success")."""
    readings: list[str]
    """Readings the engine makes where the hack's text is silent (``Ruleset.readings``)."""
    words: list[WordView]
    """The ruleset's own words in each language it translates them to."""
