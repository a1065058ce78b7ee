"""Press to changed pixels, measured from outside: the real ``python -m tablekit`` under Xvfb.

Run: ``make bench`` or ``python -m benchmarks.pad_to_screen [--before REV] [--after REV]
[--presses N] [--sizes 1000,100000]``.
Needs ``Xvfb`` (apt: xvfb). Linux only (a pty, ``/proc``).

Xvfb keeps its screen in a file (``-fbdir``), which this process maps and
compares, so the clock stops when the pixels the display server holds change,
not when the app says it drew. The journal (a Mouse Guard session of N filler
steps whose conflict is being scripted, as :mod:`benchmarks.pad_processing`
builds it) and the settings live in a tmpfs folder, so a press's fsync costs
what it costs on tmpfs, not a disk's noise.

* serial pad: the patrol pad's port is a pty; this process answers the pad's
  ``HELLO?`` and writes ``PRESS attack`` / ``PRESS back`` to the master end.
* GPIO: a launcher sets gpiozero's MockFactory in the app's process, then runs
  the app; it drives the GM pad's pins on the lines this process writes to its
  stdin (Attack posts on closing, Back on opening, presses spaced past the
  pad's settle guard).
* bare window: in the same run, a pygame window that changes colour on each
  byte of the same kind of pty, read by a pyserial thread that posts an event
  to a ``pygame.event.wait()`` loop that fills and flips the whole window, as
  pygame's own examples do. (The app sends only the rects a press repainted, see
  :mod:`tablekit.ui.parts` and :mod:`tablekit.ui.display`, so it can beat this baseline.)

The programs run side by side, each on an Xvfb of its own, and are pressed in
turn, in a fresh random order each round, so a busy machine's load falls on all
alike. Between two presses a screen is left quiet, then a random pause of up to
a frame (at 30 fps) puts each press at a random point of any frame cycle. The
idle CPU is each process's user + system time (``/proc/PID/stat``) over the same
:data:`IDLE_SECONDS` of quiet screens. ``--before REV`` also runs the app as
it was at git revision REV (exported with ``git archive``), beside this tree.
The targets (issue 26): p99 under 16.7 ms; p50 within 2 ms of the bare window;
idle CPU at most the bare window's + 0.1% of a core.
"""

from __future__ import annotations

import argparse
import contextlib
import mmap
import os
import random
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

SCREEN = (800, 480)
SIZES = (1_000, 100_000)
PRESSES = 200
FRAME_MS = 1000 / 60
TIMEOUT = 5.0
WARMING = 60
"""The first presses may take this many times :data:`TIMEOUT`: the app takes no command
until the walk of the journal's chain behind its first frame is done (long at 100k)."""
WARMING_UP = False
"""Seconds a press may take to reach the pixels before the run is called broken."""
QUIET = 0.08
"""Seconds with no change of pixels that make the screen count as quiet between presses."""
IDLE_SECONDS = 20.0
POLL = 0.0002
"""Seconds between two looks at the framebuffer while a press is awaited."""
ROWS = 4
"""Every this many rows are looked at: any change here (a digit, a slot) is taller, and a
look costs a quarter as much, leaving the programs measured more of the machine."""
STARTED = 5.0
"""Seconds a fresh window must rest before the first press: past the start's own notices."""
SETTLE = 0.03
"""Seconds a GPIO contact is held or left still: past the pad's settle guard (25 ms)."""
PRIORITY = -10
"""The nice increment the run asks for (allowed to root): a busy machine's noise, less."""
TICK = os.sysconf("SC_CLK_TCK")
ROOT = Path(__file__).resolve().parents[1]

GPIO_APP = """
import sys, threading
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
Device.pin_factory = MockFactory()
def drive():
    for line in sys.stdin:
        pin, level = line.split()
        mock = Device.pin_factory.pin(int(pin))
        mock.drive_high() if level == "1" else mock.drive_low()
        print("ok", flush=True)
threading.Thread(target=drive, daemon=True).start()
from tablekit.cli import main
sys.exit(main(["run"]))
"""
"""The GPIO launcher: mock pins driven from stdin, inside the app's own process; each edge
is acknowledged on stdout once the pad's handlers have run."""

BARE_APP = """
import sys, threading, pygame, serial
pygame.display.init()
screen = pygame.display.set_mode((800, 480))
CHANGE = pygame.event.custom_type()
port = serial.Serial(sys.argv[1], timeout=0.1)
def read():
    while True:
        if port.read(1):
            pygame.event.post(pygame.event.Event(CHANGE))
threading.Thread(target=read, daemon=True).start()
colours, shown = [(40, 30, 20), (200, 180, 120)], 0
screen.fill(colours[0]); pygame.display.flip()
while True:
    event = pygame.event.wait()
    if event.type == pygame.QUIT:
        break
    if event.type in (CHANGE, pygame.KEYDOWN):
        shown = 1 - shown
        screen.fill(colours[shown]); pygame.display.flip()
"""
"""The bare event-driven window, changing colour on each serial byte or key."""


JOIN: Path | None = None
"""A cgroup's process list that the app and the bare window join as they start
(:mod:`benchmarks.pi_projection` sets it to run them on a share of a core); None: none."""


def launch(command: list[str], **options: Any) -> subprocess.Popen[bytes]:
    """Start ``command``; in the :data:`JOIN` cgroup, if one is set, before it runs."""
    join = JOIN

    def enter() -> None:
        assert join is not None
        handle = os.open(join, os.O_WRONLY)
        os.write(handle, f"{os.getpid()}\n".encode())
        os.close(handle)

    return subprocess.Popen(command, preexec_fn=enter if join else None, **options)


class Framebuffer:
    """An Xvfb server whose screen this process reads from the file it keeps it in."""

    def __init__(self, folder: Path, display: int) -> None:
        self.display = f":{display}"
        size = f"{SCREEN[0]}x{SCREEN[1]}x24"
        command = ["Xvfb", self.display, "-screen", "0", size, "-fbdir", str(folder)]
        self.server = subprocess.Popen([*command, "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
        path, listening = folder / "Xvfb_screen0", Path(f"/tmp/.X11-unix/X{display}")
        deadline = time.monotonic() + 10
        while not path.exists() or path.stat().st_size == 0 or not listening.exists():
            if time.monotonic() > deadline:
                raise RuntimeError("Xvfb did not start")
            time.sleep(0.05)
        with path.open("rb") as file:
            self.map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        header, colours = (
            struct.unpack(">I", self.map[0:4])[0],
            struct.unpack(">I", self.map[76:80])[0],
        )
        offset = header + 12 * colours
        line = struct.unpack(">I", self.map[48:52])[0]  # the XWD header's bytes_per_line
        rows = np.frombuffer(self.map, np.uint8, count=line * SCREEN[1], offset=offset)
        self.pixels = rows.reshape(SCREEN[1], line)[::ROWS]
        self.blank = self.snapshot()
        """The screen before any window shows on it."""

    def snapshot(self) -> np.ndarray:
        return self.pixels.copy()

    def changed(self, before: np.ndarray) -> bool:
        return not np.array_equal(self.pixels, before)

    def quiet(self, seconds: float, most: float = 120.0) -> None:
        """Wait until no pixel changed for ``seconds``."""
        deadline = time.monotonic() + most
        before, since = self.snapshot(), time.monotonic()
        while time.monotonic() - since < seconds:
            if time.monotonic() > deadline:
                raise RuntimeError("the screen never came to rest")
            time.sleep(0.005)
            if self.changed(before):
                before, since = self.snapshot(), time.monotonic()

    def started(self) -> None:
        """Wait for a window to show, then for it to rest past any notice of the start (a
        pad saying it is not connected yet stays 4 s)."""
        deadline = time.monotonic() + 300
        while not self.changed(self.blank):
            if time.monotonic() > deadline:
                raise RuntimeError("no window showed")
            time.sleep(0.01)
        self.quiet(STARTED)

    def close(self) -> None:
        self.server.terminate()
        self.server.wait()


def until_changed(screen: Framebuffer, before: np.ndarray, start: float) -> float:
    """Milliseconds from ``start`` until the pixels differ from ``before``."""
    while not screen.changed(before):
        if time.perf_counter() - start > TIMEOUT * (WARMING if WARMING_UP else 1):
            raise RuntimeError("a press never reached the pixels")
        time.sleep(POLL)
    return (time.perf_counter() - start) * 1000


class PadPort:
    """The master end of a pty the app opens as a serial pad; it answers ``HELLO?``."""

    def __init__(self, role: str = "patrol") -> None:
        self.hello = f"HELLO {role} 1\n".encode()
        self.master, self.slave = os.openpty()
        self.path = os.ttyname(self.slave)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._answer, daemon=True)
        self._thread.start()

    def _answer(self) -> None:
        heard = b""
        while not self._stop.is_set():
            with contextlib.suppress(OSError):
                heard = (heard + os.read(self.master, 256))[-64:]
            if b"HELLO?" in heard:
                os.write(self.master, self.hello)
                heard = b""

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        self._stop.set()
        os.close(self.slave)
        os.close(self.master)


def cpu_seconds(pid: int) -> float:
    """User + system CPU of process ``pid`` (every thread) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def idle_cpu(pids: list[int], seconds: float) -> list[float]:
    """Percent of one core each of ``pids`` used over the same ``seconds``."""
    start, began = [cpu_seconds(pid) for pid in pids], time.monotonic()
    time.sleep(seconds)
    took = time.monotonic() - began
    return [100 * (cpu_seconds(pid) - was) / took for pid, was in zip(pids, start, strict=True)]


def app_env(display: str, home: Path, tree: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SDL_", "NOTIFY_"))}
    return env | {
        "DISPLAY": display,
        "SDL_AUDIODRIVER": "dummy",
        "TABLEKIT_CONFIG_DIR": str(home),
        "TABLEKIT_DATA_DIR": str(home),
        "PYTHONPATH": str(tree),
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


def settle_phase() -> None:
    """A random pause of up to one 30 fps frame, so presses land anywhere in a tick."""
    time.sleep(random.uniform(0, 1 / 30))


class Contender:
    """One program on a screen of its own, pressed and watched; its presses' latencies."""

    def __init__(self, name: str, screen: Framebuffer) -> None:
        self.name = name
        self.screen = screen
        self.latencies: list[float] = []
        self.idle: float | None = None
        self.process: subprocess.Popen[bytes] | None = None
        self.log: Path | None = None
        """Where the program's own complaints go (stderr), said if it never shows."""

    def press(self, index: int) -> None:
        """Press once (Attack on even ``index``, Back on odd), note the milliseconds to
        changed pixels, and leave the screen quiet."""
        before = self.screen.snapshot()
        settle_phase()
        self.latencies.append(self._press(index, before))
        self.screen.quiet(QUIET)

    def _press(self, index: int, before: np.ndarray) -> float:
        raise NotImplementedError

    def logged(self, home: Path) -> Any:
        """A file in ``home`` for the program's stderr."""
        self.log = home / "app.log"
        return self.log.open("wb")

    def close(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait()
        self.screen.close()


class SerialApp(Contender):
    """The app with both pads on ptys; the patrol's pad is pressed."""

    def __init__(self, name: str, screen: Framebuffer, home: Path, tree: Path) -> None:
        super().__init__(name, screen)
        self.port, self.gm = PadPort(), PadPort("opponents")
        (home / "config.toml").write_text(
            f'[buttons]\nbackend = "serial"\n[buttons.patrol]\nport = "{self.port.path}"\n'
            f'[buttons.opponents]\nport = "{self.gm.path}"\n'
        )
        self.process = launch(
            [sys.executable, "-m", "tablekit"],
            cwd=tree,
            env=app_env(screen.display, home, tree),
            stdout=subprocess.DEVNULL,
            stderr=self.logged(home),
        )

    def _press(self, index: int, before: np.ndarray) -> float:
        start = time.perf_counter()
        self.port.write(b"PRESS attack\n" if index % 2 == 0 else b"PRESS back\n")
        return until_changed(self.screen, before, start)

    def close(self) -> None:
        super().close()
        self.port.close()
        self.gm.close()


class GpioApp(Contender):
    """The app on mock GPIO pins, driven through its launcher's stdin; the GM's pad."""

    def __init__(self, name: str, screen: Framebuffer, home: Path, tree: Path) -> None:
        super().__init__(name, screen)
        (home / "config.toml").write_text('[buttons]\nbackend = "gpio"\n')
        self.process = launch(
            [sys.executable, "-c", GPIO_APP],
            cwd=tree,
            env=app_env(screen.display, home, tree),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.logged(home),
        )

    def started(self) -> None:
        """Past the start-up check that finds no GPIO header here (the pins are mock ones)."""
        play_on(self.screen)

    def drive(self, pin: int, level: int) -> None:
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(f"{pin} {level}\n".encode())
        self.process.stdin.flush()

    def applied(self) -> None:
        """Wait until the app's process has applied the last edge, so the next comes a
        settle time after it there too (a busy machine may deliver two lines at once)."""
        assert self.process is not None and self.process.stdout is not None
        self.process.stdout.readline()

    def _press(self, index: int, before: np.ndarray) -> float:
        if index % 2 == 0:  # Attack (GPIO 17) posts as its contact closes
            start = time.perf_counter()
            self.drive(17, 0)
            found = until_changed(self.screen, before, start)
            self.applied()
            time.sleep(SETTLE)
            self.drive(17, 1)
        else:  # Back (GPIO 9) posts as it opens, a settle time after it closed
            self.drive(9, 0)
            self.applied()
            time.sleep(SETTLE)
            start = time.perf_counter()
            self.drive(9, 1)
            found = until_changed(self.screen, before, start)
        self.applied()
        time.sleep(SETTLE)
        return found


class BareWindow(Contender):
    """The bare event-driven window on a pty of its own."""

    def __init__(self, screen: Framebuffer) -> None:
        super().__init__("bare event-driven window, serial byte", screen)
        self.port = PadPort()
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
        env |= {"DISPLAY": screen.display, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        self.process = launch([sys.executable, "-c", BARE_APP, self.port.path], env=env)

    def _press(self, index: int, before: np.ndarray) -> float:
        start = time.perf_counter()
        self.port.write(b"x")
        return until_changed(self.screen, before, start)

    def close(self) -> None:
        super().close()
        self.port.close()


def play_on(screen: Framebuffer) -> None:
    """Tap Play on, past the start-up check that finds no GPIO on this machine (the pins are
    mock ones, inside the app); where that screen is not shown it falls on a greyed Redo."""
    env = os.environ | {"DISPLAY": screen.display}
    click = ["xdotool", "mousemove", str(SCREEN[0] - 80), "38", "click", "1"]
    subprocess.run(click, env=env, check=True)
    screen.quiet(1.0)


def warm(contenders: list[Contender]) -> None:
    """Two presses each, Attack and Back, not counted: the first waits for the chain walk."""
    global WARMING_UP
    WARMING_UP = True
    try:
        for contender in contenders:
            contender.press(0)
            contender.press(1)
            contender.latencies.clear()
    finally:
        WARMING_UP = False


def contest(contenders: list[Contender], presses: int, idle: bool) -> None:
    """Press each in turn, in a fresh random order every round, so that a busy machine's
    load falls on all alike; then, if ``idle``, their CPU over the same quiet seconds."""
    try:
        for contender in contenders:
            try:
                contender.screen.started()
            except RuntimeError as error:
                said = contender.log.read_text(errors="replace")[-2000:] if contender.log else ""
                raise RuntimeError(f"{contender.name}: {error}\n{said}") from None
            if isinstance(contender, GpioApp):
                contender.started()
        warm(contenders)
        for index in range(presses):
            for contender in random.sample(contenders, len(contenders)):
                contender.press(index)
        if idle:
            for contender in contenders:
                contender.screen.quiet(1.0)
            pids = [c.process.pid for c in contenders if c.process is not None]
            for contender, used in zip(contenders, idle_cpu(pids, IDLE_SECONDS), strict=True):
                contender.idle = used
    finally:
        for contender in contenders:
            contender.close()


def build_journal(home: Path, steps: int) -> None:
    """The Mouse Guard conflict of :mod:`benchmarks.pad_processing`, behind ``steps`` fillers."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from benchmarks.pad_processing import build

    build(home / "journal.sqlite3", steps)


@contextlib.contextmanager
def exported(revision: str) -> Iterator[Path]:
    """The repository as it was at ``revision``, in a temporary folder."""
    with tempfile.TemporaryDirectory() as folder:
        archive = subprocess.run(
            ["git", "archive", revision], cwd=ROOT, check=True, capture_output=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
        yield Path(folder)


def line(result: Contender, bare: Contender) -> str:
    cuts = statistics.quantiles(result.latencies, n=100)
    p50, p99, top = cuts[49], cuts[98], max(result.latencies)
    gap = p50 - statistics.median(bare.latencies)
    idle = "" if result.idle is None else f"{result.idle:6.2f}%"
    verdict = "p99 ok" if p99 < FRAME_MS else "p99 OVER"
    return f"{result.name:<44} {p50:7.2f} {p99:7.2f} {top:7.2f} {gap:+7.2f} {idle:>7}  {verdict}"


class Bench:
    """One size's run: a built journal, copied for each app, and a screen for each program."""

    def __init__(self, folder: Path, steps: int, display: int) -> None:
        self.folder = folder
        self.built = folder / "built"
        self.built.mkdir()
        self.display = display
        made = time.perf_counter()
        build_journal(self.built, steps)
        self.took = time.perf_counter() - made

    def screen(self) -> Framebuffer:
        """A fresh Xvfb of its own."""
        self.display += 1
        fb = self.folder / f"fb-{self.display}"
        fb.mkdir()
        return Framebuffer(fb, self.display)

    def home(self) -> Path:
        """A copy of the built journal for one app (each holds its journal's lock)."""
        home = self.folder / f"home-{self.display}"
        shutil.copytree(self.built, home)
        return home


def measure(trees: dict[str, Path], steps: int, presses: int, display: int) -> None:
    with tempfile.TemporaryDirectory(dir=scratch()) as folder:
        bench = Bench(Path(folder), steps, display)
        print(f"\njournal of {steps:,} filler steps (built in {bench.took:.0f} s)")
        print(
            f"{'ms from press to changed pixels':<44} {'p50':>7} {'p99':>7} {'max':>7} "
            f"{'p50-bare':>7} {'idle':>7}"
        )
        bare = BareWindow(bench.screen())
        serial: list[Contender] = [
            SerialApp(f"{label}: serial pad (pty)", bench.screen(), bench.home(), tree)
            for label, tree in trees.items()
        ]
        contest([bare, *serial], presses, idle=True)
        for contender in (bare, *serial):
            print(line(contender, bare), flush=True)
        gpio: list[Contender] = [
            GpioApp(f"{label}: GPIO (mock pins)", bench.screen(), bench.home(), tree)
            for label, tree in trees.items()
        ]
        contest(gpio, presses, idle=False)
        for contender in gpio:
            print(line(contender, bare), flush=True)


def scratch() -> str | None:
    """A tmpfs folder where there is one, so the journal's fsync is no disk's noise."""
    return "/dev/shm" if Path("/dev/shm").is_dir() else None


def priority() -> str:
    """Run (with every child) ahead of the machine's other work where allowed (root), so
    others' load adds less scheduling noise; all rows, the bare window's too, share it."""
    try:
        os.nice(PRIORITY)
    except PermissionError:
        return "at normal priority (not allowed more)"
    return f"at priority nice {os.nice(0)}, children too"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", help="also run the app as at this git revision")
    parser.add_argument("--after", help="run this git revision, not the working tree")
    parser.add_argument("--presses", type=int, default=PRESSES)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = parser.parse_args()
    if shutil.which("Xvfb") is None:
        sys.exit("pad_to_screen needs Xvfb (apt-get install xvfb)")
    display = 90 + os.getpid() % 100
    print(priority())
    print(f"{args.presses} presses per row (Attack, Back, ...); idle CPU over {IDLE_SECONDS:.0f} s")
    print(
        f"targets: p99 < {FRAME_MS:.1f} ms, p50 within 2 ms of the bare window, "
        "idle <= bare + 0.1% of a core"
    )
    with contextlib.ExitStack() as stack:
        trees = {"this tree": ROOT}
        if args.after:
            trees = {f"at {args.after}": stack.enter_context(exported(args.after))}
        if args.before:
            trees = {f"at {args.before}": stack.enter_context(exported(args.before))} | trees
        for number, steps in enumerate(map(int, args.sizes.split(","))):
            measure(trees, steps, args.presses, display + 10 * number)  # fresh servers


if __name__ == "__main__":
    main()
