"""The common case of checking a command is a shortcut, never a different answer (issue 13,
target: apply + commit at most 1.5x a bare INSERT + COMMIT).

A command built in code (a touch form, a pad) holds whatever its maker put in it, so the
values here are any JSON or near-fits of each field, put in without any check, for every
command of every game in the catalogue."""

from __future__ import annotations

import dataclasses
from typing import Any

import msgspec
import pytest
from fuzzing import NASTY_TEXT, doc_examples, fields_of
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit import catalog
from tablekit.rules.game import Command
from tablekit.rules.mouse_card.commands import AddCharacter
from tablekit.session import codec
from tablekit.session.codec import CommandError
from tablekit.session.commands import SESSION_COMMANDS

COMMANDS: list[type[Command]] = sorted(
    {cls for game in catalog.games().values() for cls in game.commands} | set(SESSION_COMMANDS),
    key=lambda cls: cls.kind,
)
WORDS = ["collin", "lily", "rat_warrior", "saxon", "kenzie", "opponents", "patrol", *NASTY_TEXT]
WORDS += [
    "caf\u00e9",
    "\u00b0",
    "\u0085",
    "a\\b",
    'say "hi"',
    "\x7f",
    "\udcff",
    "\u00e6\u00f8\u00e5",
]


def built(cls: type[Command], fields: dict[str, Any]) -> Command:
    """``cls`` holding ``fields`` as they are, as careless code could build it."""
    if issubclass(cls, msgspec.Struct):  # its __init__ stores its arguments unchecked
        return cls(**fields)
    value = object.__new__(cls)
    for field in dataclasses.fields(cls):
        if field.name in fields:
            given_value = fields[field.name]
        elif field.default is not dataclasses.MISSING:
            given_value = field.default
        else:
            given_value = field.default_factory()  # type: ignore[misc]
        object.__setattr__(value, field.name, given_value)
    return value


def full(value: Command) -> str | None:
    """The line the full check gives, or None if it refuses."""
    try:
        return codec._checked_in_full(value)
    except CommandError:
        return None


@pytest.mark.slow
@settings(max_examples=1500, deadline=None)
@given(st.data())
def test_the_shortcut_accepts_only_what_the_full_check_accepts_and_writes_the_same_line(
    data: st.DataObject,
) -> None:
    cls = data.draw(st.sampled_from(COMMANDS))
    value = built(cls, data.draw(fields_of(cls, WORDS)))
    shortcut = codec._plain_line(value)
    if shortcut is not None:
        assert full(value) == shortcut
    assert (codec.checked_line(value) if full(value) else None) == full(value)


@pytest.mark.parametrize("example", doc_examples(), ids=lambda e: e["type"])
def test_every_documented_command_takes_the_shortcut_to_the_line_it_always_had(
    example: dict[str, Any],
) -> None:
    known = codec.registry(COMMANDS)
    if example["type"] not in known:
        pytest.skip("a command of a game outside the catalogue")
    value = codec.from_json(example, known)
    line = codec._plain_line(value)
    if any(mark in str(example) for mark in ("\\\\", '"', "\u0080")):
        return  # an escape in the text: the full check writes it
    assert line == codec._checked_in_full(value)
    assert msgspec.json.decode(line)["type"] == example["type"]


@pytest.mark.parametrize(
    ("text", "plain"),
    [("collin", True), ("caf\u00e9", True), ("\u00b0", False), ("a\\b", False), ("\x7f", False)],
)
def test_text_the_shortcut_leaves_to_the_full_check(text: str, plain: bool) -> None:
    """A backslash (every escape), DEL and U+0080-U+00BF go the long way, whose answer is
    the same or an error that says what is wrong."""
    value = AddCharacter(text, traits={"Brave": 1})
    assert (codec._plain_line(value) is not None) == plain
    assert full(value) == codec._plain_line(value) or not plain


@pytest.mark.parametrize("key", [7, 1.5, True, None, ("a",)])
def test_a_key_that_is_not_text_goes_the_long_way_and_is_refused(key: object) -> None:
    """msgspec writes a dict key 7 as "7", which the schema's text keys would take: the
    command read back is not the command given, so the full check decides, and refuses."""
    value = built(AddCharacter, {"name": "collin", "traits": {key: 1}})
    assert codec._plain_line(value) is None
    with pytest.raises(CommandError, match="traits"):
        codec.checked_line(value)


class CountingDecoder:
    """A command class's decoder that counts the lines it reads."""

    def __init__(self, real: msgspec.json.Decoder[Any]) -> None:
        self.real = real
        self.read = 0

    def decode(self, line: bytes) -> Any:
        self.read += 1
        return self.real.decode(line)


def test_a_line_that_passed_is_not_read_again_and_its_twins_still_go_the_long_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 26 item 5: a repeated tap is checked by its line alone, which is the same
    bytes; a command whose line is the same but that is not the command read from it (a key
    7, written as "7") is still decided by the full check, and refused."""
    monkeypatch.setattr(codec, "_PASSED", {})
    text = AddCharacter("collin", traits={"7": 1})
    codec.checked_line(text)
    counting = CountingDecoder(codec._DECODERS[AddCharacter])
    monkeypatch.setitem(codec._DECODERS, AddCharacter, counting)  # type: ignore[arg-type]
    assert codec.checked_line(AddCharacter("collin", traits={"7": 1})) == full(text)
    assert counting.read == 0
    with pytest.raises(CommandError, match="traits"):
        codec.checked_line(built(AddCharacter, {"name": "collin", "traits": {7: 1}}))
    assert counting.read == 1


def test_the_lines_kept_are_capped_by_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codec, "_PASSED", {})
    monkeypatch.setattr(codec, "_passed_bytes", 0)
    for n in range(2000):
        codec.checked_line(AddCharacter(f"mouse {n}", traits={"Brave": 1}))
        assert sum(map(len, codec._PASSED)) <= codec.PASSED_BYTES
    many = {f"A rather long trait {n}": 1 for n in range(20)}
    assert len(codec.checked_line(AddCharacter("collin", traits=many))) > codec.PASSED_LINE
    assert all(len(line) <= codec.PASSED_LINE for line in codec._PASSED)
