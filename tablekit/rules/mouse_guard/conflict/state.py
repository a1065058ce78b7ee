"""A conflict in progress: both sides' teams, their scripts and dispositions, and the action
being tested. Plain frozen values, so events carry them and replay rebuilds them.

A side has one team, or several (the sheet's Conflict Mechanics: "all teams who still
have disposition of 1 or more privately choose three more actions"). Each team has its
own disposition, script and captain. Teams meet in fronts: the first team standing on
each side faces the first on the other, the second the second, and a side with fewer
teams standing faces the extra ones with its teams again in order, so one team's script
may meet two (a reading: the seeds leave pairing open). With one team a side there is
one front, and everything reads as it always did.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tablekit.rules.mouse_guard.conflict.skills import Kind, kind_of
from tablekit.rules.mouse_guard.conflict.tables import Tables
from tablekit.rules.mouse_guard.dice import successes

SIDES = ("gm", "patrol")
"""The two sides, named as their action pads are: the GM and the players' captain."""

SLOTS = 3
"""Actions scripted per volley."""

TERMS_LENGTH = 200
"""The most characters each side's agreed terms may have."""


def other(side: str) -> str:
    """The side facing ``side``."""
    return "patrol" if side == "gm" else "gm"


@dataclass(frozen=True)
class Part:
    """Something added to (or taken from) a number, and why: a disposition or a pool."""

    reason: str
    amount: int


@dataclass(frozen=True)
class Slot:
    """One scripted action and the team member who will perform it."""

    action: str
    actor: str


@dataclass(frozen=True)
class Arms:
    """The weapon or tactic ``member`` carries; ``choice`` is its mode or chosen action."""

    member: str
    weapon: str
    choice: str = ""


def disposition_after(start: int, disposition: int, change: int) -> int:
    """The disposition after ``change``: damage stops at 0, and Defend restores only what
    was lost, never above the starting disposition. The one place this cap lives."""
    return min(start, max(0, disposition + change))


@dataclass(frozen=True)
class Team:
    """One side of a conflict.

    ``dice`` is what a member without a character sheet (the GM's weasel)
    rolls for any action. ``start`` is the starting disposition (0 until it
    is rolled or given) and ``parts`` how it was made. ``script`` holds the
    volley's actions, revealed or not; ``turns`` every actor whose action has
    been revealed, in order, for the rotation. ``impeded`` and ``positioned``
    wait for the team's next action; ``disarmed`` lists what maneuvers took away.
    ``index`` is its place among its side's teams; ``revealed`` how many of its
    volley's actions are public.
    """

    side: str
    name: str
    members: tuple[str, ...]
    captain: str
    goal: str = ""
    dice: int = 0
    start: int = 0
    disposition: int = 0
    parts: tuple[Part, ...] = ()
    faces: tuple[str, ...] = ()
    script: tuple[Slot, ...] = ()
    locked: bool = False
    turns: tuple[str, ...] = ()
    impeded: bool = False
    positioned: bool = False
    arms: tuple[Arms, ...] = ()
    disarmed: tuple[str, ...] = ()
    index: int = 0
    revealed: int = 0
    rolled: str = ""
    """The rating the captain rolled for the disposition ("" when it was given)."""
    exploded: bool = False
    """Whether Fate has been spent on the disposition roll's axes."""

    @property
    def standing(self) -> bool:
        """Whether the team still fights: no disposition yet, or some left."""
        return not self.start or self.disposition > 0

    def member(self, name: str) -> str:
        """``name`` as the team writes it, or "" when not on the team."""
        return next((m for m in self.members if m.lower() == name.lower()), "")

    def arms_of(self, member: str) -> Arms | None:
        """What ``member`` carries, if anything."""
        return next((a for a in self.arms if a.member == member), None)

    @property
    def lost(self) -> int:
        """How much of its starting disposition the team has lost."""
        return max(0, self.start - self.disposition)

    def changed(self, change: int) -> int:
        """How much of ``change`` the disposition really takes (see :func:`disposition_after`)."""
        return disposition_after(self.start, self.disposition, change) - self.disposition


@dataclass(frozen=True)
class Aid:
    """What a helper adds a die with: a skill or an ability, or a wise (``wise``)."""

    helper: str
    via: str
    wise: bool = False


@dataclass(frozen=True)
class ActionTest:
    """One side's test of a revealed action. ``ob`` is None in a versus test.

    ``modifiers`` (Impede, Gain Position, weapons) and ``bonus`` (weapons'
    successes) are fixed when the action is revealed, then Persona may add
    dice or Nature (``tapped``; ``tapped_within`` false outside its scope)
    before the roll; ``rating`` and ``base`` are fixed when it is rolled.
    ``explosion`` holds the dice Fate added for axes and ``added`` the
    successes a level 3 trait added; ``options`` what
    was done after the roll (a wise's reroll, "explode", "level_three", or
    "kept" when the side spends nothing more on it).

    As in any test (the summary's Tests, steps 2-4), ``against`` and
    ``trait_for`` name the one trait the actor used against itself and the one
    it used for itself, ``traits`` every trait used on this action (a level 3
    trait's too), and ``aids`` what each helper in ``helpers`` helps with
    (empty in journals from before helpers named it). ``nature`` is "within" or
    "against" when Nature is rolled in place of ``instead``, the skill the type tests
    (declared before the roll, or fixed by it: :mod:`.stand_in`).
    """

    side: str
    actor: str
    action: str
    ob: int | None
    modifiers: tuple[Part, ...] = ()
    bonus: int = 0
    helpers: tuple[str, ...] = ()
    rolled: bool = False
    rating: str = ""
    base: int = 0
    faces: tuple[str, ...] = ()
    tapped: bool = False
    tapped_within: bool = True
    explosion: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    added: int = 0
    aids: tuple[Aid, ...] = ()
    against: str = ""
    trait_for: str = ""
    traits: tuple[str, ...] = ()
    nature: str = ""
    instead: str = ""

    def pool(self, base: int | None = None) -> int:
        """The dice rolled, from ``base`` (the rating, once rolled) and every modifier."""
        dice = self.base if base is None else base
        return max(0, dice + sum(m.amount for m in self.modifiers) + len(self.helpers))

    @property
    def successes(self) -> int:
        """Swords and axes rolled and exploded, plus the weapon's and a trait's successes."""
        if not self.rolled:
            return 0
        return successes(self.faces) + successes(self.explosion) + self.bonus + self.added


@dataclass(frozen=True)
class Exchange:
    """One revealed pair of actions, from the reveal until its effects are settled.

    ``gm_team`` and ``patrol_team`` are the index of each side's team in it.
    ``changes`` are the disposition changes it made; ``maneuvers`` the sides
    still to spend a maneuver's margin (side, margin); ``bought`` what they bought.
    A versus tie is broken by ``tie_way`` ("level_three", "against" or
    "tiebreaker") in favour of ``tie_winner`` ("" when the tiebreaker tied
    again); ``tiebreaker`` holds its faces as (gm, patrol).
    """

    volley: int
    slot: int
    gm: Slot
    patrol: Slot
    interaction: str
    tests: tuple[ActionTest, ...]
    changes: tuple[tuple[str, Part], ...] = ()
    maneuvers: tuple[tuple[str, int], ...] = ()
    bought: tuple[tuple[str, tuple[str, ...]], ...] = ()
    tie_winner: str = ""
    tie_way: str = ""
    tiebreaker: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    gm_team: int = 0
    patrol_team: int = 0

    def team_of(self, side: str) -> int:
        """The index of ``side``'s team in this action."""
        return self.gm_team if side == "gm" else self.patrol_team

    def slot_of(self, side: str) -> Slot:
        return self.gm if side == "gm" else self.patrol

    def test_of(self, side: str) -> ActionTest | None:
        """``side``'s test, if it tests at all."""
        return next((t for t in self.tests if t.side == side), None)

    def with_test(self, test: ActionTest) -> Exchange:
        return replace(self, tests=tuple(test if t.side == test.side else t for t in self.tests))

    @property
    def rolled(self) -> bool:
        return all(t.rolled for t in self.tests)

    @property
    def versus(self) -> bool:
        """Whether both sides roll against each other."""
        return len(self.tests) == 2 and self.tests[0].ob is None

    @property
    def tied(self) -> bool:
        """A versus roll with equal successes whose tie is not broken yet."""
        one, two = self.tests if self.versus else (None, None)
        if one is None or two is None or not self.rolled or self.tie_way:
            return False
        return one.successes == two.successes

    def winner(self) -> str:
        """The side that won a rolled versus test ("" for none, or not a versus test)."""
        if not (self.versus and self.rolled):
            return ""
        one, two = self.tests
        ahead = one.successes - two.successes
        if ahead:
            return one.side if ahead > 0 else two.side
        return self.tie_winner


@dataclass(frozen=True)
class Conflict:
    """A conflict of ``type`` (see :func:`.skills.types`) between the GM and the patrol.

    ``gm`` and ``patrol`` are each side's first team, ``others`` any more
    teams, in order. ``skill`` and ``ability`` are the GM's call for an "other"
    conflict. ``revealed`` counts the volley's meetings revealed (a slot of a
    front, skipped or not), ``meeting`` the last as (slot, GM team, patrol team);
    ``history`` keeps every settled action, in order.
    """

    type: str
    gm: Team
    patrol: Team
    skill: str = ""
    ability: str = ""
    volley: int = 1
    revealed: int = 0
    exchange: Exchange | None = None
    history: tuple[Exchange, ...] = ()
    over: bool = False
    winner: str = ""
    others: tuple[Team, ...] = ()
    meeting: tuple[int, int, int] = (0, 0, 0)

    def kind(self, t: Tables) -> Kind:
        """What the conflict's type tests, by the tables ``t`` (the ruleset's)."""
        return kind_of(t, self.type, self.skill, self.ability)

    def teams(self, side: str) -> tuple[Team, ...]:
        """``side``'s teams, in order."""
        first = self.gm if side == "gm" else self.patrol
        return (first, *(t for t in self.others if t.side == side))

    @property
    def every_team(self) -> tuple[Team, ...]:
        return self.teams("gm") + self.teams("patrol")

    def standing(self, side: str) -> tuple[Team, ...]:
        """``side``'s teams still fighting."""
        return tuple(t for t in self.teams(side) if t.standing)

    def team(self, side: str, index: int | None = None) -> Team:
        """``side``'s team ``index``; by default the one in play: the action being tested's,
        else the one scripting now (its first standing team not locked), else its last
        standing team."""
        if index is None:
            index = self._in_play(side)
        return self.teams(side)[index]

    def _in_play(self, side: str) -> int:
        if self.exchange is not None:
            return self.exchange.team_of(side)
        standing = self.standing(side) or self.teams(side)
        return next((t.index for t in standing if not t.locked), standing[-1].index)

    def team_of(self, side: str, member: str) -> Team | None:
        """The team of ``side`` that ``member`` is on."""
        return next((t for t in self.teams(side) if t.member(member)), None)

    def with_team(self, team: Team) -> Conflict:
        if team.index:
            kept = tuple(
                team if (t.side, t.index) == (team.side, team.index) else t for t in self.others
            )
            return replace(self, others=kept)
        return replace(self, gm=team) if team.side == "gm" else replace(self, patrol=team)

    def fronts(self) -> tuple[tuple[int, int], ...]:
        """The volley's fronts as (GM team, patrol team): the teams that scripted it, the
        first facing the first, and a side with fewer facing the extra ones in turn."""
        gm = [t.index for t in self.teams("gm") if t.locked]
        patrol = [t.index for t in self.teams("patrol") if t.locked]
        if not (gm and patrol):
            return ()
        return tuple(
            (gm[i % len(gm)], patrol[i % len(patrol)]) for i in range(max(len(gm), len(patrol)))
        )

    def meetings(self) -> tuple[tuple[int, int, int], ...]:
        """The volley's meetings in reveal order, (slot, GM team, patrol team): slot by slot,
        front by front."""
        return tuple((slot, g, p) for slot in range(SLOTS) for g, p in self.fronts())

    def next_meeting(self) -> int | None:
        """The next meeting still to reveal whose two teams both stand, if any."""
        meetings = self.meetings()
        for step in range(self.revealed, len(meetings)):
            _, g, p = meetings[step]
            if self.team("gm", g).standing and self.team("patrol", p).standing:
                return step
        return None

    def lost(self, side: str) -> int:
        """How much of their starting dispositions ``side``'s teams have lost together."""
        return sum(t.lost for t in self.teams(side))

    def start(self, side: str) -> int:
        return sum(t.start for t in self.teams(side))

    @property
    def status(self) -> str:
        """ "disposition", "scripting", "revealing", "acting", "maneuver" or "over"."""
        if self.over:
            return "over"
        if not all(t.start for t in self.every_team):
            return "disposition"
        if self.exchange is not None:
            return "maneuver" if self.exchange.maneuvers else "acting"
        if all(t.locked for side in SIDES for t in self.standing(side)):
            return "revealing"
        return "scripting"


@dataclass(frozen=True)
class Outcome:
    """How the last conflict ended, kept once it closes so the table remembers it.

    ``winner`` is "" when nobody won or the conflict was ``abandoned`` (then
    ``band`` is "" too); ``lost`` is each side's loss as (gm, patrol); the
    terms are what the table agreed, in its own words.
    """

    type: str
    opponent: str
    winner: str
    band: str
    lost: tuple[int, int]
    winner_terms: str = ""
    loser_terms: str = ""
    abandoned: bool = False
