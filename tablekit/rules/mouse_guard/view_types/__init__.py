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

The types live by what they describe: :mod:`.sheet`, :mod:`.ruleset`, :mod:`.test`,
:mod:`.action` (a conflict action's test) and :mod:`.conflict`; every one of them is
imported from here.
"""

from __future__ import annotations

from typing import Literal, TypedDict

from tablekit.rules.mouse_guard.view_types.action import (
    Action,
    ActionOdds,
    ActionOption,
    ActionTestView,
    AidView,
    ConflictSide,
    IndependentOdds,
    MarginOdds,
    Part,
    TieView,
    TieWay,
    Winner,
    WiseWay,
)
from tablekit.rules.mouse_guard.view_types.conflict import (
    AbilityDice,
    ArmsView,
    Band,
    Bought,
    CompromiseRow,
    CompromiseView,
    ConflictView,
    DispositionChange,
    Effect,
    ExchangeView,
    Interaction,
    LastConflict,
    LogEntry,
    LogRoll,
    LostView,
    ManeuverMargin,
    RevealedAction,
    ScriptedAction,
    ScriptView,
    SidesView,
    SkillsView,
    Status,
    TeamView,
    WeaponView,
)
from tablekit.rules.mouse_guard.view_types.ruleset import (
    ConditionRuleView,
    RulesetView,
    WordView,
)
from tablekit.rules.mouse_guard.view_types.sheet import (
    CharacterView,
    ConditionName,
    Contacts,
    Identity,
    RatingView,
    Sheet,
    TraitView,
    WiseView,
)
from tablekit.rules.mouse_guard.view_types.test import (
    DiceModifier,
    Face,
    HelperView,
    LastResult,
    ObChance,
    Option,
    OptionsView,
    SideView,
    TestChance,
    TestView,
    TiebreakView,
    VersusChance,
    WinTieLose,
)

__all__ = [
    "AbilityDice",
    "Action",
    "ActionOdds",
    "ActionOption",
    "ActionTestView",
    "AidView",
    "ArmsView",
    "Band",
    "Bought",
    "CharacterView",
    "CompromiseRow",
    "CompromiseView",
    "ConditionName",
    "ConditionRuleView",
    "ConflictSide",
    "ConflictView",
    "Contacts",
    "DiceModifier",
    "DispositionChange",
    "Effect",
    "ExchangeView",
    "Face",
    "HelperView",
    "Identity",
    "IndependentOdds",
    "Interaction",
    "LastConflict",
    "LastResult",
    "LogEntry",
    "LogRoll",
    "LostView",
    "ManeuverMargin",
    "MarginOdds",
    "MouseGuardView",
    "NoteView",
    "ObChance",
    "Option",
    "OptionsView",
    "Part",
    "Phase",
    "RatingView",
    "RevealedAction",
    "RulesetView",
    "ScriptView",
    "ScriptedAction",
    "Sheet",
    "SideView",
    "SidesView",
    "SkillsView",
    "Status",
    "TeamView",
    "TestChance",
    "TestView",
    "TieView",
    "TieWay",
    "TiebreakView",
    "TraitView",
    "VersusChance",
    "WeaponView",
    "WinTieLose",
    "Winner",
    "WiseView",
    "WiseWay",
    "WordView",
]


Phase = Literal["setup", "prologue", "mission", "goals", "gm_turn", "players_turn", "winter"]
"""Where the session stands (the summary, Game Structure)."""


class NoteView(TypedDict):
    """An obstacle or a twist the GM noted this session."""

    kind: Literal["obstacle", "twist"]
    text: str


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
