"""Task checks, scenario by scenario, from the seed (mouse-card-system.txt).

Each test names the seed's section it comes from: the opening, "Task checks",
"How to draw cards" (with the special cards after it) and "Fate Chips".
Cards are named in each draw, as a table drawing from its own deck would.
"""

from __future__ import annotations

import pytest
from rules.mouse_card.mc_support import Table

from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_card import commands as cmd
from tablekit.rules.mouse_card import events as ev


@pytest.fixture
def table() -> Table:
    made = Table()
    made.add("Kenzie", "Fighter", 3, fate=1)
    return made


def test_face_cards_or_better_beat_the_common_target(table: Table) -> None:
    """Opening: the common target is face cards or better (J, Q, K, A)."""
    table.task(target="J", needed=2)
    table.draw("10H")
    table.draw("JC")
    table.draw("QD")
    assert table.now.successes == 2
    table.do(cmd.EndTurn())
    assert table.state.last is not None and table.state.last.result == "passed"


def test_a_player_draws_up_to_the_traits_level(table: Table) -> None:
    """Task checks: draw up to the chosen trait's number of cards."""
    table.task(needed=3)
    for card in ("4H", "5H", "6H"):
        table.draw(card)
    with pytest.raises(RuleError, match="every card this turn allows"):
        table.draw("7H")


def test_one_turn_short_of_the_successes_fails(table: Table) -> None:
    """Task checks: some tasks need more than one success."""
    table.task(needed=2)
    table.draw("KH")  # a king: a success and one more card
    for card in ("4H", "5H", "6H"):
        table.draw(card)
    table.do(cmd.EndTurn())
    last = table.state.last
    assert last is not None and (last.result, last.total, last.needed) == ("failed", 1, 2)
    assert table.state.task is None


def test_an_extended_task_adds_successes_over_turns(table: Table) -> None:
    """Task checks: over an extended period, each turn draws up to the level again."""
    table.task(needed=3, extended=True)
    table.draw("QH")
    table.draw("4C")
    table.draw("JS")
    table.do(cmd.EndTurn())
    assert table.state.last is not None and table.state.last.result == "continues"
    assert (table.now.banked, table.now.turn, table.now.draws_left) == (2, 2, 3)
    table.draw("AD")
    table.do(cmd.EndTurn())
    last = table.state.last
    assert last is not None and (last.result, last.total) == ("passed", 4)


@pytest.mark.parametrize(
    ("where", "bad"),
    [
        ((), ()),
        (("combat",), ("RJ",)),
        (("unknown",), ("BJ",)),
        (("combat", "unknown"), ("RJ", "BJ")),
    ],
)
def test_jokers_are_bad_by_circumstance(
    table: Table, where: tuple[str, ...], bad: tuple[str, ...]
) -> None:
    """Task checks: red jokers in combat, black in the unknown, both in combat in the unknown."""
    assert table.task(circumstances=where).bad == bad


def test_aged_widens_the_bad_range_on_physical_tasks_only() -> None:
    """Task checks: the first level of Aged adds deuces, the second threes, of the jokers'
    colours; only for physical tasks."""
    table = Table()
    table.add("Kenzie", "Fighter", 3, disadvantages={"Aged": 2})
    task = table.task(circumstances=("combat",), physical=True)
    assert set(task.bad) == {"RJ", "2D", "2H", "3D", "3H"}
    table.do(cmd.AbandonTask())
    assert table.task(circumstances=("combat",), physical=False).bad == ("RJ",)


def test_aged_without_a_bad_colour_hinders_in_both() -> None:
    """Task checks, Aged (our reading): with no circumstance naming a colour, both count."""
    table = Table()
    table.add("Kenzie", "Fighter", 3, disadvantages={"Aged": 1})
    task = table.task(physical=True)
    assert set(task.bad) == {"RJ", "BJ", "2C", "2D", "2H", "2S"}


def test_leader_widens_the_range_only_for_the_tasks_it_hinders() -> None:
    """Task checks: Leader or another disadvantage, for the tasks it would hurt."""
    table = Table()
    table.add("Kenzie", "Fighter", 3, disadvantages={"Leader": 1})
    assert table.task(circumstances=("unknown",)).bad == ("BJ",)
    table.do(cmd.AbandonTask())
    hindered = table.task(circumstances=("unknown",), hindered_by=("Leader",))
    assert set(hindered.bad) == {"BJ", "2C", "2S"}
    table.do(cmd.AbandonTask())
    with pytest.raises(RuleError, match="no disadvantage Shy"):
        table.task(hindered_by=("Shy",))
    with pytest.raises(RuleError, match="mark the task physical"):
        table.task(hindered_by=("Aged",))


def test_a_bird_of_prey_fears_red_on_the_ground_not_in_combat() -> None:
    """Task checks: birds of prey are built for violence; red is bad on the ground instead."""
    table = Table()
    table.add("Kenzie", "Talons", 3, creature="bird_of_prey")
    assert table.task(trait="Talons", circumstances=("combat",)).bad == ()
    table.do(cmd.AbandonTask())
    assert table.task(trait="Talons", circumstances=("ground",)).bad == ("RJ",)


def test_a_bad_card_keeps_the_successes_and_stops_a_cautious_draw(table: Table) -> None:
    """Task checks / How to draw cards: a bad card negates no success drawn, but the
    cautious drawer waits for the next turn."""
    table.task(needed=1, circumstances=("combat",), extended=True)
    table.draw("QS")
    table.draw("RJ")
    assert table.now.stopped and table.now.successes == 1
    with pytest.raises(RuleError, match="stopped Kenzie's draw"):
        table.draw("KS")
    table.do(cmd.EndTurn())
    last = table.state.last
    assert last is not None and (last.result, last.bad) == ("passed", ("RJ",))


def test_going_for_broke_draws_every_card_at_once_and_bad_cards_add_up() -> None:
    """How to draw cards: all at once; several bad cards magnify what happens, and the
    successes drawn with them still count."""
    table = Table()
    table.add("Kenzie", "Fighter", 4, disadvantages={"Aged": 1})
    table.task(mode="broke", circumstances=("combat",), physical=True, needed=1)
    with pytest.raises(RuleError, match="takes 4 cards"):
        table.draw("QS")
    table.draw("QS", "RJ", "2H", "9C")
    assert table.now.bad_drawn == ("RJ", "2H") and table.now.successes == 1
    table.do(cmd.EndTurn())
    last = table.state.last
    assert last is not None and (last.result, len(last.bad)) == ("passed", 2)


def test_a_king_draws_one_more_card(table: Table) -> None:
    """Special cards: a king lets the player draw an additional card."""
    table.task(mode="broke", needed=5)
    table.draw("KS", "4C", "5C")
    assert table.now.draws_left == 1
    table.draw("KD")
    assert table.now.draws_left == 1
    table.draw("6C")
    assert table.now.draws_left == 0 and table.now.successes == 2


def test_an_ace_adds_a_success(table: Table) -> None:
    """Special cards: an ace may add an extra success."""
    table.task(needed=2)
    table.draw("AH")
    assert table.now.successes == 2


def test_an_ace_cancels_a_jokers_effect_and_the_draw_goes_on(table: Table) -> None:
    """Special cards: an ace may cancel another card's effect, such as a joker's."""
    table.task(needed=3, circumstances=("combat",))
    table.draw("AH")
    table.draw("RJ")
    assert table.now.stopped
    table.do(cmd.Cancel("RJ", "ace"))
    assert not table.now.stopped and table.now.successes == 1
    table.draw("QC")
    assert table.now.successes == 2
    with pytest.raises(RuleError, match="RJ has none"):  # its effect is gone already
        table.do(cmd.Cancel("RJ", "ace"))


def test_without_an_ace_a_bad_card_is_cancelled_only_with_a_fate_chip(table: Table) -> None:
    """Special cards and Fate Chips: the ace, or a chip that works like one."""
    table.task(needed=3, circumstances=("combat",))
    table.draw("RJ")
    with pytest.raises(RuleError, match="No ace on the table"):
        table.do(cmd.Cancel("RJ", "ace"))
    table.do(cmd.Cancel("RJ", "fate"))
    assert not table.now.stopped and table.state.character("Kenzie").fate == 0


def test_only_a_bad_card_can_be_cancelled(table: Table) -> None:
    table.task(needed=3)
    table.draw("AH")
    table.draw("4C")
    with pytest.raises(RuleError, match="4C has none"):
        table.do(cmd.Cancel("4C", "ace"))
    with pytest.raises(RuleError, match="not on the table"):
        table.do(cmd.Cancel("5C", "ace"))


@pytest.mark.parametrize("where", [(), ("combat",)])
def test_every_joker_reshuffles_the_deck_even_a_cancelled_or_harmless_one(
    table: Table, where: tuple[str, ...]
) -> None:
    """Special cards, jokers: reshuffled whether the joker affected the mouse or not."""
    table.task(needed=1, circumstances=where, extended=True)
    table.draw("9C")
    table.do(cmd.EndTurn())
    assert table.state.deck.discard == ("9C",)
    events = table.draw("BJ")
    shuffles = [e for e in events if isinstance(e, ev.Shuffled)]
    assert [s.why for s in shuffles] == ["joker"]
    assert table.state.deck.discard == () and "9C" in table.state.deck.pile


def test_the_gm_reshuffles_at_a_chapters_end(table: Table) -> None:
    """Special cards, jokers: the deck is also reshuffled at every chapter's end."""
    table.task(needed=1)
    table.draw("9C")
    with pytest.raises(RuleError, match="Finish the turn first"):
        table.do(cmd.EndChapter())
    table.do(cmd.EndTurn())
    events = table.do(cmd.EndChapter())
    assert isinstance(events[-1], ev.Shuffled) and events[-1].why == "chapter"
    assert len(table.state.deck.pile) == 54 and table.state.chapter == 2


def test_fate_chips_are_awarded_held_and_spent_like_aces(table: Table) -> None:
    """Fate Chips: given by the GM, kept indefinitely, they work like aces."""
    table.do(cmd.AwardFate("kenzie", 2))
    table.do(cmd.EndChapter())
    assert table.state.character("Kenzie").fate == 3
    table.task(needed=2, circumstances=("unknown",))
    table.draw("BJ")
    table.do(cmd.Cancel("BJ", "fate"))
    table.do(cmd.SpendFate())
    table.draw("JD")
    assert table.now.successes == 2 and table.state.character("Kenzie").fate == 1


def test_a_deus_ex_machina_costs_a_chip_and_is_kept(table: Table) -> None:
    """Fate Chips: extraordinary things, outside the characters' reach, with the GM's approval."""
    table.do(cmd.DeusExMachina("Kenzie", "A hawk is scared off by a storm"))
    assert table.state.character("Kenzie").fate == 0
    assert table.state.miracles[0].what == "A hawk is scared off by a storm"
    with pytest.raises(RuleError, match="no fate chip"):
        table.do(cmd.DeusExMachina("Kenzie", "Another"))


@pytest.mark.parametrize(
    ("command", "says"),
    [
        (cmd.BeginTask("Kenzie", "Sing"), "no trait Sing"),
        (cmd.BeginTask("Nobody", "Fighter"), "There is no Nobody"),
        (cmd.AddCharacter("Kenzie", traits={"X": 1}), "already at the table"),
        (cmd.AddCharacter(" kenzie ", traits={"X": 1}), "already at the table"),
        (cmd.AddCharacter("Saxon", traits={"Scout": 1, "scout ": 2}), "scout is named twice"),
        (cmd.BeginTask("Kenzie", "Fighter", hindered_by=("Greedy",)), "no disadvantage Greedy"),
        (cmd.Draw(), "No task check is under way"),
        (cmd.EndTurn(), "No task check is under way"),
    ],
)
def test_a_refused_command_says_why_and_changes_nothing(
    table: Table, command: cmd.Command, says: str
) -> None:
    before = table.state
    with pytest.raises(RuleError, match=says) as refused:
        table.do(command)
    assert table.state == before
    assert "\n" not in str(refused.value)


def test_a_card_not_in_the_deck_cannot_be_drawn(table: Table) -> None:
    table.task(needed=1, extended=True)
    table.draw("9C")
    with pytest.raises(RuleError, match="9C is not in the deck"):
        table.draw("9C")
    table.do(cmd.EndTurn())
    with pytest.raises(RuleError, match="Draw at least one card"):
        table.do(cmd.EndTurn())
