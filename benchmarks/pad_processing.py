"""Processing only: a pad press to the return of the ``app.step`` that redraws, in-process.

This is not press-to-pixels: :mod:`benchmarks.pad_to_screen` measures that from
outside, at the X framebuffer. This figure is the app's own share of it: the pad's
thread, applying and committing the command, and drawing, on SDL's dummy driver.

Run: ``make bench`` or ``python -m benchmarks.pad_processing``. Headless (SDL's
dummy driver), so a redraw costs tablekit's drawing, not a GPU's.

The app's real path: an :class:`~tablekit.ui.app.App` at 800x480 with a real
journal in a temporary file (SQLite, WAL, ``synchronous=FULL``), resuming a
Mouse Guard session of N filler steps (``mg.set_rating``, seeded) that ends in
a conflict whose scripting is open. A sample is one press, Attack then Back
(Back takes the action back, so the script never fills), from the moment the
press is made to the return of the ``app.step(0.0)`` that redraws the screen
with the new count. ``app.step`` is called in a loop that sleeps
:data:`POLL` between steps that draw nothing, so the numbers leave out the
loop's own wake-up and the display server.

* GPIO: the pad's pin driven through gpiozero's MockFactory (it calls the
  handler in the driving thread). Attack posts on the contact closing, Back on
  its opening (it reports on release, after at least the settle time), so the
  clock starts at the edge that posts; presses are spaced past the pad's
  settle guard (``buttons.bounce_ms``).
* Serial: the patrol pad's port is a pty; ``PRESS attack`` / ``PRESS back``
  written to its master end, read by the pad's own pyserial thread. Measured
  twice: with the sleeping loop, and with a loop that never sleeps, where the
  pad's thread waits for the GIL (``sys.getswitchinterval()``, 5 ms) each
  time it wakes: what a main thread that never idles would cost it.
* Baselines in the same run: the same press posted straight into
  ``app.pads`` (no backend), a bare redraw (``draw`` + ``present``) with
  nothing changed, and a whole one: the scene made to forget its last frame
  first (see :mod:`tablekit.ui.parts`), so it repaints and the display
  compares every part, as a scene drawn whole would on each press.

Each press is journalled durably before it is drawn, so beside the total the
table shows the time spent applying and committing the command
(``Session.apply``) and drawing (``draw`` + ``present``) inside that step.
It has no target of its own: the target, under one frame at 60 fps (16.7 ms) at the
99th percentile, is judged at the pixels by :mod:`benchmarks.pad_to_screen`.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
from gpiozero import Device  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from tablekit.local.clock import open_journal  # noqa: E402
from tablekit.local.config import Buttons, Config, PatrolPadWiring  # noqa: E402
from tablekit.rules.pads import PadPressed  # noqa: E402
from tablekit.ui import theme  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

PRESSES = 300
SIZES = (1_000, 10_000)
"""Filler steps in the journal before the conflict: a long evening, and a campaign."""
SEED = 7
SCREEN = (800, 480)
TIMEOUT = 5.0
"""Seconds a press may take to reach the screen before the run is called broken."""
POLL = 0.0002
"""Seconds the measuring loop sleeps after a step that drew nothing, freeing the GIL."""
SETTLE = Buttons().bounce_ms / 1000 + 0.005
"""Seconds a contact is held, or left still, so the pad's settle guard takes each press."""

MICE = [
    {
        "type": "mg.add_character",
        "sheet": {
            "name": name,
            "ratings": [{"name": k, "rating": v} for k, v in ratings.items()],
        },
    }
    for name, ratings in (
        ("Saxon", {"Nature": 3, "Will": 3, "Health": 5, "Fighter": 5, "Pathfinder": 3}),
        ("Kenzie", {"Nature": 3, "Will": 5, "Health": 4, "Persuader": 4, "Scout": 3}),
    )
]
PHASES = [
    {"type": "mg.set_phase", "phase": phase}
    for phase in ("prologue", "mission", "goals", "gm_turn")
]
CONFLICT = [
    {
        "type": "mg.begin_conflict",
        "conflict": "fight",
        "patrol": ["Saxon", "Kenzie"],
        "captain": "Saxon",
        "opponent": "Weasel",
        "gm_dice": 4,
    },
    {"type": "mg.roll_disposition", "side": "patrol", "helpers": ["Kenzie"]},
    {"type": "mg.set_disposition", "side": "gm", "disposition": 3},
]
FILLER_RATINGS = ("Fighter", "Pathfinder", "Scout", "Health", "Will")


def filler(count: int, rng: random.Random) -> Iterator[dict[str, object]]:
    """``count`` rating changes, as a GM and players adjusting sheets all evening would."""
    for _ in range(count):
        yield {
            "type": "mg.set_rating",
            "character": rng.choice(("Saxon", "Kenzie")),
            "rating": rng.choice(FILLER_RATINGS),
            "value": rng.randint(1, 6),
        }


def build(path: Path, steps: int) -> None:
    """A journal holding one Mouse Guard session: ``steps`` fillers, then a conflict scripting."""
    journal = open_journal(path)
    app = App(Config(), journal, SCREEN)
    try:
        app.start("mouse-guard")
        session = app.session
        assert session is not None
        session.rng = random.Random(SEED)  # the disposition roll
        lines = [*MICE, *filler(steps, random.Random(SEED)), *PHASES, *CONFLICT]
        for line in lines:
            session.apply(session.parse(json.dumps(line)))
        assert session.state.conflict is not None
        assert session.state.conflict.status == "scripting"
    finally:
        close(app)


def close(app: App) -> None:
    app.scene.exit()
    app.pad_backends.close()
    app.journal.close()
    theme.font.cache_clear()
    pygame.quit()


class Timed:
    """The app, with the time spent in ``Session.apply`` and in drawing noted per press."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.applying = 0.0
        self.drawing = 0.0
        session = app.session
        assert session is not None
        session.apply = self._timed(session.apply, "applying")  # type: ignore[method-assign]
        app.draw = self._timed(app.draw, "drawing")  # type: ignore[method-assign]
        app.present = self._timed(app.present, "drawing")  # type: ignore[method-assign]
        self.total: list[float] = []
        self.apply_ms: list[float] = []
        self.draw_ms: list[float] = []

    def _timed(self, work: Callable[..., Any], into: str) -> Callable[..., Any]:
        def timed(*args: Any) -> Any:
            start = time.perf_counter()
            try:
                return work(*args)
            finally:
                setattr(self, into, getattr(self, into) + time.perf_counter() - start)

        return timed

    def quiet(self) -> None:
        """Step until nothing is left to draw (the pads' statuses, the first frame) and the
        walk of the journal's chain behind the first frame is over, so its end (a redraw of
        its own) is never taken for a press reaching the screen."""
        while self.app.step(0.0) or self.app.chain_check is not None:
            time.sleep(POLL)

    def start(self) -> float:
        """Begin a sample; return its clock's start."""
        self.applying = self.drawing = 0.0
        return time.perf_counter()

    def until_drawn(self, start: float, pause: float = POLL) -> None:
        """Step until a step redraws; note the milliseconds since ``start``, and the split.

        After a step that drew nothing, sleep ``pause`` seconds (0: not at all).
        """
        while not self.app.step(0.0):
            if time.perf_counter() - start > TIMEOUT:
                raise RuntimeError("a press never reached the screen")
            if pause:
                time.sleep(pause)
        self.total.append((time.perf_counter() - start) * 1000)
        self.apply_ms.append(self.applying * 1000)
        self.draw_ms.append(self.drawing * 1000)

    def script_length(self, side: str) -> int:
        session = self.app.session
        assert session is not None and session.state.conflict is not None
        return len(session.state.conflict.team(side).script)


def gpio(path: Path) -> Timed:
    """Attack and Back on the GM's pad, on mock pins."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    settings = Config(buttons=Buttons(backend="gpio"))
    app = App(settings, open_journal(path), SCREEN)
    timed = Timed(app)
    wiring = settings.buttons.opponents
    attack = Device.pin_factory.pin(wiring.attack)
    back = Device.pin_factory.pin(wiring.back)
    try:
        timed.quiet()
        for index in range(PRESSES):
            if index % 2 == 0:
                start = timed.start()
                attack.drive_low()  # posts on closing
                timed.until_drawn(start)
                time.sleep(SETTLE)
                attack.drive_high()
            else:
                back.drive_low()
                time.sleep(SETTLE)
                start = timed.start()
                back.drive_high()  # posts on opening
                timed.until_drawn(start)
            assert timed.script_length("gm") == (index + 1) % 2
            time.sleep(SETTLE)
    finally:
        close(app)
        Device.pin_factory.reset()
        Device.pin_factory.close()
        Device.pin_factory = saved
    return timed


def serial(path: Path, pause: float = POLL) -> Timed:
    """``PRESS attack`` and ``PRESS back`` from the patrol's pad, on a pty."""
    master, slave = os.openpty()
    patrol = PatrolPadWiring(port=os.ttyname(slave))
    app = App(Config(buttons=Buttons(backend="serial", patrol=patrol)), open_journal(path), SCREEN)
    timed = Timed(app)
    try:
        heard = b""
        while b"HELLO?" not in heard:
            heard += os.read(master, 64)
        os.write(master, b"HELLO patrol 1\n")
        os.set_blocking(master, False)
        deadline = time.perf_counter() + TIMEOUT
        while not (app.pad_status.get("patrol") and app.pad_status["patrol"].connected):
            app.step(0.0)
            if time.perf_counter() > deadline:
                raise RuntimeError("the serial pad never connected")
        timed.quiet()
        for index in range(PRESSES):
            line = b"PRESS attack\n" if index % 2 == 0 else b"PRESS back\n"
            start = timed.start()
            os.write(master, line)
            timed.until_drawn(start, pause)
            assert timed.script_length("patrol") == (index + 1) % 2
            with contextlib.suppress(BlockingIOError):  # the LEDS lines the host sent back
                os.read(master, 4096)
    finally:
        close(app)
        os.close(master)
        os.close(slave)
    return timed


def direct(path: Path) -> tuple[Timed, list[float], list[float]]:
    """The same presses posted straight into the inbox; then a redraw of nothing new, and a
    whole redraw (the scene made to forget its last frame, as after a notice)."""
    app = App(Config(), open_journal(path), SCREEN)
    timed = Timed(app)
    try:
        timed.quiet()
        for index in range(PRESSES):
            button = "attack" if index % 2 == 0 else "back"
            start = timed.start()
            app.pads.post(PadPressed("opponents", button))
            timed.until_drawn(start)
            assert timed.script_length("gm") == (index + 1) % 2
        bare, whole = [], []
        for _ in range(PRESSES):
            start = time.perf_counter()
            app.draw()
            app.present()
            bare.append((time.perf_counter() - start) * 1000)
            app.scene.forget()
            start = time.perf_counter()
            app.draw()
            app.present()
            whole.append((time.perf_counter() - start) * 1000)
    finally:
        close(app)
    return timed, bare, whole


def cuts(timings: list[float]) -> tuple[float, float, float]:
    found = statistics.quantiles(timings, n=100)
    return found[49], found[98], max(timings)


def row(name: str, timings: list[float]) -> str:
    p50, p99, top = cuts(timings)
    return f"{name:<42} {p50:8.3f} {p99:8.3f} {top:8.3f}"


def rows(name: str, timed: Timed) -> list[str]:
    return [
        row(name, timed.total),
        row("    of which apply + durable commit", timed.apply_ms),
        row("    of which draw + present", timed.draw_ms),
    ]


def main() -> None:
    print(f"{PRESSES} presses each (Attack, Back, ...); PROCESSING ONLY, in-process, headless:")
    print("milliseconds from press to the return of the step that redraws, no display server")
    with tempfile.TemporaryDirectory() as folder:
        for steps in SIZES:
            path = Path(folder) / f"journal-{steps}.sqlite3"
            made = time.perf_counter()
            build(path, steps)
            made = time.perf_counter() - made
            gpio_timed = gpio(path)
            serial_timed, busy_timed = serial(path), serial(path, pause=0.0)
            direct_timed, bare, whole = direct(path)
            print()
            print(f"journal of {steps:,} filler steps (built in {made:.1f} s)")
            print(f"{'':<42} {'p50':>8} {'p99':>8} {'max':>8}")
            for line in (
                *rows("GPIO pad (mock pins) -> screen", gpio_timed),
                *rows("serial pad (pty) -> screen", serial_timed),
                *rows("  same, step loop never sleeping", busy_timed),
                *rows("  baseline: press posted into app.pads", direct_timed),
                row("  baseline: bare redraw, nothing changed", bare),
                row("  baseline: whole redraw, nothing changed", whole),
            ):
                print(line)


if __name__ == "__main__":
    main()
