"""Journals cut or changed at random places and at places chosen on purpose, read by every
reader as a user would: ``tablekit state``, ``check``, ``script``, the app and ``check
--repair`` (issue 13, Build 6; issue 23, items 7 and 8).

The harness behind ``tests/session/test_damage.py`` (200 random places with a pinned seed, and
a few chosen ones) and ``python -m benchmarks.journal_damage [PLACES] [--no-chosen]`` (default
1,000 random places and every chosen one).

One Mice and Mystics session of 300 steps (a snapshot every 100) is written
once, in two forms: its last 100 steps still in the write-ahead log (as a
pulled plug leaves it) and everything checkpointed into the database file.
A random place damages a fresh copy of a form, in turn: the WAL or the
database cut at a random byte, or a random byte of it changed, or a random
step's text changed through SQL (cut short, removed, swapped with the next).
The chosen places are every page of the database file and every frame of the
WAL (a random byte in each), every frame of a WAL a checkpoint had already
copied into the file (as a plug pulled after a checkpoint and before the next
write leaves it: SQLite then reads the log only up to the damaged frame, over a
file holding the pages of the frames after it), an old step behind the newest
snapshot (one digit of step 10), each field of the session's row, and every
page of every index.

Each damaged copy is then read, in this order, as the files lie:

* ``tablekit state`` and ``tablekit check`` (read-only), whose verdicts
  (sound, damaged, refused) must agree;
* ``tablekit script`` with two new lines: acknowledged only onto a chain
  that checks out;
* the app: the session opened and its whole chain walked behind the first
  frame, damage set aside; then a new command and a fresh open, which must
  both work on whatever the app kept;
* ``tablekit check --repair`` on a copy of the damaged files as found, and
  ``tablekit check`` on what it wrote.

and counted:

* ``tracebacks``: exit status 70 or an exception that is no JournalError;
* ``no prefix``: what the app kept is not the first k steps followed by the
  lines the script acknowledged, or its state is not theirs;
* ``acknowledged lost``: lines the script acknowledged that are gone;
* ``unusable``: a session the app opened where a command or the next open fails;
* ``repair failed``: a repaired file that fails ``tablekit check``, or a file
  left behind by a repair that failed;
* ``readable refused``: the app refused a journal in which SQLite can still
  read some step of the session (by rowid, one row at a time);
* ``disagree``: state, check and the app tell different stories.

The app's own outcome is sorted as before: ``whole`` (every step, nothing
said), ``prefix`` (the first k steps and the drop of the rest said),
``refused`` (one line, files left as they were), ``said-unreadable`` (every
step's state from a snapshot while SQLite cannot read an older page, said on
the screen); ``silent``, ``traceback`` and ``refused-but-written`` are failures.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import sqlite3
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from chapter_mix import MIX, SETUP
from clocks import TEST_CLOCK

from tablekit import cli
from tablekit.rules.errors import RuleError
from tablekit.rules.game import fold
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.game import MiceAndMystics
from tablekit.session import Journal, Session, codec
from tablekit.session.journal import JournalError, Step
from tablekit.session.salvage import inspect, salvage
from tablekit.session.store import open_session

STEPS = 300
SNAPSHOT_EVERY = 100
IN_WAL = 100
SEED = 1300
NAME = "damaged"
FILES = ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-acked")
LINES = [
    {"id": "new-1", "type": "mm.party_item", "item": "Lantern"},
    {"id": "new-2", "type": "mm.party_item", "item": "Rope"},
]
"""The two lines ``tablekit script`` sends to each damaged copy: party items, which the
rules take at any moment of a chapter and before one."""
TRIES = [cmd.PartyItem("Map"), cmd.GainCheese("collin", 1), cmd.EndTurn(), *SETUP]
"""Commands tried on what the app kept, until the rules accept one: a write that must work."""
COUNTS = (
    "tracebacks",
    "no prefix",
    "acknowledged lost",
    "unusable",
    "repair failed",
    "readable refused",
    "disagree",
)


@dataclass
class Base:
    """The undamaged forms, and the state and step texts after each number of steps."""

    folder: Path
    states: list[Any] = field(default_factory=list)
    texts: list[tuple[str, str]] = field(default_factory=list)


def build(folder: Path) -> Base:
    game = MiceAndMystics()
    base = Base(folder)
    live = folder / "live"
    live.mkdir()
    journal = Journal(live / "journal.sqlite3", clock=TEST_CLOCK)
    session: Session[Any] = Session.create(journal, NAME, game)
    session.snapshot_every = SNAPSHOT_EVERY
    session.rng = random.Random(SEED)
    rng = random.Random(SEED)
    base.states.append(session.state)
    commands = list(SETUP)
    while len(base.states) <= STEPS:
        if len(base.states) == STEPS - IN_WAL + 1:
            journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            # Kept in the log as when a reader holds off the journal's own checkpoints.
            journal._db.execute("PRAGMA wal_autocheckpoint=0")
        command = commands.pop(0) if commands else rng.choice(MIX)[0]
        try:
            session.apply(command)
        except RuleError:
            continue
        base.states.append(session.state)
    base.texts = [(s.command, s.events) for s in journal.steps(NAME)]
    for form in ("wal", "db", "backfilled"):
        (folder / form).mkdir()
    for name in FILES:  # the files as a pulled plug leaves them
        shutil.copyfile(live / name, folder / "wal" / name)
    # A checkpoint that copied every page of the log into the file, and a plug pulled before
    # the next write started the log again: a log SQLite would read only up to a damaged
    # frame, over a file that already holds the pages of the frames after it.
    journal._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    for name in FILES:
        shutil.copyfile(live / name, folder / "backfilled" / name)
    journal.close()  # the last close checkpoints everything into the file
    for name in ("journal.sqlite3", "journal.sqlite3-acked"):
        shutil.copyfile(live / name, folder / "db" / name)
    return base


def copy_form(base: Base, form: str, target: Path) -> None:
    for item in (base.folder / form).iterdir():
        shutil.copyfile(item, target / item.name)


def damage(base: Base, target: Path, rng: random.Random, place: int) -> str:
    """Copy one form into ``target`` and damage it at a random place; say how."""
    form = ("wal", "db", "record")[place % 3]
    copy_form(base, "db" if form == "record" else form, target)
    if form == "record":
        return record(target / "journal.sqlite3", rng)
    victim = target / ("journal.sqlite3-wal" if form == "wal" else "journal.sqlite3")
    data = bytearray(victim.read_bytes())
    at = rng.randrange(len(data))
    if rng.random() < 0.5:
        victim.write_bytes(bytes(data[:at]))
        return f"{form} cut at {at}"
    data[at] ^= rng.randrange(1, 256)
    victim.write_bytes(bytes(data))
    return f"{form} byte {at} changed"


def record(path: Path, rng: random.Random) -> str:
    step = rng.randrange(1, STEPS + 1)
    how = rng.choice(["digit", "cut", "remove", "swap", "command"])
    sql = {
        "digit": "UPDATE steps SET events = replace(events, '1', '7') WHERE id = :s",
        "cut": "UPDATE steps SET events = substr(events, 1, length(events) - 3) WHERE id = :s",
        "remove": "DELETE FROM steps WHERE id = :s",
        "swap": "UPDATE steps SET command = (SELECT command FROM steps WHERE id = :s + 1), "
        "events = (SELECT events FROM steps WHERE id = :s + 1) WHERE id = :s",
        "command": "UPDATE steps SET command = replace(command, '\"', '''') WHERE id = :s",
    }[how]
    db = sqlite3.connect(path)
    db.execute(sql, {"s": step})
    db.commit()
    db.close()
    return f"record {how} at step {step}"


# -- places chosen on purpose ----------------------------------------------------------


@dataclass(frozen=True)
class Chosen:
    """A place chosen on purpose: which form it damages, and how."""

    name: str
    form: str
    hurt: Callable[[Path], None]


def flip(file: str, at: int, by: int) -> Callable[[Path], None]:
    def hurt(target: Path) -> None:
        path = target / file
        data = bytearray(path.read_bytes())
        data[at] ^= by
        path.write_bytes(bytes(data))

    return hurt


def old_step(target: Path) -> None:
    """One digit of step 10, far behind the newest snapshot (issue 23, item 7)."""
    db = sqlite3.connect(target / "journal.sqlite3")
    db.execute(
        "UPDATE steps SET events = substr(events, 1, instr(events, '1') - 1) || '7' || "
        "substr(events, instr(events, '1') + 1) WHERE id = 10 AND instr(events, '1') > 0"
    )
    db.commit()
    db.close()


def pages_of(path: Path) -> dict[str, list[int]]:
    """Each table's and index's pages in the file at ``path``, by name (SQLite's dbstat)."""
    db = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        found: dict[str, list[int]] = {}
        for name, page in db.execute("SELECT name, pageno FROM dbstat ORDER BY pageno"):
            found.setdefault(name, []).append(int(page))
        return found
    finally:
        db.close()


def chosen_places(base: Base, rng: random.Random) -> list[Chosen]:
    """Every page of the database file, every frame of the WAL, an old step, each field of
    the session's row and every page of every index."""
    places = []
    db = base.folder / "db" / "journal.sqlite3"
    data = db.read_bytes()
    size = int.from_bytes(data[16:18], "big") or 65536
    name = "journal.sqlite3"
    for page in range(len(data) // size):
        at = page * size + rng.randrange(size)
        places.append(Chosen(f"db page {page + 1}", "db", flip(name, at, rng.randrange(1, 256))))
    wal = (base.folder / "wal" / f"{name}-wal").read_bytes()
    frame = size + 24
    for index in range((len(wal) - 32) // frame):
        at = 32 + index * frame + rng.randrange(frame)
        by = rng.randrange(1, 256)
        places.append(Chosen(f"wal frame {index + 1}", "wal", flip(f"{name}-wal", at, by)))
    wal = (base.folder / "backfilled" / f"{name}-wal").read_bytes()
    for index in range((len(wal) - 32) // frame):
        at = 32 + index * frame + rng.randrange(frame)
        by = rng.randrange(1, 256)
        places.append(
            Chosen(f"backfilled wal frame {index + 1}", "backfilled", flip(f"{name}-wal", at, by))
        )
    places += [Chosen("old step 10", form, old_step) for form in ("db", "wal")]
    pages = pages_of(db)
    [row_page] = pages["sessions"]
    start = (row_page - 1) * size
    block = data[start : start + size]
    for field_name, text in (
        ("name", NAME.encode()),
        ("game", b"mice-mystics"),
        ("head", base_head(db).encode()),
    ):
        at = start + block.index(text) + len(text) // 2
        places.append(Chosen(f"session row {field_name}", "db", flip(name, at, 0x01)))
    head = block.index(NAME.encode())
    for offset in range(1, 9):  # the record's header and the numbers before the name's text
        at = start + head - offset
        places.append(Chosen(f"session row byte -{offset}", "db", flip(name, at, 0x01)))
    for index_name, numbers in sorted(pages.items()):
        if index_name in ("sessions", "steps", "snapshots", "answers", "drops", "meta"):
            continue
        if index_name == "sqlite_schema":
            continue
        for page in numbers:
            at = (page - 1) * size + rng.randrange(8, size)
            places.append(Chosen(f"index {index_name} page {page}", "db", flip(name, at, 0xFF)))
    return places


def base_head(path: Path) -> str:
    db = sqlite3.connect(path)
    try:
        return str(db.execute("SELECT head FROM sessions").fetchone()[0])
    finally:
        db.close()


# -- reading a damaged copy as a user would ----------------------------------------------


def snapshot_of(folder: Path) -> dict[str, bytes]:
    return {
        p.name: p.read_bytes()
        for p in folder.iterdir()
        if p.is_file() and not p.name.endswith(("-shm", ".log")) and p.stat().st_size
    }


@contextlib.contextmanager
def data_dir(folder: Path) -> Iterator[None]:
    before = {key: os.environ.get(key) for key in ("TABLEKIT_DATA_DIR", "TABLEKIT_CONFIG_DIR")}
    os.environ["TABLEKIT_DATA_DIR"] = str(folder)
    os.environ["TABLEKIT_CONFIG_DIR"] = str(folder / "config")
    try:
        yield
    finally:
        for key, value in before.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def tablekit(folder: Path, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``tablekit ARGV`` run in this process on the journal in ``folder``: its exit status,
    stdout and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with (
        data_dir(folder),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
        _stdin(stdin),
    ):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _stdin(text: str) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = saved


def verdict(code: int, said: str) -> str:
    """What a reader said of the session: sound, damaged (steps dropped, or to be dropped)
    or refused. SQLite's own check of the file (``tablekit check``'s first line) is not the
    session's story: an index it finds wrong loses no step."""
    if code == 2 or code == 70:
        return "refused"
    return "damaged" if "was damaged" in said or "steps check out;" in said else "sound"


@dataclass
class Result:
    how: str
    kind: str = ""
    detail: str = ""
    counts: Counter[str] = field(default_factory=Counter)


def read_as_users(base: Base, folder: Path, how: str) -> Result:
    """Every reader on the damaged copy in ``folder``, in turn; what each count saw."""
    result = Result(how)
    found = folder / "found"  # the damaged files as found, for check --repair
    found.mkdir()
    for item in folder.iterdir():
        if item.is_file():
            shutil.copyfile(item, found / item.name)
    code, out, err = tablekit(folder, "state", "--session", NAME)
    state = verdict(code, err)
    result.counts["tracebacks"] += code == 70
    code, out, err = tablekit(folder, "check")
    checked = verdict(code, out + err)
    chain_bad = "steps check out;" in out  # the chain walked, and damage found in it
    result.counts["tracebacks"] += code == 70
    lines = "".join(json.dumps(line) + "\n" for line in LINES)
    code, out, err = tablekit(folder, "script", "-", "--session", NAME, stdin=lines)
    result.counts["tracebacks"] += code == 70
    answers = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    acked = [line for line, answer in zip(LINES, answers, strict=False) if answer.get("ok")]
    refused = any(answer.get("line") == 0 for answer in answers) or code == 2
    stories = [f"state {state}", f"check {checked}"]
    if acked and chain_bad:
        stories.append("the script acknowledged a line onto a damaged chain")
    if not acked and refused and checked == "sound":
        stories.append("the script refused a sound session")
    result.kind, detail, usable, kept = the_app(base, folder, acked)
    app = {"refused": "refused", "whole": "sound"}.get(result.kind, "damaged")
    if not acked and app != checked:
        stories.append(f"the app {app}")
    if acked and app == "refused":
        stories.append("the app refused what the script wrote")
    disagree = state != checked or len(stories) > 2
    result.detail = (
        detail if not disagree else "; ".join(stories) + (f" ({detail})" if detail else "")
    )
    result.counts["tracebacks"] += result.kind == "traceback"
    result.counts["no prefix"] += result.kind == "silent"
    result.counts["acknowledged lost"] += len(acked) - kept
    result.counts["unusable"] += not usable
    result.counts["disagree"] += disagree
    if result.kind in ("refused", "refused-but-written") and readable(found):
        result.counts["readable refused"] += 1
    result.counts["repair failed"] += repair_fails(found)
    return result


def the_app(base: Base, folder: Path, acked: list[dict[str, Any]]) -> tuple[str, str, bool, int]:
    """Open the copy as the app does and walk the whole chain behind the first frame,
    salvaging what the walk finds; sort what happened. Then a new command and a fresh open.
    Returns the outcome, a detail, whether the session is usable, and how many of the
    ``acked`` lines are still in it."""
    before = snapshot_of(folder)
    game = MiceAndMystics()
    games = {game.name: game}
    usable = True
    try:
        journal = Journal(folder / "journal.sqlite3", clock=TEST_CLOCK)
        try:
            session = open_session(journal, NAME, None, games, create=False)
            drops = list(session.journal.drops)
            why, chain = walk(session.journal)
            if chain is not None and why:  # the walk behind the first frame found it
                journal, _ = salvage(session.journal, NAME)
                session = open_session(journal, NAME, None, games, create=False)
                drops += session.journal.drops
                why, chain = walk(session.journal)
            state = session.state
            usable = works(session)
        finally:
            journal.close()
    except (JournalError, RuleError) as error:  # the app says either in one line, on Home
        message = str(error)
        if "\n" in message or not message:
            return "silent", f"an unclear refusal: {message!r}", True, 0
        changed = snapshot_of(folder) != before
        return ("refused-but-written" if changed else "refused"), message, True, 0
    except Exception as error:  # the harness's point: nothing else may escape
        return "traceback", f"{type(error).__name__}: {error}", True, 0
    if chain is None:  # SQLite cannot read every step: the walk says so on the screen
        whole = state == base.states[STEPS]
        return ("said-unreadable" if whole else "silent"), why, usable, len(acked)
    steps = [step for step, undone, _ in chain if not undone]
    new = [json.dumps({k: v for k, v in line.items() if k != "id"}) for line in acked]
    added = [step for step in steps if step.command in _lines(new)]
    kept = len(steps) - len(added)
    texts = [(s.command, s.events) for s in steps[:kept]]
    if why or texts != base.texts[:kept] or [s.command for s in steps[kept:]] != _lines(new):
        return "silent", f"{kept} steps that are not the first {kept} ({why})", usable, len(added)
    if state != replayed(game, steps):
        return "silent", "a state that is not its steps'", usable, len(added)
    said = [drop.describe(TEST_CLOCK) for drop in drops] or recorded(folder)
    if kept == STEPS and not said:
        return "whole", "", usable, len(added)
    if not said:
        return "silent", f"only {kept} of {STEPS} steps, and no drop said", usable, len(added)
    return ("prefix" if kept < STEPS else "whole-reported"), said[0], usable, len(added)


def recorded(folder: Path) -> list[str]:
    """The drops an earlier writer (the script) recorded, and said, in the journal."""
    try:
        db = sqlite3.connect(f"{(folder / 'journal.sqlite3').resolve().as_uri()}?mode=ro", uri=True)
        try:
            return [str(row[0]) for row in db.execute("SELECT why FROM drops")]
        finally:
            db.close()
    except sqlite3.Error:
        return []


def _lines(texts: list[str]) -> list[str]:
    """The journal's text of each new line (as the session checks and stores it)."""
    session_commands = codec.registry(MiceAndMystics().commands)
    return [codec.checked_line(codec.from_json(text, session_commands)) for text in texts]


def replayed(game: MiceAndMystics, steps: list[Step]) -> Any:
    known = codec.registry(game.events)
    state = game.start()
    for step in steps:
        events = [codec.from_json(item, known, stored=True) for item in json.loads(step.events)]
        state = fold(game, state, events)
    return state


def works(session: Session[Any]) -> bool:
    """Whether what the app kept takes a new command, and opens again the same."""
    try:
        for command in TRIES:
            try:
                session.apply(command)
                break
            except RuleError:
                continue
        state = session.state
        again = Journal(Path(str(session.journal.path)), clock=TEST_CLOCK)
        try:
            game = MiceAndMystics()
            reopened = open_session(again, NAME, None, {game.name: game}, create=False)
            return bool(reopened.state == state)
        finally:
            again.close()
    except JournalError:
        return False


def walk(journal: Journal) -> tuple[str, list[tuple[Step, bool, float]] | None]:
    """What the walk of the whole chain finds wrong ("" if nothing), and the session's
    steps (None if SQLite cannot read them all)."""
    try:
        return inspect(journal, NAME).why, journal.chain_of(NAME)
    except JournalError as error:
        return str(error), None


def readable(found: Path) -> bool:
    """Whether SQLite can still read some step of the session in the damaged files as
    found, one row at a time by rowid (a copy is read: SQLite may write while it reads)."""
    probe = found.parent / "probe"
    shutil.copytree(found, probe)
    try:
        db = sqlite3.connect(probe / "journal.sqlite3")
        for step in range(1, STEPS + 1):
            try:
                row = db.execute(
                    "SELECT session, command, events FROM steps WHERE id = ?", (step,)
                ).fetchone()
            except (sqlite3.Error, UnicodeDecodeError):
                continue
            if row is not None and row[0] == NAME:
                return True
        return False
    except (sqlite3.Error, UnicodeDecodeError):
        return False
    finally:
        with contextlib.suppress(sqlite3.Error, UnboundLocalError):
            db.close()
        shutil.rmtree(probe)


def repair_fails(found: Path) -> int:
    """``tablekit check --repair`` on the damaged files as found: 1 if a file it wrote fails
    ``tablekit check``, or if it failed and left a file behind."""
    code, out, err = tablekit(found, "check", "--repair")
    if code == 70:
        return 1
    made = [p for p in found.iterdir() if ".repaired-" in p.name or ".repairing" in p.name]
    if code not in (0, 1):
        return int(bool(made))
    for path in made:
        if path.name.endswith(("-wal", "-shm")):
            continue
        again, out2, err2 = tablekit(found, "check", "--journal", str(path))
        if again != 0:
            return 1
    return 0


def run(
    places: int, folder: Path, seed: int = SEED, chosen: tuple[str, ...] = ()
) -> tuple[Counter[str], list[str]]:
    """Damage ``places`` copies at random, and one per chosen place whose name starts with
    one of ``chosen`` (``("",)``: every one); the outcomes counted, and a line per failure."""
    base = build(folder)
    rng = random.Random(seed)
    counts: Counter[str] = Counter({name: 0 for name in COUNTS})
    failures = []
    todo: list[tuple[str, Callable[[Path], str]]] = []
    for place in range(places):
        todo.append(("random", lambda target, p=place: damage(base, target, rng, p)))
    for spot in chosen_places(base, random.Random(seed + 1)):
        if chosen and spot.name.startswith(chosen):
            todo.append(("chosen", lambda target, s=spot: _hurt(base, target, s)))
    for number, (group, make) in enumerate(todo):
        target = folder / f"place{number}"
        target.mkdir()
        how = make(target)
        result = read_as_users(base, target, how)
        words = how.split()
        counts[f"{group} {words[0]} {words[1]}: {result.kind}"] += 1
        counts[result.kind] += 1
        counts.update(result.counts)
        bad = [name for name in COUNTS if result.counts[name]]
        if result.kind in ("silent", "traceback", "refused-but-written") or (
            bad and bad != ["readable refused"]
        ):
            failures.append(f"{how}: {result.kind}: {', '.join(bad)}: {result.detail}")
        shutil.rmtree(target)
    return counts, failures


def _hurt(base: Base, target: Path, spot: Chosen) -> str:
    copy_form(base, spot.form, target)
    spot.hurt(target)
    return f"{spot.name} ({spot.form})"

