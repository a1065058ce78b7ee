"""The table app killed at random moments: nothing acknowledged is lost, it comes back as it was.

The harness behind ``tests/pi/test_app_kills.py`` (30 kills) and ``python -m benchmarks.app_kills``
(1,000 kills).

Each round forks a process that runs the real app (:class:`tablekit.ui.app.App`,
SDL's dummy driver, the journal on disk) and plays: random taps on the game's
own buttons, pad presses into the pad inbox, Ctrl+Z now and then. After a
random moment (0 to 0.6 s, so start-up and resuming are hit too) it gets
SIGKILL, and the next round starts a new process on the same journal.

**Acknowledged** means: ``App.submit`` returned True for the command, which
happens only after the journal's transaction committed (WAL,
``synchronous=FULL``); at that moment the player sees the result on the next
frame. Right then the playing process appends one line to ``acks.jsonl``
(an unbuffered ``O_APPEND`` write the kernel keeps even when the process is
killed the next instant) with the session's version and the ids of its steps
in effect. Before each submit it appends a ``pending`` line naming the command.

After every kill the journal must pass SQLite's integrity check and hold
exactly what the last ack says, or that plus the one command that was pending
(committed but killed before its ack line). Every few rounds the screen is
compared: the app reopened on the killed journal must draw, pixel for pixel,
what an app draws on a new journal rebuilt from the steps (export, import).
Two games are played: Mice and Mystics by taps, and the test counter, whose
commands come from pad presses.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from clocks import TEST_CLOCK
from fakegame import LISTING as COUNTER  # noqa: E402

from tablekit import catalog  # noqa: E402
from tablekit.catalog.listing import Listing  # noqa: E402
from tablekit.local.config import Config, Display, Interface  # noqa: E402
from tablekit.rules.game import Command  # noqa: E402
from tablekit.rules.pads import BUTTONS, PadPressed  # noqa: E402
from tablekit.session import Journal, Session, backup  # noqa: E402
from tablekit.ui import theme  # noqa: E402
from tablekit.ui.app import App  # noqa: E402

SIZE = (800, 480)
SETTINGS = Config(display=Display(fullscreen="off"), ui=Interface(sound=False))
SESSION = "killed"
AVOID = {"Home", "Settings", "Hjem", "Indstillinger"}
"""Buttons the player never taps, so the game stays on screen (Escape and resume cover leaving)."""

MM_SETUP: list[dict[str, Any]] = (
    [
        {
            "type": "mm.set_stats",
            "figure": hero,
            "battle": 2,
            "defense": 2,
            "lore": 2,
            "move": 2,
            "life": 4,
        }
        for hero in ("collin", "nez", "lily", "filch")
    ]
    + [
        {"type": "mm.set_stats", "figure": m, "battle": 2, "defense": 1, "life": 2, "ranged": False}
        for m in ("rat_warrior", "roach")
    ]
    + [
        {
            "type": "mm.start_chapter",
            "chapter": "Chapter 1",
            "end_page": 8,
            "heroes": [
                {"hero": h, "ability": "Ability"} for h in ("collin", "nez", "lily", "filch")
            ],
            "minions": [{"minion": "rat_warrior", "count": 2}, {"minion": "roach", "count": 2}],
        }
    ]
)


def games() -> dict[str, Listing]:
    return {**catalog.listings(), COUNTER.name: COUNTER}


def rules() -> dict[str, Any]:
    return {name: catalog.rules_of(listing) for name, listing in games().items()}


@dataclass
class Tally:
    """What the rounds did and found."""

    kills: int = 0
    acked: int = 0
    committed_unacked: int = 0
    screens: int = 0


def prepare(folder: Path, game: str) -> None:
    """A journal with the session started (and a Mice and Mystics chapter set up)."""
    journal = Journal(folder / "journal.sqlite3", clock=TEST_CLOCK)
    session: Session[Any] = Session.create(journal, SESSION, rules()[game])
    if game == "mice-mystics":
        for command in MM_SETUP:
            session.apply(session.parse(command))
    journal.close()


def play(folder: Path, seed: int) -> None:
    """In the forked process: run the app on the journal and play until killed."""
    rng = random.Random(seed)
    app = App(SETTINGS, Journal(folder / "journal.sqlite3", clock=TEST_CLOCK), SIZE, games=games())
    acks = os.open(folder / "acks.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    submit = app.submit

    def acknowledged(command: Command) -> bool:
        os.write(acks, (json.dumps({"pending": command.kind}) + "\n").encode())
        if not submit(command):
            return False
        assert app.session is not None
        ids = [step.id for step in app.journal.steps(SESSION)]
        os.write(acks, (json.dumps({"v": app.session.version, "ids": ids}) + "\n").encode())
        return True

    app.submit = acknowledged  # type: ignore[method-assign]
    while True:
        act(app, rng)


def act(app: App, rng: random.Random) -> None:
    """One thing a player does: a tap on the game's buttons, a pad press, or Ctrl+Z."""
    if app.session is not None and app.scene.name != app.session.game.name:
        app.resume(SESSION)
    roll = rng.random()
    if roll < 0.02:
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
        pygame.event.post(event)
    elif roll < 0.32 and app.session is not None and app.session.game.name == COUNTER.name:
        app.pads.post(PadPressed(rng.choice(["gm", "patrol"]), rng.choice(BUTTONS)))
    else:
        app.draw()
        buttons = [b for b in app.scene.buttons() if b.enabled and b.label not in AVOID]
        if buttons:
            pos = rng.choice(buttons).rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(rng.choice([0.0, 0.03, 0.5]))


def last_acks(folder: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The last complete ack line, and the kind of a command pending after it, if any."""
    path = folder / "acks.jsonl"
    ack: dict[str, Any] | None = None
    pending: str | None = None
    if not path.exists():
        return None, None
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            continue  # the line being written when the kill came
        if "pending" in record:
            pending = record["pending"]
        else:
            ack, pending = record, None
    return ack, pending


def check(folder: Path) -> bool:
    """The killed journal holds every acknowledged command; True if a pending one was committed.

    Each round's ack file starts with the journal's state when the round began.
    """
    ack, pending = last_acks(folder)
    assert ack is not None
    journal = Journal(folder / "journal.sqlite3", clock=TEST_CLOCK)
    try:
        assert journal.integrity() == "ok"
        version = journal.version(SESSION)
        ids = [step.id for step in journal.steps(SESSION)]
    finally:
        journal.close()
    if version == ack["v"]:
        assert ids == ack["ids"], f"acknowledged steps {ack['ids']}, journal {ids}"
        return False
    assert pending is not None and version == ack["v"] + 1, (
        f"journal at version {version}, last ack {ack['v']}, pending {pending}"
    )
    if pending == "undo":
        assert ids == ack["ids"][:-1]
    else:
        assert ids[: len(ack["ids"])] == ack["ids"] and len(ids) == len(ack["ids"]) + 1
    return True


def state_now(folder: Path) -> dict[str, Any]:
    """The journal's version and steps now: what the next round's acks build on."""
    journal = Journal(folder / "journal.sqlite3", clock=TEST_CLOCK)
    try:
        return {"v": journal.version(SESSION), "ids": [s.id for s in journal.steps(SESSION)]}
    finally:
        journal.close()


def first_frame(journal_path: Path) -> bytes:
    """The pixels of the first frame an app draws on this journal (it resumes the session)."""
    journal = Journal(journal_path, clock=TEST_CLOCK)
    app = App(SETTINGS, journal, SIZE, games=games())
    try:
        app.draw()
        return pygame.image.tobytes(app.canvas, "RGB")
    finally:
        app.close()
        theme.font.cache_clear()
        journal.close()


def same_screen(folder: Path) -> None:
    """The app reopened on the killed journal draws what one on a rebuilt journal draws."""
    with tempfile.TemporaryDirectory() as scratch:
        killed = Path(scratch) / "killed"
        killed.mkdir()
        for file in folder.glob("journal.sqlite3*"):
            shutil.copy(file, killed / file.name)
        source = Journal(killed / "journal.sqlite3", clock=TEST_CLOCK)
        text = backup.export(source, [SESSION])
        source.close()
        rebuilt = Journal(Path(scratch) / "rebuilt.sqlite3", clock=TEST_CLOCK)
        backup.restore(rebuilt, text, rules())
        redo_stack(killed / "journal.sqlite3", rebuilt)
        rebuilt.close()
        assert first_frame(killed / "journal.sqlite3") == first_frame(
            Path(scratch) / "rebuilt.sqlite3"
        ), "the reopened app does not show what a replay of its journal shows"


def redo_stack(killed: Path, rebuilt: Journal) -> None:
    """Put the killed journal's undone steps on ``rebuilt`` too: appended, then undone.

    A backup leaves the redo stack out, but the screen shows whether Redo is possible.
    """
    with sqlite3.connect(killed) as db:
        undone = db.execute(
            "SELECT command, events FROM steps WHERE session = ? AND undone = 1 ORDER BY id",
            (SESSION,),
        ).fetchall()
    version = rebuilt.version(SESSION)
    for command, events in undone:
        version = rebuilt.append(SESSION, command, events, version)
    for _ in undone:
        rebuilt.flip(SESSION, undo=True)


def rounds(folder: Path, game: str, kills: int, seed: int, screens_every: int = 10) -> Tally:
    """Play ``game`` and kill it ``kills`` times, checking after each kill."""
    prepare(folder, game)
    rng = random.Random(seed)
    tally = Tally()
    for number in range(kills):
        acks = folder / "acks.jsonl"
        acks.write_text(json.dumps(state_now(folder)) + "\n")
        child = os.fork()
        if child == 0:  # pragma: no cover - the killed process
            try:
                play(folder, seed * 100_003 + number)
            finally:
                os._exit(1)
        time.sleep(rng.uniform(0.0, 0.6))
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        tally.kills += 1
        tally.committed_unacked += check(folder)
        tally.acked += acks.read_text().count('"v"') - 1
        if screens_every and number % screens_every == screens_every - 1:
            same_screen(folder)
            tally.screens += 1
    return tally

