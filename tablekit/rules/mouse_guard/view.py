"""What the table screen shows, as JSON-ready data.

Nothing in a Mouse Guard test is secret; in a conflict, each unrevealed
scripted action is a Secret of its side (see :mod:`.conflict.view` for the
``conflict`` part). Its shape::

    {
      "game": "mouse-guard",
      "phase": "setup" | "prologue" | "mission" | "goals" | "gm_turn" | "players_turn"
               | "winter",
      "sessions_begun": int,           # sessions begun (each prologue begins one)
      "mission": str,
      "ruleset": {"level_three": "success" | "reroll", "level_two_every_roll": bool},
      "characters": [
        {...the sheet as sheet_json gives it: name, identity, belief, goal, instinct,
         contacts, gear, traits [{name, level, used, checks, charged}],
         wises [{name, passed, failed, fate, persona}],
         ratings [{name, rating, passes, fails}], nature_max, fate, persona,
         conditions [str], free_checks...,
         "checks": int,                # free checks plus every trait's checks
         "advances_due": [str],        # ratings the player may now raise with mg.advance
         "prologue_done": bool},
      ],
      "test": None | {
        "kind": "independent" | "versus",
        "step": int,                   # the summary's step reached, 1-11
        "ob": int,                     # 0 in a versus test
        "tester": SIDE, "opponent": SIDE | None,
        "to_roll": "tester" | "opponent" | None,
        "tied": bool, "winner": "" | "tester" | "opponent", "tiebreakers": int,
        "passed": bool | None,         # None until every side has rolled and no tie waits
        "margin": int,                 # by how much the tester is failing now
        "chance": {                    # exact, for the tester
            # a versus test before the opponent rolls: the raw roll
            "win": float, "tie": float, "lose": float,
          } | {
            "ob": int,                 # the obstacle (versus: the opponent's successes + 1)
            "now": float,              # with no further option
            "deeper_understanding": float | None,   # None when not open now
            "of_course": float | None, "explode": float | None, "level_three": float | None,
            "all": float,              # with every open option the mouse can pay for
            "tie": float},             # versus, opponent rolled, no level 3 trait: a tie
        "options": {"deeper_understanding": bool, "of_course": bool, "explode": bool,
                    "level_three": bool},   # open to the tester now
      },
      "last_result": None | {"character": str, "rating": str, "passed": bool,
                             "outcome": "" | "twist" | "condition", "condition": str},
      "conflict": None | CONFLICT,     # see tablekit.rules.mouse_guard.conflict.view
      "legal": [str],                  # command kinds that can currently succeed
    }

    SIDE = {"actor": str, "gm": bool, "rating": str, "tested": str,
            "nature": "" | "within" | "against", "base": int, "pool": int,
            "modifiers": [{"reason": str, "dice": int}],
            "helpers": [{"name": str, "via": str, "wise": bool}],
            "traits": [str], "tapped": bool, "rolled": bool,
            "faces": [str], "explosion": [str],       # "snake" | "sword" | "axe"
            "bonus": int, "successes": int, "options_used": [str]}
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from tablekit.rules.mouse_guard.chances import open_options, test_chances
from tablekit.rules.mouse_guard.character import Character
from tablekit.rules.mouse_guard.conflict.view import conflict_view
from tablekit.rules.mouse_guard.legal import legal_commands
from tablekit.rules.mouse_guard.sheet import sheet_json
from tablekit.rules.mouse_guard.state import Side, State, Test


def view(state: State) -> dict[str, Any]:
    """The table view of ``state``."""
    return {
        "game": "mouse-guard",
        "phase": state.phase.value,
        "sessions_begun": state.session,
        "mission": state.mission,
        "ruleset": asdict(state.ruleset),
        "characters": [_character(c, state) for c in state.characters],
        "test": None if state.test is None else _test(state.test, state),
        "last_result": None if state.last is None else asdict(state.last),
        "conflict": conflict_view(state),
        "legal": sorted(legal_commands(state)),
    }


def _character(character: Character, state: State) -> dict[str, Any]:
    return sheet_json(character) | {
        "checks": character.checks,
        "advances_due": [r.name for r in character.ratings if r.advance_due],
        "prologue_done": character.name in state.prologues,
    }


def _test(test: Test, state: State) -> dict[str, Any]:
    mouse = state.character(test.tester.actor) if state.has(test.tester.actor) else None
    opponent = test.opponent
    to_roll = None
    if opponent is not None and not opponent.rolled:
        to_roll = "opponent"
    elif not test.tester.rolled:
        to_roll = "tester"
    settled = test.rolled and not test.tied
    return {
        "kind": "independent" if opponent is None else "versus",
        "step": int(test.step),
        "ob": test.ob,
        "tester": _side(test.tester),
        "opponent": None if opponent is None else _side(opponent),
        "to_roll": to_roll,
        "tied": test.tied,
        "winner": test.winner,
        "tiebreakers": test.tiebreaker,
        "passed": test.passed if settled else None,
        "margin": test.margin,
        "chance": test_chances(test, mouse, state.ruleset),
        "options": open_options(test, test.tester, mouse, state.ruleset),
    }


def _side(side: Side) -> dict[str, Any]:
    return {
        "actor": side.actor,
        "gm": side.gm,
        "rating": side.rating,
        "tested": side.tested,
        "nature": side.nature,
        "base": side.base,
        "pool": side.pool,
        "modifiers": [asdict(m) for m in side.modifiers],
        "helpers": [asdict(h) for h in side.helpers],
        "traits": list(side.traits),
        "tapped": side.tapped,
        "rolled": side.rolled,
        "faces": list(side.faces),
        "explosion": list(side.explosion),
        "bonus": side.bonus,
        "successes": side.successes,
        "options_used": list(side.options),
    }
