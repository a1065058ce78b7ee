"""The shape of the Mouse Guard table view, as types mypy checks.

:func:`~tablekit.rules.mouse_guard.view.view` returns a :class:`MouseGuardView`.
Every value in it is plain JSON (str, int, float, bool, None, lists and these
dicts) except one: in a conflict, each scripted action not yet revealed is a
:class:`~tablekit.rules.secret.Secret` of its side holding a
:class:`ScriptedAction`. The session projects the view for each audience
before anyone sees it: the side that scripted the action sees the
:class:`ScriptedAction`, and the table and the other side see
``{"hidden": true}`` in its place. Nothing in a test is secret.
``docs/state.md`` describes the same fields for scripts.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from tablekit.rules.secret import Secret

Phase = Literal["setup", "prologue", "mission", "goals", "gm_turn", "players_turn", "winter"]
"""Where the session stands (the summary, Game Structure)."""

Face = Literal["snake", "sword", "axe"]
"""A face of a Mouse Guard die."""

ConditionName = str
"""A condition's id in the ruleset (Mouse Guard: hungry, angry, tired, injured, sick);
having none is Healthy."""

Option = Literal["deeper_understanding", "of_course", "explode", "level_three"]
"""An after-roll option (the summary's Tests, steps 7 to 9)."""

ConflictSide = Literal["gm", "patrol"]
"""A side of a conflict, named as its action pad is."""

Action = Literal["attack", "defend", "feint", "maneuver"]
"""A conflict action."""

Status = Literal["disposition", "scripting", "revealing", "acting", "maneuver", "over"]
"""Where a conflict stands."""

Interaction = Literal["independent", "versus", "feint_vs_defend", "feint_vs_attack"]
"""How two revealed actions meet (the sheet's action interaction table)."""

Effect = Literal["impede", "gain_position", "disarm"]
"""What a maneuver's margin buys."""

Winner = Literal["", "gm", "patrol"]
"""The side that won a conflict (or lost it); "" when nobody did."""

Band = Literal["none", "minor", "compromise", "major"]
"""How much of its starting disposition the winner lost, as a compromise reads it."""


# The character sheet


class Identity(TypedDict):
    """The top of the sheet; ``age`` is 0 if not written."""

    age: int
    home: str
    fur: str
    rank: str
    cloak: str


class Contacts(TypedDict):
    """The mice the sheet names, ``""`` where blank."""

    parents: str
    senior_artisan: str
    mentor: str
    friend: str
    enemy: str


class TraitView(TypedDict):
    """A trait at level 1-3; ``charged`` raises it a level until the session ends."""

    name: str
    level: int
    used: bool
    checks: int
    charged: bool


class WiseView(TypedDict):
    """A wise and the four marks it collects."""

    name: str
    passed: bool
    failed: bool
    fate: bool
    persona: bool


class RatingView(TypedDict):
    """An ability or skill: its dice (0-6) and the tallies that advance it."""

    name: str
    rating: int
    passes: int
    fails: int


class Sheet(TypedDict):
    """A character sheet as :func:`~tablekit.rules.mouse_guard.sheet.sheet_json` gives it.

    ``mg.add_character`` takes the same shape.
    """

    name: str
    identity: Identity
    belief: str
    goal: str
    instinct: str
    contacts: Contacts
    gear: list[str]
    traits: list[TraitView]
    wises: list[WiseView]
    ratings: list[RatingView]
    """Nature, Will, Health, the printed skills, then any skill added."""
    nature_max: int
    """Nature before any tax."""
    fate: int
    persona: int
    conditions: list[ConditionName]
    free_checks: int


class CharacterView(Sheet):
    """A mouse at the table: its sheet and what the device works out from it."""

    checks: int
    """The free checks plus every trait's checks."""
    advances_due: list[str]
    """Ratings the player may now raise with ``mg.advance``."""
    prologue_done: bool


# A test


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


class DiceModifier(TypedDict):
    """Dice added to (or, negative, taken from) a test's pool, and why."""

    reason: str
    dice: int


class HelperView(TypedDict):
    """A mouse helping a side with a skill, an ability or a wise."""

    name: str
    via: str
    wise: bool


class SideView(TypedDict):
    """One side of a test (the tester, or a versus test's opponent)."""

    actor: str
    gm: bool
    """The GM's side: a number of dice and no sheet."""
    rating: str
    tested: str
    """The rating the result marks: ``rating``, or "Nature" when Nature stands in."""
    nature: Literal["", "within", "against"]
    step: int
    """The summary's step this side has reached, 1-11: each side keeps its own."""
    base: int
    pool: int
    modifiers: list[DiceModifier]
    helpers: list[HelperView]
    traits: list[str]
    tapped: bool
    rolled: bool
    faces: list[Face]
    """The roll with its rerolls."""
    explosion: list[Face]
    """The dice that axes added."""
    bonus: int
    """Successes added after the roll."""
    successes: int
    options_used: list[Option]


class WinTieLose(TypedDict):
    """The chances of a versus roll before it is made (or before the rival's is known)."""

    win: float
    tie: float
    lose: float


VersusChance = WinTieLose
"""A versus test's chance before the opponent has rolled: the raw roll."""


class ObChance(TypedDict):
    """The chance of reaching ``ob`` successes, now and with each open option.

    An option not open now is None; ``all`` counts every open option the
    mouse can pay for.
    """

    ob: int
    """The obstacle; in a versus test, the opponent's successes plus one (no
    plus one when a level 3 trait wins ties)."""
    now: float
    deeper_understanding: float | None
    of_course: float | None
    explode: float | None
    level_three: float | None
    all: float
    tie: NotRequired[float]
    """Versus, once the opponent has rolled, without a level 3 trait: a tie, with no option."""


TestChance = VersusChance | ObChance
"""The tester's exact chances; ``"ob" in chance`` tells the shapes apart."""


class OptionsView(TypedDict):
    """The after-roll options open to the tester now."""

    deeper_understanding: bool
    of_course: bool
    explode: bool
    level_three: bool


class TiebreakView(TypedDict):
    """A test's tiebreaker roll: each side's faces."""

    tester: list[Face]
    opponent: list[Face]


class TestView(TypedDict):
    """The test in progress."""

    kind: Literal["independent", "versus"]
    recovery: Literal[""] | ConditionName
    """The condition a recovery test (``mg.recover``) takes away on a pass; "" otherwise."""
    step: int
    """The furthest of the summary's steps any side has reached, 1-11."""
    ob: int
    """0 in a versus test."""
    tester: SideView
    opponent: SideView | None
    to_roll: Literal["tester", "opponent"] | None
    """The opponent rolls first; None once both have."""
    tied: bool
    winner: Literal["", "tester", "opponent", "neither"]
    """Who a tie-break gave the test to; "neither" after a second tie, which both fail."""
    tiebreakers: int
    tiebreak: TiebreakView
    """The tiebreaker's dice, each side's (empty before one is rolled)."""
    passed: bool | None
    """None until every side has rolled, and while a tie waits."""
    margin: int
    """By how much the tester is failing now."""
    chance: TestChance
    options: OptionsView


class LastResult(TypedDict):
    """How the last test ended."""

    character: str
    rating: str
    passed: bool
    outcome: Literal["", "twist", "condition"]
    condition: Literal[""] | ConditionName


class NoteView(TypedDict):
    """An obstacle or a twist the GM noted this session."""

    kind: Literal["obstacle", "twist"]
    text: str


# A conflict


class SkillsView(TypedDict):
    """The ratings each action tests in this conflict's type."""

    attack: list[str]
    defend: list[str]
    feint: list[str]
    maneuver: list[str]
    disposition: list[str]
    """The skill the captain tests for a starting disposition (one, or a choice)."""
    abilities: list[str]
    """The abilities its successes may be added to (a fight's Health or Nature)."""


class Part(TypedDict):
    """Something added to (or taken from) a disposition or a pool, and why."""

    reason: str
    amount: int


class ScriptView(TypedDict):
    """The counts of a team's script the table may see."""

    filled: int
    slots: int
    locked: bool
    revealed: int
    """How many of its actions are public."""
    summary: str
    """E.g. "GM: 3 of 3, locked", "Patrol: 1 of 3 revealed", or with several teams on the
    side "Patrol (Saxon's team): 2 of 3"."""


class ScriptedAction(TypedDict):
    """A scripted action and who performs it; unrevealed, it is a Secret's value."""

    action: Action
    actor: str


class RevealedAction(ScriptedAction):
    """A scripted action the table has seen revealed."""

    revealed: Literal[True]


class ArmsView(TypedDict):
    """The weapon or tactic ``member`` carries; ``choice`` is its mode or chosen action."""

    member: str
    weapon: str
    choice: str


class TeamView(TypedDict):
    """One team of a conflict (a side has one, or several)."""

    side: ConflictSide
    index: int
    """Its place among its side's teams, from 0."""
    name: str
    captain: str
    members: list[str]
    goal: str
    dice: int
    """What a member without a sheet rolls for any action."""
    start: int
    """The starting disposition, 0 until set."""
    disposition: int
    parts: list[Part]
    faces: list[Face]
    script: ScriptView
    actions: list[RevealedAction | Secret]
    """The volley's script in order. An unrevealed action is a Secret of the
    side holding a :class:`ScriptedAction`; after projection an audience
    other than that side sees ``{"hidden": true}`` there."""
    impeded: bool
    positioned: bool
    arms: list[ArmsView]
    disarmed: list[str]


class SidesView(TypedDict):
    """Each side's team in play (the one tested now, or scripting now), the GM's first."""

    gm: TeamView
    patrol: TeamView


# "1", "2" and "3" are not names, so these two use the functional form.
MarginOdds = TypedDict("MarginOdds", {"1": float, "2": float, "3": float})
"""The chance of passing by at least 1, 2 and 3 more successes."""

IndependentOdds = TypedDict("IndependentOdds", {"pass": float, "margin": MarginOdds})
"""An action tested against an obstacle: the chance that it counts (at least one success
and the obstacle: an Ob 0 action with no success does nothing), and of each margin."""

ActionOdds = IndependentOdds | WinTieLose
"""``"pass" in odds`` for an action against an obstacle; win, tie, lose for a versus roll.

The chances follow what is known: before the roll; in a versus roll, against the
successes of the side that has rolled (from either side). Once the side has rolled
(versus: once both have) every value is the result, 1.0 or 0.0, never a stale chance."""


ActionOption = Literal["deeper_understanding", "of_course", "explode", "level_three", "kept"]
"""What was done after an action roll: a wise's reroll, Fate on the axes, a level 3 trait,
or the roll kept as it is."""

WiseWay = Literal["deeper_understanding", "of_course"]

TieWay = Literal["level_three", "against", "tiebreaker"]
"""How a tied versus action was broken (the summary's Tests, step 10)."""


class TieView(TypedDict):
    """A broken versus tie: who won it ("" when the tiebreaker tied again) and how."""

    winner: Winner
    way: TieWay
    gm_faces: list[Face]
    """The tiebreaker's roll for the GM's side (empty unless ``way`` is "tiebreaker")."""
    patrol_faces: list[Face]


class AidView(TypedDict):
    """A helper's die on an action test: its skill or ability, or a wise (``wise``)."""

    name: str
    via: str
    wise: bool


class ActionTestView(TypedDict):
    """One side's test of a revealed action: the pool it rolls (or would roll now)."""

    side: ConflictSide
    actor: str
    action: Action
    ob: int | None
    """None in a versus roll."""
    rating: str
    nature: Literal["", "within", "against"]
    """How Nature stands in for ``instead`` (acting within or against it), or ""."""
    instead: str
    """The skill Nature (or the ability the table named) stands in for, or ""."""
    pool: int
    modifiers: list[Part]
    bonus: int
    """Weapons' added successes."""
    helpers: list[str]
    helps: list[AidView]
    """What each helper helps with, in order (older journals name nothing)."""
    trait_against: str
    """The trait the actor used against itself on this action, or ""."""
    trait_for: str
    """The trait the actor used for itself on this action, or ""."""
    rolled: bool
    faces: list[Face]
    tapped: bool
    """Whether Persona tapped Nature into the pool (a failure taxes Nature)."""
    explosion: list[Face]
    """The dice Fate added for axes."""
    options_used: list[ActionOption]
    fate_open: bool
    """Whether the actor may still spend Fate on the roll's axes."""
    wise_ways: list[WiseWay]
    """The wise rerolls the actor may still make (it has a wise and a failed die)."""
    wises: list[str]
    """The actor's wises, for those rerolls."""
    level_three: list[str]
    """The actor's level 3 traits it may still use on the roll."""
    waits: bool
    """Whether the action waits for the actor's wise, Fate or trait, or a kept roll."""
    successes: int
    odds: ActionOdds


class DispositionChange(TypedDict):
    """Disposition an action took from (negative) or gave back to ``side``."""

    side: ConflictSide
    reason: str
    amount: int


class ManeuverMargin(TypedDict):
    """A side's maneuver margin still to spend."""

    side: ConflictSide
    margin: int


class Bought(TypedDict):
    """What a side bought with its maneuver margin."""

    side: ConflictSide
    effects: list[Effect]


class ExchangeView(TypedDict):
    """One revealed pair of actions, from the reveal until its effects are settled."""

    volley: int
    slot: int
    gm: ScriptedAction
    patrol: ScriptedAction
    interaction: Interaction
    tests: list[ActionTestView]
    changes: list[DispositionChange]
    maneuvers: list[ManeuverMargin]
    bought: list[Bought]
    tied: bool
    """A versus roll tied and waiting for the tie to be broken."""
    tie: TieView | None
    """How the tie was broken; None when there was none to break."""


class LogRoll(TypedDict):
    """One side's roll in a settled pair, as it stood when the pair settled."""

    side: ConflictSide
    actor: str
    rating: str
    ob: int | None
    """None in a versus roll."""
    faces: list[Face]
    """Every die as it lies: the roll with its rerolls, then Fate's explosion."""
    successes: int
    margin: int
    """Successes over the obstacle, or over the other side's in a versus roll (negative
    when fewer; a broken tie is won by 1)."""


class LogEntry(TypedDict):
    """One settled pair of actions in the volley log: both actions, both rolls, who won,
    what the margin bought and how the dispositions changed."""

    volley: int
    slot: int
    gm: ScriptedAction
    patrol: ScriptedAction
    interaction: Interaction
    rolls: list[LogRoll]
    winner: Winner
    """The side that won a versus roll; "" in other meetings or when both failed a tie."""
    tie: TieView | None
    changes: list[DispositionChange]
    bought: list[Bought]
    dispositions: LostView
    """Each side's disposition (its team in this pair) once the pair had settled."""


class LostView(TypedDict):
    """How much of its starting disposition each side lost."""

    gm: int
    patrol: int


class CompromiseRow(TypedDict):
    """A row of the compromise table: each side's terms for a band."""

    band: Band
    winner: str
    loser: str


class CompromiseView(TypedDict):
    """The compromise once the conflict is over; ``winner`` is "" when nobody won."""

    winner: Winner
    loser: Winner
    lost: LostView
    band: Band
    winner_terms: str
    loser_terms: str
    table: list[CompromiseRow]
    """Every band, "none" to "major"."""


class WeaponView(TypedDict):
    """A weapon or argument tactic a member may take up in this conflict (``mg.arm``)."""

    weapon: str
    """As ``mg.arm`` names it, e.g. "hook_and_line"."""
    title: str
    choices: list[str]
    """What a mouse picks when taking it up (a sword's action, a halberd's hold); empty
    when nothing."""
    costs: list[AbilityDice]
    """Dice its bearer's rolls of an ability gain or lose while it is carried (the sheet's
    Shield: -1D Health)."""


class AbilityDice(TypedDict):
    """Dice every roll of ``ability`` gains (negative: loses)."""

    ability: str
    dice: int


class ConflictView(TypedDict):
    """The conflict in progress."""

    type: str
    """The conflict type, e.g. "fight" (see :data:`.conflict.skills.TYPES`)."""
    title: str
    status: Status
    volley: int
    """Volleys begun."""
    revealed: int
    """Actions revealed in this volley."""
    skills: SkillsView
    sides: SidesView
    teams: list[TeamView]
    """Every team, the GM's first, each side's in order."""
    exchange: ExchangeView | None
    """The revealed pair being tested."""
    history: list[ExchangeView]
    """Every settled action, oldest first."""
    log: list[LogEntry]
    """The volley log: every settled pair, oldest first, as the table reads it back."""
    compromise: CompromiseView | None
    armoury: list[WeaponView]
    """The weapons and tactics this type of conflict allows under the ruleset."""


class LastConflict(TypedDict):
    """How the last conflict ended, kept after ``mg.end_conflict`` closed it."""

    type: str
    opponent: str
    """The GM's side's name."""
    winner: Winner
    """"" when nobody won or the conflict was abandoned."""
    band: Band | Literal[""]
    """The compromise's band; "" when the conflict was abandoned."""
    lost: LostView
    winner_terms: str
    """The terms the table agreed for the winner, in its own words ("" if none given)."""
    loser_terms: str
    abandoned: bool
    """Whether the conflict was ended before a side had won."""


class MouseGuardView(TypedDict):
    """Everything the table screen shows of a Mouse Guard session."""

    game: str
    """The game's name: its ruleset's (``mouse-guard``, ``regelhuskeark``)."""
    phase: Phase
    sessions_begun: int
    """Each prologue begins one."""
    mission: str
    notes: list[NoteView]
    """This session's obstacles and twists, oldest first; a new session clears them."""
    ruleset: RulesetView
    characters: list[CharacterView]
    test: TestView | None
    last_result: LastResult | None
    conflict: ConflictView | None
    last_conflict: LastConflict | None
    """How the last conflict ended; None before one has ended."""
    legal: list[str]
    """Command kinds that can currently succeed."""
