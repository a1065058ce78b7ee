"""Invariants that hold after any command, checked over random games (hypothesis)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules.mice_mystics.mm_support import GAME, Table, group, started

from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, fold
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.rules.mice_mystics.state import Ask, State

_NOT_DRAWN = frozenset({"mm.set_stats", "mm.declare_victory"})
_CARDS = ("Sword", "Bow", "Cap")
_MINIONS = ("rat_warrior", "roach", "spider", "brodie", "vanestra")


def _groups(data: st.DataObject) -> tuple[MinionGroup, ...]:
    kinds = data.draw(st.lists(st.sampled_from(_MINIONS), min_size=1, max_size=2, unique=True))
    return tuple(
        group(k, 1 if k in ("brodie", "vanestra") else data.draw(st.integers(1, 3))) for k in kinds
    )


def _answer(state: State, data: st.DataObject) -> Command:
    question = state.pending[0]
    if question.ask is Ask.DEFEND:
        return cmd.Defend()
    if question.ask is Ask.BOSS_WOUNDS:
        pick = st.sampled_from(question.options)
        return cmd.PlaceBossWounds(tuple(data.draw(pick) for _ in range(question.hits)))
    if question.ask is Ask.SURGE:
        source = data.draw(st.sampled_from(question.options))
        minions = _groups(data) if source == "room" and data.draw(st.booleans()) else ()
        return cmd.ResolveSurge(source, minions)  # type: ignore[arg-type]
    if question.ask is Ask.SEARCH_CARD:
        choice = data.draw(st.sampled_from(("keep", "trick", "cheese", "event", "party")))
        weapon = data.draw(st.sampled_from(("", "melee", "ranged"))) if choice == "keep" else ""
        return cmd.TakeSearchCard(choice, f"Card {data.draw(st.integers(0, 9))}", weapon)  # type: ignore[arg-type]
    return cmd.DiscardCard(question.hero, data.draw(st.sampled_from(question.options)))


def _command(state: State, data: st.DataObject) -> Command:
    if state.pending:
        return _answer(state, data)
    kind = data.draw(st.sampled_from(sorted(GAME.legal_commands(state) - _NOT_DRAWN)))
    heroes = [m.stats.id for m in state.mice]
    hero = data.draw(st.sampled_from(heroes))
    cards = [c.id for c in state.minions] or ["rat_warrior"]
    targets = st.sampled_from(cards)
    build = {
        "mm.end_turn": lambda: cmd.EndTurn(),
        "mm.roll_movement": lambda: cmd.RollMovement(),
        "mm.scurry": lambda: cmd.Scurry(),
        "mm.attack": lambda: cmd.Attack(
            data.draw(targets), ranged=data.draw(st.booleans()), bonus=data.draw(st.integers(0, 2))
        ),
        "mm.minion_attack": lambda: cmd.MinionAttack(
            tuple(
                data.draw(st.lists(st.sampled_from(heroes), min_size=1, max_size=2, unique=True))
            ),
            poison=data.draw(st.booleans()),
        ),
        "mm.search": lambda: cmd.Search(data.draw(st.sampled_from(("Hall", "Kitchen")))),
        "mm.recover": lambda: cmd.Recover(),
        "mm.explore": lambda: cmd.Explore(data.draw(st.sampled_from((None, True, False)))),
        "mm.mousetrap": lambda: cmd.Mousetrap(use_lore=data.draw(st.booleans())),
        "mm.climb_out": lambda: cmd.ClimbOut(data.draw(st.integers(0, 3))),
        "mm.level_up": lambda: cmd.LevelUp("New ability"),
        "mm.share": lambda: cmd.Share(hero, give_cheese=data.draw(st.integers(0, 1))),
        "mm.equip": lambda: _equip(state, data),
        "mm.use_ability": lambda: cmd.UseAbility(hero, "Ability", data.draw(st.integers(0, 1))),
        "mm.draw_encounter": lambda: cmd.DrawEncounter(
            _groups(data),
            ambush=data.draw(st.booleans()),
            greedy_roaches=data.draw(st.booleans()),
            surge=_groups(data),
            disguises=data.draw(st.booleans()),
        ),
        "mm.add_minions": lambda: cmd.AddMinions(_groups(data), ambush=data.draw(st.booleans())),
        "mm.wound_mouse": lambda: cmd.WoundMouse(
            hero, data.draw(st.integers(1, 3)), data.draw(st.booleans())
        ),
        "mm.capture_mouse": lambda: cmd.CaptureMouse(hero),
        "mm.heal_mouse": lambda: cmd.HealMouse(hero, 1, data.draw(st.booleans())),
        "mm.set_marker": lambda: cmd.SetMarker(
            hero,
            data.draw(st.sampled_from(("stunned", "webbed", "knocked_down", "charmed"))),
            data.draw(st.booleans()),
        ),
        "mm.gain_cheese": lambda: cmd.GainCheese(hero, data.draw(st.integers(1, 4))),
        "mm.wound_minion": lambda: cmd.WoundMinion(data.draw(targets), _some(data)),
        "mm.remove_minion": lambda: cmd.RemoveMinion(data.draw(targets)),
        "mm.roach_steal": lambda: cmd.RoachSteal(hero, data.draw(st.booleans())),
        "mm.party_item": lambda: cmd.PartyItem("Disguises", "Disguises" not in state.party),
        "mm.story_achievement": lambda: cmd.StoryAchievement("Deed", data.draw(st.integers(0, 1))),
        "mm.discard_card": lambda: cmd.DiscardCard(hero, "Card 1"),
        "mm.set_equipment": lambda: cmd.SetEquipment(
            hero,
            tuple(
                cmd.EquipmentCard(name, data.draw(st.sampled_from(("", "melee", "ranged"))))
                for name in data.draw(
                    st.lists(st.sampled_from(("Sword", "Bow", "Cap")), max_size=2)
                )
            ),
        ),
        "mm.define_boss": lambda: cmd.DefineBoss(
            "vanestra",
            "Vanestra",
            tuple(
                cmd.BossCard(f"c{n}", f"Card {n}", 2, 2, data.draw(st.integers(1, 3)))
                for n in range(data.draw(st.integers(1, 4)))
            ),
        ),
    }
    return build[kind]()


def _some(data: st.DataObject) -> int:
    return data.draw(st.integers(1, 3))


def _equip(state: State, data: st.DataObject) -> Command:
    mouse = state.current_mouse
    assert mouse is not None
    if data.draw(st.booleans()):
        return cmd.Equip(unequip=mouse.wielded[:1])
    return cmd.Equip(equip=mouse.pack[:1])


def _check(state: State) -> None:
    assert 0 <= state.wheel.cheese < 6
    track = state.chapter_track
    assert track.hourglass <= track.end
    if track.hourglass >= track.end:
        assert state.outcome.value == "defeat"
    cards = state.track.cards
    assert len(cards) == len(set(cards))
    assert {c for c in cards if not state.is_mouse(c)} == {c.id for c in state.minions}
    assert all(card.figures > 0 for card in state.minions)
    assert all(state.is_mouse(m.stats.id) and m.stats.id in cards for m in state.mice)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(0, 2**16))
def test_any_command_keeps_the_invariants(data: st.DataObject, seed: int) -> None:
    """Each card on the track at most once, the wheel below 6, the hourglass never past the end
    marker (and on it only in defeat), legal_commands honest, and the journal replays to the
    same state with no die rolled again."""
    table: Table = started(None, heroes=("collin", "nez", "lily"), end_page=5, seed=seed)
    table.rng = random.Random(seed)
    for _ in range(60):
        if table.state.outcome.value != "playing":
            break
        command = _command(table.state, data)
        legal = GAME.legal_commands(table.state)
        try:
            table.do(command)
        except RuleError:
            continue
        assert command.kind in legal
        _check(table.state)
    assert fold(GAME, GAME.start(), table.events) == table.state
    json.dumps(table.view())
