"""Commands and events round-trip through JSON; bad JSON is explained."""

import json
from pathlib import Path

import pytest
from fakegame import Add, Counter, Hide, Roll

from tablekit.rules.errors import Phrase
from tablekit.session import codec
from tablekit.session.codec import CommandError
from tablekit.session.commands import SESSION_COMMANDS, Redo, Undo

KNOWN = codec.registry([Undo, *Counter.commands])


def test_round_trip() -> None:
    roll = Roll(dice=3, faces=(1, 6, 6))
    assert codec.dumps(roll) == '{"type":"t.roll","dice":3,"faces":[1,6,6]}'
    assert codec.from_json(codec.dumps(roll), KNOWN) == roll
    assert codec.from_json('{"type": "undo"}', KNOWN) == Undo()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{nope", "not valid JSON"),
        ('{"type": "t.add", "amount": 2\n', "delimiter at column 30"),
        ("[1, 2]", "expected a JSON object"),
        ('{"amount": 2}', 'missing "type"'),
        ('{"type": "t.fly"}', "unknown type 't.fly'; known types: t.add"),
        ('{"type": "t.add", "amount": "two"}', "t.add: amount: Expected int, got str"),
        ('{"type": "t.add"}', "t.add: Object missing required field amount"),
        ('{"type": "t.add", "amount": 1, "by": 2}', "unknown field 'by'"),
        ('{"type": "t.hide", "owner": "gm", "note": "\\ud800"}', "not valid UTF-8"),
        ('{"type": "t.add", "amount": ' + "1" * 5000 + "}", "number too long"),
        ("[" * 100_000 + "]" * 100_000, "nesting too deep"),
    ],
)
def test_bad_lines_are_explained(line: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        codec.from_json(line, KNOWN)
    assert message in str(caught.value)


def test_duplicate_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="unique kind"):
        codec.registry([Add, Add])


def test_session_commands_are_documented_with_examples_that_parse() -> None:
    doc = Path(__file__).parents[2] / "docs" / "commands.md"
    lines = [line.strip() for line in doc.read_text(encoding="utf-8").splitlines()]
    examples = [
        line
        for line in lines
        if line.startswith('{"type": "') and "." not in json.loads(line)["type"]
    ]
    parsed = {codec.from_json(line, codec.registry(SESSION_COMMANDS)) for line in examples}
    assert parsed == {Undo(), Redo()}


def test_a_phrase_from_the_rules_is_journalled_as_plain_text() -> None:
    """The rules' translatable names (a skill, a marker) are str subclasses; JSON has plain text."""
    line = codec.dumps(Hide(Phrase("gm"), Phrase("a note")))
    assert line == '{"type":"t.hide","owner":"gm","note":"a note"}'
