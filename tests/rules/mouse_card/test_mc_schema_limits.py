"""Mouse Card commands meet one validation layer (issue 12, Build item 1): each field's type,
range and length is declared once, on the command's schema, and a line outside it is
refused naming the field, the value given and what is allowed, changing nothing. What
depends on the table (who sits at it, what a character has, how many chips it holds) is
still the rules' to refuse, in their own words."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from clocks import TEST_CLOCK

from tablekit import catalog
from tablekit.rules.errors import RuleError
from tablekit.rules.mouse_card import commands as cmd
from tablekit.session import Journal, Session, codec
from tablekit.session.codec import CommandError


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Session[Any]]:
    """Kenzie the fighter, with 95 fate chips, at a table with no task yet."""
    journal = Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK)
    game = catalog.rules_of(catalog.listings()["mouse-card"])
    session: Session[Any] = Session.create(journal, "c", game)
    session.apply(cmd.AddCharacter("Kenzie", traits={"Fighter": 3}, fate=95))
    yield session
    journal.close()


def add(**fields: object) -> dict[str, object]:
    return {"type": "mc.add_character", "name": "Saxon", "traits": {"Scout": 2}, **fields}


def task(**fields: object) -> dict[str, object]:
    return {"type": "mc.begin_task", "character": "Kenzie", "trait": "Fighter", **fields}


CARD = "Expected str matching regex '^(?i:(?:[2-9]|10|[JQKA])[CDHS]|RJ|BJ)$'"

LIMITS = [
    (add(name=""), 'mc.add_character: name: Expected str of length >= 1 (given "")'),
    (
        add(name="   "),
        "mc.add_character: name: Expected str matching regex '\\\\S' (given \"   \")",
    ),
    (add(name="S" * 41), 'mc.add_character: name: Expected str of length <= 40 (given "SSS'),
    (add(name=7), "mc.add_character: name: Expected str, got int (given 7)"),
    (add(traits={}), "mc.add_character: traits: Expected object of length >= 1 (given {})"),
    (
        add(traits={f"T{i}": 1 for i in range(21)}),
        'mc.add_character: traits: Expected object of length <= 20 (given {"T0": 1',
    ),
    (
        add(traits={"Scout": 7}),
        'mc.add_character: traits[...]: Expected int <= 6 (given {"Scout": 7})',
    ),
    (
        add(traits={"Scout": 0}),
        'mc.add_character: traits[...]: Expected int >= 1 (given {"Scout": 0})',
    ),
    (
        add(traits={"": 1}),
        'mc.add_character: traits (a key): Expected str of length >= 1 (given {"": 1})',
    ),
    (
        add(traits={" ": 1}),
        "mc.add_character: traits (a key): Expected str matching regex '\\\\S' (given {\" \": 1})",
    ),
    (
        add(disadvantages={"Aged": 9}),
        'mc.add_character: disadvantages[...]: Expected int <= 6 (given {"Aged": 9})',
    ),
    (add(fate=-1), "mc.add_character: fate: Expected int >= 0 (given -1)"),
    (add(fate=100), "mc.add_character: fate: Expected int <= 99 (given 100)"),
    (
        {"type": "mc.award_fate", "character": "Kenzie", "chips": 0},
        "mc.award_fate: chips: Expected int >= 1 (given 0)",
    ),
    (
        {"type": "mc.award_fate", "character": "Kenzie", "chips": 11},
        "mc.award_fate: chips: Expected int <= 10 (given 11)",
    ),
    (
        {"type": "mc.award_fate", "character": "K" * 41},
        'mc.award_fate: character: Expected str of length <= 40 (given "KKK',
    ),
    (task(character=""), 'mc.begin_task: character: Expected str of length >= 1 (given "")'),
    (task(trait=" "), "mc.begin_task: trait: Expected str matching regex '\\\\S' (given \" \")"),
    (
        task(target="joker"),
        "mc.begin_task: target: Expected str matching regex '^(?i:[2-9]|10|[JQKA])$' "
        '(given "joker")',
    ),
    (task(target="1"), "mc.begin_task: target: Expected str matching regex"),
    (task(needed=0), "mc.begin_task: needed: Expected int >= 1 (given 0)"),
    (task(needed=21), "mc.begin_task: needed: Expected int <= 20 (given 21)"),
    (
        task(circumstances=["combat", "combat"]),
        'mc.begin_task: circumstances: Expected each at most once (given ["combat", "combat"])',
    ),
    (
        task(circumstances=["combat", "unknown", "ground", "combat"]),
        "mc.begin_task: circumstances: Expected array of length <= 3",
    ),
    (task(circumstances=["fog"]), "mc.begin_task: circumstances[0]: Invalid enum value 'fog'"),
    (
        task(hindered_by=[""]),
        'mc.begin_task: hindered_by[0]: Expected str of length >= 1 (given "")',
    ),
    (task(hindered_by=["Aged"] * 21), "mc.begin_task: hindered_by: Expected array of length <= 20"),
    ({"type": "mc.draw", "cards": ["99"]}, f'mc.draw: cards[0]: {CARD} (given "99")'),
    ({"type": "mc.draw", "cards": ["RJ "]}, f'mc.draw: cards[0]: {CARD} (given "RJ ")'),
    ({"type": "mc.draw", "cards": []}, "mc.draw: cards: Expected array of length >= 1 (given [])"),
    ({"type": "mc.draw", "cards": ["AS"] * 55}, "mc.draw: cards: Expected array of length <= 54"),
    ({"type": "mc.cancel", "card": "1H"}, f'mc.cancel: card: {CARD} (given "1H")'),
    (
        {"type": "mc.deus_ex_machina", "character": "Kenzie", "what": " "},
        "mc.deus_ex_machina: what: Expected str matching regex '\\\\S' (given \" \")",
    ),
    (
        {"type": "mc.deus_ex_machina", "character": "Kenzie", "what": "w" * 81},
        'mc.deus_ex_machina: what: Expected str of length <= 80 (given "www',
    ),
]


@pytest.mark.parametrize(("line", "why"), LIMITS, ids=[why[:60] for _, why in LIMITS])
def test_a_line_outside_its_schema_names_field_value_and_what_is_allowed(
    table: Session[Any], line: dict[str, object], why: str
) -> None:
    state, version = table.state, table.version
    with pytest.raises(CommandError) as refused:
        table.apply(table.parse(json.dumps(line)))
    assert str(refused.value).startswith(why)
    assert "\n" not in str(refused.value)
    assert table.state is state and table.version == version


@pytest.mark.parametrize(
    "command",
    [
        cmd.AddCharacter("Saxon", traits={"Scout": 7}),
        cmd.AddCharacter("  ", traits={"Scout": 1}),
        cmd.AddCharacter("Saxon"),
        cmd.AwardFate("Kenzie", 0),
        cmd.BeginTask("Kenzie", "Fighter", target="Z"),
        cmd.BeginTask("Kenzie", "Fighter", needed=21),
        cmd.Draw(("10X",)),
        cmd.DeusExMachina("Kenzie", ""),
    ],
)
def test_a_command_built_in_code_meets_the_same_schema_as_a_line(
    table: Session[Any], command: cmd.Command
) -> None:
    """A touch form builds commands directly: the session holds them to the same schema."""
    state, version = table.state, table.version
    with pytest.raises(CommandError) as in_code:
        table.apply(command)
    with pytest.raises(CommandError) as as_line:
        table.parse(codec.dumps(command))
    assert str(in_code.value) == str(as_line.value)
    assert table.state is state and table.version == version


def test_a_circumstance_named_twice_cannot_be_built_at_all() -> None:
    with pytest.raises(ValueError, match="circumstances: Expected each at most once"):
        cmd.BeginTask("Kenzie", "Fighter", circumstances=("ground", "ground"))


@pytest.mark.parametrize(
    ("line", "says"),
    [
        (add(name=" kenzie "), "kenzie is already at the table"),
        (add(traits={"Scout": 1, "scout ": 2}), "scout is named twice"),
        ({"type": "mc.award_fate", "character": "Kenzie", "chips": 5}, "cannot hold more than 99"),
        ({"type": "mc.award_fate", "character": "Nobody"}, "There is no Nobody at the table"),
        (task(trait="Sing"), "Kenzie has no trait Sing"),
        (task(hindered_by=["Greedy"]), "Kenzie has no disadvantage Greedy"),
        (task(hindered_by=["aged"]), "Aged hinders physical tasks"),
        ({"type": "mc.draw", "cards": ["AS"]}, "No task check is under way"),
    ],
)
def test_what_depends_on_the_table_is_still_the_rules_to_refuse(
    table: Session[Any], line: dict[str, object], says: str
) -> None:
    """Within the schema, a line can still not fit the table: the rules say why in words a
    player reads (and a translator can put into Danish)."""
    state, version = table.state, table.version
    with pytest.raises(RuleError, match=says):
        table.apply(table.parse(json.dumps(line)))
    assert table.state is state and table.version == version


@pytest.mark.parametrize(
    "line",
    [
        add(name=" " + "S" * 38 + " ", traits={"Scout": 6}, disadvantages={"Aged": 1}, fate=99),
        {"type": "mc.award_fate", "character": "kenzie", "chips": 4},
        task(target="a", needed=20, circumstances=["combat", "unknown", "ground"]),
        {"type": "mc.deus_ex_machina", "character": "Kenzie", "what": "w" * 80},
    ],
)
def test_the_bounds_themselves_are_allowed(table: Session[Any], line: dict[str, object]) -> None:
    version = table.version
    table.apply(table.parse(json.dumps(line)))
    assert table.version == version + 1


def test_a_card_is_named_in_any_case_and_stored_as_its_code(table: Session[Any]) -> None:
    table.apply(table.parse(json.dumps(task(target="q"))))
    table.apply(table.parse('{"type": "mc.draw", "cards": ["10s"]}'))
    assert [card["card"] for card in table.view()["task"]["table"]] == ["10S"]


def test_docs_state_the_schema_s_limits() -> None:
    """docs/commands.md says the bounds the schema holds a line to, from the same constants."""
    doc = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    cards = doc[doc.index("## Mouse Card") : doc.index("## Exact odds")]
    for stated in (
        f"level (1-{cmd.MAX_LEVEL}, 1 to {cmd.MAX_RATED} traits)",
        f"at most {cmd.MAX_RATED},",
        f"`fate`\n(0-{cmd.MAX_FATE})",
        f"`chips` (1-{cmd.MAX_AWARD}, default 1)",
        f"nobody holds more than {cmd.MAX_FATE}",
        f"`needed` successes (1-{cmd.MAX_NEEDED}, default 1)",
        "is 1-40 characters",
        "`what` (1-80 characters",
        "(1 to 54\ncodes",
    ):
        assert stated in cards, stated
