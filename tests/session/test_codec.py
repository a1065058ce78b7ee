"""Commands and events round-trip through JSON; bad JSON is explained."""

import json
import unicodedata
from pathlib import Path

import pytest
from fakegame import Add, Counter, Hide, Roll
from hypothesis import given, settings
from hypothesis import strategies as st

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


def refused_before(data: object) -> str | None:
    """What the text checks said before they were one regular expression: any text that
    cannot be UTF-8 first, then the first character of Unicode category Cc."""
    texts = json.dumps(data, ensure_ascii=False)
    try:
        texts.encode("utf-8")
    except UnicodeEncodeError:
        return "not valid UTF-8"
    chars = []

    def walk(item: object) -> None:
        if isinstance(item, str):
            chars.extend(item)
        elif isinstance(item, dict):
            for key, value in item.items():
                walk(key)
                walk(value)
        elif isinstance(item, list):
            for value in item:
                walk(value)

    walk(data)
    bad = next((c for c in chars if unicodedata.category(c) == "Cc"), None)
    return None if bad is None else f"U+{ord(bad):04X}"


ANY_CHAR = st.one_of(
    st.characters(min_codepoint=0, max_codepoint=0x2FF),
    st.characters(),
    st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "\x7f", "\x9f", "\xa0", "\u2028"]),
)
JSONISH = st.recursive(
    st.one_of(st.text(ANY_CHAR, max_size=6), st.integers(), st.booleans(), st.none()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(ANY_CHAR, max_size=4), inner, max_size=4),
    ),
    max_leaves=12,
)


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(JSONISH)
def test_the_text_checks_refuse_exactly_what_they_refused_before(data: object) -> None:
    """Lone surrogates (said first) and control characters U+0000-U+001F, U+007F-U+009F."""
    expected = refused_before(data)
    line = {"type": "t.hide", "owner": "gm", "note": "n", "extra": data}
    with pytest.raises(CommandError) as caught:
        codec.from_json(line, KNOWN)
    said = str(caught.value)
    if expected is None:
        assert "unknown field 'extra'" in said
    else:
        assert expected in said


@pytest.mark.parametrize("depth", [300, 600, 900, 990])
def test_a_deeply_nested_line_is_refused_in_one_line(depth: int) -> None:
    """Nesting that json.loads still reads used to overflow the text walk (a RecursionError
    from a few hundred levels); deeper still, json.loads refuses it itself."""
    for line in (
        "[" * depth + "]" * depth,
        '{"type": "t.add", "amount": ' + "[" * depth + "]" * depth + "}",
    ):
        with pytest.raises(CommandError, match="nest(s|ing) too deep"):
            codec.from_json(line, KNOWN)


def test_a_line_nested_within_the_limit_is_refused_by_its_field_not_its_depth() -> None:
    """200 levels pass the nesting check, so the field's own type check is what speaks."""
    line = '{"type": "t.add", "amount": ' + "[" * 200 + "]" * 200 + "}"
    with pytest.raises(CommandError, match="amount: Expected int, got array"):
        codec.from_json(line, KNOWN)
