"""Fuzzed bytes from a serial pad (issue 12, hypothesis): cut into lines in any chunks,
only a line that is exactly one of hardware/protocol.md's is taken; the rest are dropped."""

from __future__ import annotations

from fuzzing import mutated
from hypothesis import given, settings
from hypothesis import strategies as st

from tablekit.devices.pads_serial import MAX_LINE, Hello, Lines, parse
from tablekit.rules.pads import BUTTONS, HELD, PadPressed

GOOD = [f"PRESS {b}" for b in BUTTONS] + ["HOLD back", "HELLO gm 1", "HELLO patrol 1"]

streams = st.lists(
    st.binary(max_size=80)
    | st.sampled_from(GOOD)
    .flatmap(mutated)
    .map(lambda t: t.encode("utf-8", "surrogateescape"))
    .map(lambda b: b + b"\n"),
    max_size=8,
)


def said(message: Hello | PadPressed) -> str:
    if isinstance(message, Hello):
        return f"HELLO {message.role} {message.version}"
    return "HOLD back" if message.button == HELD else f"PRESS {message.button}"


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
    assert len(found) == stream.count(b"\n")
    for line in found:
        assert len(line) < MAX_LINE and line.isascii()
        message = parse("gm", line)
        if message is not None:
            assert said(message) == line
