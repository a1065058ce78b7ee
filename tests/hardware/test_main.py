"""main.py on a faked Pico: pins in, lines out, LEDs set, across the clock's wrap."""

from __future__ import annotations

from hardware.fakepico import Pico


def test_boot_says_hello_as_the_gm(pico: Pico) -> None:
    pico.boot()
    assert pico.host.lines() == ["HELLO opponents 1"]


def test_gp15_grounded_makes_the_patrols_pad(pico: Pico) -> None:
    pico.press(15)
    pico.boot()
    assert pico.host.lines() == ["HELLO patrol 1"]


def test_a_grounded_button_is_sent(pico: Pico) -> None:
    pico.boot()
    pico.press(2)
    pico.run(5)
    pico.release(2)
    pico.run(50)
    pico.press(7)
    pico.run(5)
    assert pico.host.lines()[1:] == ["PRESS attack", "PRESS lock"]


def test_back_held_across_the_clock_wrap(pico: Pico) -> None:
    pico.boot()
    pico.press(6)
    pico.run(990)
    assert pico.host.lines()[1:] == []
    pico.run(20)
    pico.release(6)
    pico.run(50)
    assert pico.host.lines()[1:] == ["HOLD back"]


def test_the_host_sets_the_leds(pico: Pico) -> None:
    pico.boot()
    pico.host.waiting += b"HELLO?\nLEDS 2 1\n"
    pico.run(1)
    assert pico.host.lines() == ["HELLO opponents 1", "HELLO opponents 1"]
    assert [pico.lit(n) for n in (10, 11, 12, 13)] == [True, True, False, True]
    pico.host.waiting += b"LEDS 0 0\n"
    pico.run(1)
    assert [pico.lit(n) for n in (10, 11, 12, 13)] == [False, False, False, False]


def test_a_flood_from_the_host_is_read_a_little_each_step(pico: Pico) -> None:
    pico.boot()
    pico.host.waiting += b"X" * 1000 + b"\nLEDS 3 0\n"
    pico.press(3)
    pico.run(1)
    assert len(pico.host.waiting) == 1010 - 64
    assert pico.host.lines()[1:] == ["PRESS defend"]
    pico.run(20)
    assert pico.lit(12)
    assert pico.board.pad.ignored == 1
