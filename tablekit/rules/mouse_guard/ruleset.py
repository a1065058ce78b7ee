"""A ruleset: everything that differs between Mouse Guard and a hack of its engine, as data.

A ruleset is a TOML file (``rulesets/NAME.toml`` in this package, or a
table's own in the data directory, loaded by :mod:`tablekit.local.rulesets`).
It names the conditions (recovery test, dice and disposition penalties,
recovery order), Nature's descriptors and how tapping it is taxed, starting
Fate and Persona, what the after-roll wises allow, what traits do, what checks
are earned and spent for, the skills printed on the sheet, whether gear counts
in conflicts and which conflict tables the hack uses, and the switches where
the two Mouse Guard seeds read differently. The engine reads only this: no
rule of a hack is a test of the ruleset's name.

Parsing is pure (:func:`parse_ruleset` takes the file's text). The session
records the parsed ruleset and its :attr:`Ruleset.digest` in its journal the
first time it is played, so a replay never changes when a file changes.
"""

from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta

from tablekit.rules.mouse_guard.conflict.tables import SHIPPED as SHIPPED_TABLES
from tablekit.rules.mouse_guard.conflict.tables import Tables, named

Count = Annotated[int, Meta(ge=0, le=9)]
"""A small number of dice, checks or points."""

Word = Annotated[str, Meta(min_length=1, max_length=40)]
Id = Annotated[str, Meta(pattern=r"^[a-z][a-z_]*$", max_length=20)]


class ConditionRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One condition: its name, how it is recovered and what it costs.

    ``id`` is what journals and scripts write; ``name`` is what the sheet
    shows (in English, translated through the ruleset's ``translations``).
    An empty ``recovery_ability`` means it is recovered without a roll (food
    and drink, or rest and safety), once the checks are paid.
    ``dice_penalty`` comes off tests of skills and abilities (never a recovery
    test), except those of the ratings in ``spares``; ``disposition_penalty``
    off a starting disposition, only in conflicts on ``disposition_base`` when
    one is named.
    """

    id: Id
    name: Word
    recovery_ability: Literal["", "Will", "Health", "Nature"] = ""
    recovery_ob: Annotated[int, Meta(ge=0, le=9)] = 0
    dice_penalty: Count = 0
    spares: tuple[Word, ...] | None = None
    """The ratings whose tests ``dice_penalty`` leaves alone (Mouse Guard's Injured and
    Sick touch "skills, Nature, Will and Health", so not Resources or Circles); left
    out, the ratings Nature is never tapped for (how the engine read it before the key)."""
    disposition_penalty: Count = 0
    disposition_base: Literal["", "Will", "Health", "Nature"] = ""
    prologue: bool = False
    """Whether a prologue may recover it."""


class NatureRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What Nature covers, and what tapping it costs.

    ``tap_with_nature``: a Persona point may add Nature to a pool where Nature
    already stands in for a skill (acting with or against it). ``outside_tax``:
    tapping Nature outside its descriptors costs a point at once ("tap"), or a
    point only when the test succeeds ("success"; a failure is taxed by the
    margin either way).
    """

    name: Word
    descriptors: tuple[Word, ...]
    never_tapped_for: tuple[Word, ...] = ()
    tap_with_nature: bool = False
    outside_tax: Literal["tap", "success"] = "tap"


class PointsRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Fate and Persona: how many a new character has, and whether wises spend them."""

    start_fate: Count = 0
    start_persona: Count = 0
    deeper_understanding: bool = True
    """A Fate point and a wise reroll one failed die."""
    of_course: bool = True
    """A Persona point and a wise reroll every failed die."""


class TraitRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What traits do. ``max_level`` 1 makes every trait a die once a session.

    ``level_three`` and ``level_two_every_roll`` are the switches where the
    summary and the sheet differ: the summary's level 3 adds a success
    ("success"), the sheet's rerolls failed dice once a session ("reroll");
    the summary lets a level 2 trait add a die once a session, the sheet on
    every roll.
    """

    max_level: Annotated[int, Meta(ge=1, le=3)] = 3
    level_three: Literal["success", "reroll"] = "success"
    level_two_every_roll: bool = False


class CheckRule(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What checks are earned for and what they buy.

    Earned: ``against`` for a trait that takes ``against_dice`` off a test,
    ``opponent_bonus`` for giving the opponent ``opponent_dice``, ``tie`` for
    letting the opponent win a tie; with ``gm_turn_only``, only in the GM's turn.
    Spent: ``players_turn_test`` for a test in the players' turn (``free`` are
    given to each at its start),
    ``gm_turn_recovery`` for a recovery in the GM's turn, ``charge`` to raise
    a trait a level for the session (0: it cannot be), and ``recharge[level-1]``
    to use a used trait again.
    """

    against: Count = 1
    against_dice: Count = 1
    gm_turn_only: bool = False
    """Whether checks are earned only in the GM's turn (the rabbits' "i GM-turen"):
    outside it a trait used against, or a tie given away, earns none."""
    opponent_bonus: Count = 2
    opponent_dice: Count = 2
    tie: Count = 2
    free: Count = 1
    players_turn_test: Count = 1
    gm_turn_recovery: Count = 2
    charge: Count = 3
    recharge: Annotated[tuple[Count, ...], Meta(min_length=1, max_length=3)] = (2, 2, 4)


Reading = Literal[
    "against_success_untaxed", "fate_keeps_sixes", "recovery_spared", "free_recovery", "free_check"
]
"""A reading the engine makes where a hack's text is silent: acting against Nature costs
nothing on a success (only a tap outside it does); Fate's sixes stay and each rolls a new
die; recovery tests lose no dice to conditions; a condition without a recovery ability goes
without a roll; every character gets the players' turn's free check."""


class Ruleset(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A whole ruleset (see the module's docstring); ``name`` is also the game's name."""

    name: Annotated[str, Meta(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
    title: Word
    conditions: Annotated[tuple[ConditionRule, ...], Meta(min_length=1, max_length=9)]
    recovery_order: tuple[Id, ...]
    nature: NatureRule
    skills: Annotated[tuple[Word, ...], Meta(max_length=30)]
    language: Literal["en", "da"] = "en"
    """The interface language it is played in unless the table chose one."""
    conflict_tables: Word = "mouse-guard"
    """The conflict tables it uses (shipped tables, by name: see :attr:`tables`)."""
    gear_in_conflicts: bool = True
    """Whether gear counts in conflicts: on a starting disposition, and fight weapons on
    actions (argument tactics are not gear). The rabbits ignore it."""
    points: PointsRule = PointsRule()
    traits: TraitRule = TraitRule()
    checks: CheckRule = CheckRule()
    readings: tuple[Reading, ...] = ()
    """Where the hack's own text is silent, the readings the engine plays by that a table
    should know (shown on a sheet's About page; docs/rulesets.md says each)."""
    translations: dict[Literal["en", "da"], dict[Word, Word]] = {}
    """The ruleset's own words in each language: the English word, and what to show instead."""

    def __post_init__(self) -> None:
        ids = [c.id for c in self.conditions]
        if len(set(ids)) != len(ids):
            raise RulesetError("conditions: two conditions share an id")
        if sorted(self.recovery_order) != sorted(ids):
            raise RulesetError("recovery_order must list every condition id once")
        if len(self.checks.recharge) < self.traits.max_level:
            raise RulesetError("checks.recharge needs a cost for every trait level")
        if self.conflict_tables not in SHIPPED_TABLES:
            raise RulesetError(
                f"conflict_tables: no tables named {self.conflict_tables!r}"
                f" (shipped: {', '.join(SHIPPED_TABLES)})"
            )

    @property
    def tables(self) -> Tables:
        """The conflict tables the ruleset plays by."""
        return named(self.conflict_tables)

    @property
    def digest(self) -> str:
        """A digest of the ruleset's content, recorded in the journal beside it."""
        data = msgspec.json.encode(msgspec.to_builtins(self, order="sorted"), order="sorted")
        return hashlib.sha256(data).hexdigest()[:16]

    def condition(self, id: str) -> ConditionRule | None:
        """The condition ``id``, if the ruleset has one."""
        return next((c for c in self.conditions if c.id == id), None)

    @property
    def level_three(self) -> Literal["success", "reroll"]:
        """What a level 3 trait does (the switch in ``traits``)."""
        return self.traits.level_three

    @property
    def level_two_every_roll(self) -> bool:
        """Whether a level 2 trait adds a die on every roll (the switch in ``traits``)."""
        return self.traits.level_two_every_roll

    def trait_level(self, effective: int) -> int:
        """The level a trait working at ``effective`` has under these rules: never above
        ``traits.max_level`` (a sheet from another game's rules is read down to it)."""
        return min(self.traits.max_level, effective)

    @property
    def has_level_three(self) -> bool:
        """Whether these rules have level 3 traits at all."""
        return self.traits.max_level >= 3

    def marks_used(self, level: int) -> bool:
        """Whether using a trait of ``level`` for a test marks it used this session."""
        if level == 2:
            return not self.traits.level_two_every_roll
        return level == 1 or self.traits.level_three == "reroll"

    def recharge_cost(self, level: int) -> int:
        """Checks to use a trait of ``level`` again this session."""
        return self.checks.recharge[min(level, len(self.checks.recharge)) - 1]

    @property
    def prologue_recovers(self) -> tuple[str, ...]:
        """The conditions a prologue may recover, in the recovery order."""
        return tuple(c for c in self.recovery_order if self.condition(c).prologue)  # type: ignore[union-attr]

    def next_to_recover(self, conditions: tuple[str, ...]) -> str:
        """The condition to recover first, in the recovery order, or ``""``."""
        return next((c for c in self.recovery_order if c in conditions), "")

    def spared(self, condition: ConditionRule) -> tuple[str, ...]:
        """The ratings whose tests ``condition``'s dice penalty leaves alone."""
        return self.nature.never_tapped_for if condition.spares is None else condition.spares

    def penalties(self, conditions: tuple[str, ...], rating: str = "") -> tuple[ConditionRule, ...]:
        """The ``conditions`` held that take dice from a test of ``rating`` (any test
        when it is not named), in the ruleset's order."""
        name = rating.lower()
        return tuple(
            c
            for c in self.conditions
            if c.id in conditions
            and c.dice_penalty
            and name not in {r.lower() for r in self.spared(c)}
        )

    def dice_penalty(
        self, conditions: tuple[str, ...], rating: str = "", recovery: bool = False
    ) -> int:
        """Dice the conditions take from a test of ``rating``; none from a recovery test."""
        if recovery:
            return 0
        return sum(c.dice_penalty for c in self.penalties(conditions, rating))


class RulesetError(ValueError):
    """A ruleset file that cannot be used; the message names the file and the key."""


def parse_ruleset(text: str, source: str) -> Ruleset:
    """The ruleset in ``text`` (TOML), or a RulesetError naming ``source`` and the key."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RulesetError(f"{source}: not TOML: {error}") from None
    try:
        return msgspec.convert(data, type=Ruleset)
    except msgspec.ValidationError as error:
        raise RulesetError(f"{source}: {_plain(str(error))}") from None
    except RulesetError as error:
        raise RulesetError(f"{source}: {error}") from None


def _plain(message: str) -> str:
    """msgspec's "Expected `int` >= 0 - at `$.points.start_fate`" as "points.start_fate: ..."."""
    what, _, where = message.partition(" - at `$")
    key = where.rstrip("`").lstrip(".")
    return f"{key}: {what}" if key else what


def ruleset_of(data: object) -> Ruleset:
    """A ruleset recorded in a journal (as :func:`msgspec.to_builtins` wrote it)."""
    return msgspec.convert(data, type=Ruleset)


def recorded(ruleset: Ruleset) -> dict[str, object]:
    """The ruleset as plain data, for the journal."""
    data = msgspec.to_builtins(ruleset)
    assert isinstance(data, dict)
    return data


def shipped_ruleset(name: str) -> Ruleset:
    """The ruleset ``rulesets/NAME.toml`` shipped inside this package.

    Like the content packs of Mice and Mystics, it is part of the package:
    a table's own rulesets are read from the data directory by
    :mod:`tablekit.local.rulesets`. The package is installed as plain files, so the file is
    found beside this module.
    """
    text = (Path(__file__).parent / "rulesets" / f"{name}.toml").read_text("utf-8")
    return parse_ruleset(text, f"{name}.toml")


SHIPPED = ("mouse-guard", "regelhuskeark")
"""The rulesets in the package."""
