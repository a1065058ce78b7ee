"""Fuzzed bytes from a serial pad (issue 12, hypothesis): cut into lines in any chunks,
only a line that is exactly one of hardware/protocol.md's is taken; the rest are dropped."""

from __future__ import annotations

import typing

import pytest
from fuzzing import mutated
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.devices.pads_serial import (
    MAX_LINE,
    Hello,
    LineRefused,
    Lines,
    PressLine,
    read_line,
)
from tablekit.rules.pads import BUTTONS, HELD, PadPressed

GOOD = [f"PRESS {b}" for b in BUTTONS] + ["HOLD back", "HELLO opponents 1", "HELLO patrol 1"]

SPACES = st.text(st.sampled_from(" \t\r\x0b\x0c\x1c\x1d\x1e\x1f\x00\x85"), max_size=2)
"""What a lenient reader would trim from around a line's words."""

padded = st.builds(
    lambda before, line, after, ending: (before + line + after).encode("latin-1") + ending,
    SPACES,
    st.sampled_from(GOOD),
    SPACES,
    st.sampled_from([b"\n", b"\r\n"]),
)

streams = st.lists(
    st.binary(max_size=80)
    | st.sampled_from(GOOD)
    .flatmap(mutated)
    .map(lambda t: t.encode("utf-8", "surrogateescape"))
    .map(lambda b: b + b"\n")
    | padded,
    max_size=8,
)


def said(message: Hello | PadPressed) -> str:
    if isinstance(message, Hello):
        return f"HELLO {message.role} {message.version}"
    return "HOLD back" if message.button == HELD else f"PRESS {message.button}"


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(pieces=streams, cuts=st.lists(st.integers(1, 40), min_size=1, max_size=5))
def test_only_exact_protocol_lines_are_taken_however_the_bytes_arrive(
    pieces: list[bytes], cuts: list[int]
) -> None:
    stream = b"".join(pieces)
    lines, at, turn = Lines(), 0, 0
    found: list[str] = []
    while at < len(stream):
        size = cuts[turn % len(cuts)]
        found += lines.feed(stream[at : at + size])
        at, turn = at + size, turn + 1
    sent = stream.split(b"\n")[:-1]
    assert len(found) == len(sent)
    for line, raw in zip(found, sent, strict=True):
        assert len(line) < MAX_LINE and line.isascii()
        try:
            message = read_line("opponents", line)
        except LineRefused:
            continue
        assert said(message) == line
        assert said(message).encode() == raw.removesuffix(b"\r")  # as sent, less LF or CR LF


def test_the_press_schema_allows_exactly_the_pads_buttons() -> None:
    assert typing.get_args(typing.get_type_hints(PressLine)["button"]) == BUTTONS


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("PRESS back_held", "PRESS: button 'back_held' is not allowed; allowed: attack, defend,"),
        ("HOLD attack", "HOLD: button 'attack' is not allowed; allowed: back"),
        ("HELLO GM 1", "HELLO: role 'GM' is not allowed; allowed: text matching ^[a-z]"),
        (
            "HELLO opponents 12345",
            "HELLO: version '12345' is not allowed; allowed: text matching ^[0-9]{1,4}$",
        ),
        ("PRESS  feint", "PRESS takes 1 word(s): button"),
        ("LEDS 1 1", "unknown line 'LEDS'; a pad says HELLO, PRESS, HOLD"),
    ],
)
def test_a_refused_line_names_the_field_the_value_and_what_is_allowed(line: str, why: str) -> None:
    with pytest.raises(LineRefused) as refused:
        read_line("opponents", line)
    assert str(refused.value).startswith(why)
