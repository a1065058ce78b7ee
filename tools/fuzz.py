"""``make fuzz``: a long campaign of random and mutated inputs at every boundary (issue 12).

Run: python tools/fuzz.py [--inputs N] [--only BOUNDARY ...] [--seed S] [--no-hang-limit]

Boundaries, each with ``N`` inputs (default 100,000), each run in a worker
process of its own so its peak memory is its own:

* ``commands``: JSON command lines for every game in the catalogue, built
  from each command's declared fields (so a game added to the catalogue is
  covered without a change here), seeded with the examples in
  docs/commands.md and mutated; parsed and applied to a live session.
* ``cli``: a sample of those lines through ``tablekit script`` in-process
  (``tablekit.cli.main`` with captured output), and a few in a real
  subprocess, for the real exit path.
* ``config``: settings files built from the config's declared fields and
  mutated as text, read with ``tablekit.local.config.load``.
* ``images``: PNG, JPEG and BMP files with mutated headers and bodies, read
  with ``load_image`` and, when decoded, by the d6 reader.
* ``serial``: byte streams of pad protocol lines, mutated, cut into lines and
  parsed as the serial pad does.

Counted per boundary: inputs, accepted, refused, tracebacks (any exception
that is not the boundary's own refusal), hangs (one input over the hang
limit, 1 s unless ``--hang-limit`` says otherwise), state changes from
refused input, and the worker's peak memory. The exit status is 1 if any
traceback, hang or state change was found.

``--no-hang-limit`` is for the short campaign in the test suite, which must
not fail because the machine running it is busy: no input counts as a hang
for its time, and the exit status counts tracebacks and state changes only.
An input is still stopped after :data:`ABORT` seconds, so a stuck one cannot
stall the campaign; such inputs are counted and shown, not failed.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import io
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import types
import typing
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the suite's boundary helpers, shared, not copied
from fuzzing import declared, doc_examples, words_in  # noqa: E402

HANG = 1.0
"""Seconds one input may take before it counts as a hang (the default ``--hang-limit``)."""
ABORT = 10
"""Seconds after which one input is stopped, so a real hang cannot stall the campaign."""
hang_limit: float | None = HANG
"""This worker's hang limit in seconds, set from the command line by :func:`worker`; None
(``--no-hang-limit``): slowness is not counted, only inputs stopped after ABORT are shown."""
BOUNDARIES = ("commands", "cli", "config", "images", "serial")


class Stuck(Exception):
    """Raised by the alarm when one input runs past :data:`ABORT` seconds."""


class StateChanged(Exception):
    """A refused input left something changed."""


@dataclasses.dataclass
class Tally:
    """What one boundary's campaign found."""

    boundary: str
    inputs: int = 0
    accepted: int = 0
    refused: int = 0
    tracebacks: int = 0
    hangs: int = 0
    state_changes: int = 0
    slowest: float = 0.0
    peak_mb: float = 0.0
    seconds: float = 0.0
    processes: int = 0
    """Inputs run in a new ``python -m tablekit`` process rather than in this one."""
    examples: list[str] = dataclasses.field(default_factory=list)
    covered: dict[str, int] = dataclasses.field(default_factory=dict)

    def problem(self, what: str, sample: object) -> None:
        if len(self.examples) < 8:
            self.examples.append(f"{what}: {str(sample)[:300]!r}")


def timed(
    tally: Tally,
    attempt: Callable[[], bool | None],
    sample: object,
    new_process: bool = False,
) -> None:
    """Run one input: True accepted, False refused; anything raised is a traceback.

    It may take up to :data:`hang_limit` seconds, or up to :data:`ABORT` in a whole
    ``new_process`` (which spends about a second starting Python and importing tablekit).
    """
    tally.inputs += 1
    start = time.perf_counter()
    signal.alarm(ABORT)
    try:
        outcome = attempt()
    except Stuck:
        tally.hangs += 1
        tally.problem(f"stopped after {ABORT} s", sample)
        return
    except StateChanged as error:
        tally.state_changes += 1
        tally.problem(f"state changed: {error}", sample)
        return
    except Exception as error:
        tally.tracebacks += 1
        tally.problem(f"{type(error).__name__}: {error}"[:200], sample)
        return
    finally:
        signal.alarm(0)
    took = time.perf_counter() - start
    tally.slowest = max(tally.slowest, 0.0 if new_process else took)
    if hang_limit is not None and not new_process and took > hang_limit:
        tally.hangs += 1
        tally.problem(f"took {took:.2f} s", sample)
    if outcome is True:
        tally.accepted += 1
    elif outcome is False:
        tally.refused += 1


def _alarm(signum: int, frame: object) -> None:
    raise Stuck


# ---- values from declared types ------------------------------------------------------------

NASTY_INTS = [0, 1, -1, 2, 3, 6, 7, 10, 99, -3, 2**31, 2**63, -(2**63), 10**30, int("9" * 400)]
NASTY_TEXT = [
    "",
    " ",
    "spider#²",
    "spider#" + "9" * 4301,
    "spider#-1",
    "spider#0",
    "Ü",
    "\u0000",
    "\udcff",
    "a" * 5000,
    "{}",
    "gm",
    "table",
    "pad:gm",
    "../../etc/passwd",
    "Chapter 1",
]


class Values:
    """Random JSON values that fit, or nearly fit, a declared type."""

    def __init__(self, rng: random.Random, words: list[str]) -> None:
        self.rng = rng
        self.words = words
        """Names this game knows (figures, cards, skills...), so inputs reach deep rules."""

    def any(self, depth: int = 0) -> Any:
        pick = self.rng.randrange(8 if depth < 3 else 5)
        if pick == 0:
            return self.rng.choice(NASTY_INTS)
        if pick == 1:
            return self.text()
        if pick == 2:
            return self.rng.choice([None, True, False, 0.5, float("nan"), -0.0, 1e308])
        if pick in (3, 4):
            return self.rng.choice(self.words) if self.words else self.text()
        if pick in (5, 6):
            return [self.any(depth + 1) for _ in range(self.rng.randrange(4))]
        return {self.text(): self.any(depth + 1) for _ in range(self.rng.randrange(3))}

    def text(self) -> str:
        if self.words and self.rng.random() < 0.6:
            word = self.rng.choice(self.words)
            if self.rng.random() < 0.2:
                word += self.rng.choice(["#", "#1", "#²", "#99999", " ", "_x"])
            return str(word)
        return self.rng.choice(NASTY_TEXT)

    def of(self, hint: Any, depth: int = 0) -> Any:
        """A value for ``hint``; now and then one of the wrong type or out of range."""
        if self.rng.random() < 0.04 or depth > 6:
            return self.any(depth)
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Annotated:
            return self.of(args[0], depth)
        if origin is typing.Literal:
            return self.rng.choice(args)
        if origin in (typing.Union, types.UnionType):
            return self.of(self.rng.choice(args), depth)
        if origin in (tuple, list, set, frozenset):
            if len(args) == 2 and args[1] is Ellipsis or origin is not tuple:
                item = args[0] if args else Any
                size = self.rng.choice([0, 1, 1, 2, 2, 3, 4, 7, 40])
                return [self.of(item, depth + 1) for _ in range(size)]
            return [self.of(a, depth + 1) for a in args]
        if origin is dict:
            return {self.text(): self.of(args[1], depth + 1) for _ in range(self.rng.randrange(3))}
        if isinstance(hint, type) and (
            dataclasses.is_dataclass(hint) or issubclass(hint, msgspec.Struct)
        ):
            return self.fields(hint, depth + 1)
        if hint is bool:
            return self.rng.random() < 0.5
        if hint is int:
            return self.rng.choice([*range(-2, 9), *NASTY_INTS])
        if hint is float:
            return self.rng.choice([0.0, 1.5, -1.0, 1e9, float("inf"), float("nan")])
        if hint is str:
            return self.text()
        if hint is type(None):
            return None
        return self.any(depth)

    def fields(self, cls: type, depth: int = 0) -> dict[str, Any]:
        """A dict for ``cls`` (a dataclass or a msgspec Struct): its fields, some left out,
        now and then one too many."""
        hints = typing.get_type_hints(cls, include_extras=True)
        found: dict[str, Any] = {}
        for name, required in declared(cls).items():
            keep = self.rng.random() >= 0.02 if required else self.rng.random() < 0.5
            if keep:
                found[name] = self.of(hints[name], depth)
        if self.rng.random() < 0.02:
            found[self.text()] = self.any()
        return found


def mutate(rng: random.Random, text: str) -> str:
    """``text`` with one to three edits: a character changed, cut, doubled or added."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(chars) + 1)
        pick = rng.randrange(6)
        if pick == 0 and chars:
            chars[min(where, len(chars) - 1)] = rng.choice('{}[]":,0129-#e.\\ \x00²\udcff')
        elif pick == 1:
            del chars[where : where + rng.randint(1, 8)]
        elif pick == 2:
            chars[where:where] = chars[where : where + rng.randint(1, 12)]
        elif pick == 3:
            chars[where:where] = list(rng.choice(["9" * 30, "[" * 600, "-1", "null", '"x"']))
        elif pick == 4:
            chars = chars[:where]
        else:
            chars[where:where] = [chr(rng.randrange(0x20, 0x250))]
    return "".join(chars)


# ---- commands --------------------------------------------------------------------------------


class Lines:
    """Command lines for one game: docs examples, lines built from the fields, mutations."""

    def __init__(self, rng: random.Random, known: dict[str, type], seeds: list[dict[str, Any]]):
        self.rng = rng
        self.known = known
        self.seeds = [json.dumps(s, ensure_ascii=False) for s in seeds if s["type"] in known]
        self.values = Values(rng, [])

    def next(self) -> tuple[str, str]:
        """A line and the kind it was built as."""
        pick = self.rng.random()
        if self.seeds and pick < 0.3:
            line = self.rng.choice(self.seeds)
            return mutate(self.rng, line), json.loads(line)["type"]
        kind = self.rng.choice(list(self.known))
        data = {"type": kind, **self.values.fields(self.known[kind])}
        line = json.dumps(data, ensure_ascii=False)
        return (mutate(self.rng, line) if pick > 0.85 else line), kind


def commands(count: int, seed: int, cli_sample: bool = False) -> Tally:
    """Every game's commands, parsed and applied to live sessions (reset every 500 lines)."""
    from tablekit import catalog
    from tablekit.local.clock import open_journal
    from tablekit.rules.errors import RuleError
    from tablekit.session import Session
    from tablekit.session.codec import CommandError

    tally = Tally("commands")
    rng = random.Random(seed)
    games = catalog.games()
    examples = doc_examples()
    per_game = -(-count // len(games))
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as d:
        journal = open_journal(Path(d) / "journal.sqlite3")
        for name, game in games.items():
            session: Session[Any] | None = None
            lines: Lines | None = None
            for number in range(per_game):
                if number % 500 == 0:
                    session = Session.create(journal, f"{name}-{number}", game)
                    session.rng = random.Random(rng.random())
                    for example in examples:
                        with contextlib.suppress(RuleError, CommandError):
                            session.apply(session.parse(example))
                    values = Values(rng, sorted(words_in(session.view(), set())))
                    lines = Lines(rng, session.commands, examples)
                    lines.values = values
                assert session is not None and lines is not None
                line, kind = lines.next()
                key = f"{name}: {kind}"
                tally.covered[key] = tally.covered.get(key, 0) + 1
                timed(tally, _applier(session, line, RuleError, CommandError), line)
        journal.close()
    return tally


def _applier(session: Any, line: str, *refusals: type[Exception]) -> Callable[[], bool]:
    def attempt() -> bool:
        state, version = session.state, session.version
        try:
            session.apply(session.parse(line))
        except refusals:
            if session.state is not state or session.version != version:
                raise StateChanged("a refused line changed the session") from None
            return False
        return True

    return attempt


# ---- the command line ------------------------------------------------------------------------


def cli(count: int, seed: int) -> Tally:
    """Lines through ``tablekit script``: in-process in batches, and a few real processes."""
    from tablekit import catalog
    from tablekit import cli as tablekit_cli
    from tablekit.session.codec import registry
    from tablekit.session.commands import SESSION_COMMANDS

    tally = Tally("cli")
    rng = random.Random(seed)
    examples = doc_examples()
    games = catalog.games()
    with tempfile.TemporaryDirectory(dir="/dev/shm" if Path("/dev/shm").is_dir() else None) as d:
        os.environ["TABLEKIT_DATA_DIR"] = str(Path(d) / "data")
        os.environ["TABLEKIT_CONFIG_DIR"] = str(Path(d) / "config")
        known = {n: registry([*SESSION_COMMANDS, *g.commands]) for n, g in games.items()}
        makers = {name: Lines(rng, kinds, examples) for name, kinds in known.items()}
        script = Path(d) / "lines.jsonl"
        for number in range(count):
            name = rng.choice(list(games))
            line, kind = makers[name].next()
            key = f"{name}: {kind}"
            tally.covered[key] = tally.covered.get(key, 0) + 1
            script.write_text(line + "\n", encoding="utf-8", errors="surrogateescape")
            args = ["script", str(script), "--session", f"{name}-{number // 200}", "--game", name]
            if number % (count // 40 or 1) == 0:
                tally.processes += 1
                timed(tally, partial(_subprocess, args), line, new_process=True)
            else:
                timed(tally, partial(_in_process, tablekit_cli.main, args), line)
    return tally


def _judge(code: int, out: str, err: str) -> bool:
    """Accepted (0) or refused (1, 2) with one JSON line or one error line; else a failure.

    A line never damages the journal, so a journal that cannot be used is a failure too:
    once it was a script in this process costing another its locks (guard's module note)."""
    if code not in (0, 1, 2) or "Traceback" in err or "cannot use the journal" in err:
        raise AssertionError(f"exit {code}: {err.strip()[-200:]}")
    for line in out.splitlines():
        json.loads(line)
    return code == 0


def _in_process(main: Callable[[list[str]], int], args: list[str]) -> bool:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return _judge(code, out.getvalue(), err.getvalue())


def _subprocess(args: list[str]) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "tablekit", *args], capture_output=True, text=True, timeout=60
    )
    return _judge(done.returncode, done.stdout, done.stderr)


# ---- config ----------------------------------------------------------------------------------


def config(count: int, seed: int) -> Tally:
    """Settings files from the declared fields, dumped as TOML or mutated as text."""
    import tomli_w

    from tablekit.local import config as settings

    tally = Tally("config")
    rng = random.Random(seed)
    values = Values(rng, ["auto", "on", "off", "gpio", "serial", "none", "mice-mystics", "en"])
    defaults = json.loads(json.dumps(msgspec.to_builtins(settings.Config())))
    good = tomli_w.dumps(_unset_left_out(defaults))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "config.toml"
        for _ in range(count):
            text = _settings_text(rng, values, good, settings.Config)
            data = text.encode("utf-8", errors="surrogateescape")
            path.write_bytes(data)
            timed(tally, _loader(settings, path, data), text)
    return tally


def _unset_left_out(table: dict[str, Any]) -> dict[str, Any]:
    """``table`` without its unset (None) values: TOML has no null, a file leaves them out."""
    return {
        key: _unset_left_out(value) if isinstance(value, dict) else value
        for key, value in table.items()
        if value is not None
    }


def _settings_text(rng: random.Random, values: Values, good: str, schema: type) -> str:
    pick = rng.random()
    if pick < 0.4:
        return mutate(rng, good)
    if pick < 0.45:
        return rng.choice(["[a]\n" * 3, "x = " + "[" * 600, "a = {b = " * 300, "\ufeffx=1"])
    data = values.fields(schema)
    try:
        import tomli_w

        return tomli_w.dumps(_tomlable(data))
    except (TypeError, ValueError):
        return mutate(rng, good)


def _tomlable(data: Any) -> Any:
    """TOML has no null: drop it, as a person writing the file would leave the key out."""
    if isinstance(data, dict):
        return {str(k): _tomlable(v) for k, v in data.items() if v is not None}
    if isinstance(data, list):
        return [_tomlable(v) for v in data if v is not None]
    return data


def _loader(settings: Any, path: Path, data: bytes) -> Callable[[], bool]:
    def attempt() -> bool:
        try:
            settings.load(path)
        except settings.ConfigError:
            if path.read_bytes() != data:
                raise StateChanged("a refused settings file was changed") from None
            return False
        return True

    return attempt


# ---- images ----------------------------------------------------------------------------------


def images(count: int, seed: int) -> Tally:
    """Image files with mutated headers and bodies, loaded and (when decoded) read as d6 or as
    Mice and Mystics action dice, in turn."""
    import cv2
    import numpy as np

    from tablekit.local.dice_kits import reader_for
    from tablekit.vision.imagefile import ImageRefused, load_image

    tally = Tally("images")
    rng = random.Random(seed)
    picture = np.random.default_rng(seed).integers(0, 255, (24, 32, 3), dtype=np.uint8)
    seeds = [
        cv2.imencode(".png", picture)[1].tobytes(),
        cv2.imencode(".jpg", picture)[1].tobytes(),
        cv2.imencode(".jpg", picture, [cv2.IMWRITE_JPEG_PROGRESSIVE, 1])[1].tobytes(),
        cv2.imencode(".bmp", picture)[1].tobytes(),
    ]
    readers = [reader_for("d6"), reader_for("mm-action")]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "image"
        for number in range(count):
            data = _image_bytes(rng, rng.choice(seeds))
            path.write_bytes(data)
            side = rng.choice([640, 1280])  # every caller passes a working size (WORK_SIDE)
            reader = readers[number // 20 % 2] if number % 20 == 0 else None
            attempt = partial(_load, load_image, ImageRefused, path, side, reader)
            timed(tally, attempt, data[:64].hex())
    tally.peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return tally


def _load(
    load_image: Any, refused: type[Exception], path: Path, side: int | None, read: Any
) -> bool:
    try:
        image = load_image(path, work_side=side, quiet=True)
    except refused:
        return False
    if read is not None:
        read(image.frame)
    return True


def _image_bytes(rng: random.Random, data: bytes) -> bytes:
    """An image file with its size fields, a few bytes, or its length changed."""
    out = bytearray(data)
    sides = [0, 1, 2, 24, 60000, 65535, 100000, 2**31 - 1, 2**32 - 1, 6000, 7000]
    pick = rng.randrange(5)
    if pick == 0:
        at = {0x89: (16, ">I"), 0xFF: (-1, ">H"), 0x42: (18, "<i")}[out[0]]
        where = at[0] if at[0] >= 0 else _jpeg_size_at(out)
        if where is not None:
            width_format = at[1]
            size = 4 if width_format[1] in "Ii" else 2
            for offset in (0, size):
                value = rng.choice(sides) % (1 << (8 * size))
                if width_format[1] == "i":
                    value = rng.choice([value % 2**31, -(value % 2**31)])
                order = "big" if width_format[0] == ">" else "little"
                signed = width_format[1] == "i"
                out[where + offset : where + offset + size] = value.to_bytes(
                    size, order, signed=signed
                )
    elif pick == 1:
        for _ in range(rng.randint(1, 8)):
            out[rng.randrange(len(out))] = rng.randrange(256)
    elif pick == 2:
        del out[rng.randrange(len(out)) :]
    elif pick == 3:
        out += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    else:
        where = rng.randrange(len(out))
        out[where:where] = out[rng.randrange(len(out)) :][: rng.randrange(1, 200)]
    return bytes(out)


def _jpeg_size_at(data: bytearray) -> int | None:
    """The offset of a JPEG's height field in its first SOFn segment."""
    found = re.search(rb"\xff[\xc0-\xc2]", data)
    return found.start() + 5 if found else None


# ---- serial pad lines ------------------------------------------------------------------------


def serial(count: int, seed: int) -> Tally:
    """Byte streams of protocol lines, mutated and cut at random, into Lines and parse."""
    from tablekit.devices.pads_serial import Lines
    from tablekit.rules.pads import BUTTONS

    tally = Tally("serial")
    rng = random.Random(seed)
    good = [f"PRESS {b}" for b in BUTTONS] + ["HOLD back", "HELLO opponents 1", "HELLO patrol 1"]
    cutter = Lines()
    for _ in range(count):
        text = rng.choice(good)
        if rng.random() < 0.7:
            text = mutate(rng, text)
        raw = text.encode("utf-8", errors="surrogateescape") + rng.choice([b"\n", b"\r\n", b""])
        if rng.random() < 0.05:
            raw = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        timed(tally, partial(_pad_lines, cutter, raw), raw)
    return tally


def _pad_lines(cutter: Any, raw: bytes) -> bool:
    """Feed ``raw``; a line is taken only if it is exactly one the protocol defines."""
    from tablekit.devices.pads_serial import Hello, LineRefused, read_line
    from tablekit.rules.pads import HELD, PadPressed

    taken = False
    for line in cutter.feed(raw):
        try:
            message: Hello | PadPressed | None = read_line("opponents", line)
        except LineRefused:
            message = None
        said = None
        if isinstance(message, PadPressed):
            said = "HOLD back" if message.button == HELD else f"PRESS {message.button}"
        elif isinstance(message, Hello):
            said = f"HELLO {message.role} {message.version}"
        if said is not None and line != said:
            raise StateChanged(f"{line!r} was taken as {message}")
        taken = taken or message is not None
    return taken


# ---- the campaign ----------------------------------------------------------------------------

RUNS: dict[str, Callable[[int, int], Tally]] = {
    "commands": commands,
    "cli": cli,
    "config": config,
    "images": images,
    "serial": serial,
}


def worker(boundary: str, count: int, seed: int, limit: float | None = HANG) -> Tally:
    """One boundary's campaign, in a process of its own, with hang limit ``limit``."""
    global hang_limit
    hang_limit = limit
    signal.signal(signal.SIGALRM, _alarm)
    start = time.perf_counter()
    tally = RUNS[boundary](count, seed)
    tally.seconds = time.perf_counter() - start
    tally.peak_mb = tally.peak_mb or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return tally


def report(tallies: list[Tally], limit: float | None = HANG) -> Iterator[str]:
    hangs = f"hangs>{limit:g}s" if limit is not None else f"stopped>{ABORT}s"
    yield f"{'boundary':<10}{'inputs':>9}{'accepted':>10}{'refused':>9}{'tracebacks':>12}" + (
        f"{hangs:>12}{'state changes':>15}{'slowest s':>11}{'peak MB':>9}{'time s':>8}"
    )
    for t in tallies:
        yield (
            f"{t.boundary:<10}{t.inputs:>9}{t.accepted:>10}{t.refused:>9}{t.tracebacks:>12}"
            f"{t.hangs:>12}{t.state_changes:>15}{t.slowest:>11.3f}{t.peak_mb:>9.0f}{t.seconds:>8.0f}"
        )
    for t in tallies:
        if t.processes:
            yield f"{t.boundary}: {t.processes} of the {t.inputs} inputs ran in a new process"
        if t.covered:
            kinds = sorted(t.covered.items(), key=lambda kv: kv[1])
            least, most = kinds[0][1], kinds[-1][1]
            yield f"{t.boundary}: {len(kinds)} command kinds, each {least} to {most} inputs"
        for example in t.examples:
            yield f"  {t.boundary}: {example}"
    if limit is None:
        yield f"no hang limit: a slow input is no failure (one past {ABORT} s is stopped, counted)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--inputs", type=int, default=100_000, help="inputs per boundary")
    parser.add_argument("--only", nargs="*", choices=BOUNDARIES, default=list(BOUNDARIES))
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--jobs", type=int, default=2)
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "--hang-limit",
        type=float,
        default=HANG,
        metavar="SECONDS",
        help=f"an input that takes longer is a hang, and a failure (default {HANG:g})",
    )
    limits.add_argument(
        "--no-hang-limit",
        dest="hang_limit",
        action="store_const",
        const=None,
        help="count no input as a hang for its time: for a short campaign on a busy machine "
        f"(the test suite's); inputs are still stopped after {ABORT} s",
    )
    args = parser.parse_args(argv)
    counts = {b: args.inputs if b != "cli" else max(1, args.inputs // 20) for b in args.only}
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=1) as pool:
        futures = [pool.submit(worker, b, counts[b], args.seed, args.hang_limit) for b in args.only]
        tallies = [f.result() for f in futures]
    for line in report(tallies, args.hang_limit):
        print(line)
    failed = [t.tracebacks + t.state_changes for t in tallies]
    if args.hang_limit is not None:
        failed += [t.hangs for t in tallies]
    return 1 if sum(failed) else 0


if __name__ == "__main__":
    sys.exit(main())
