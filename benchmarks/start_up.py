"""Start-up, measured from outside as installed (issue 26 item 3), each beside its baseline.

* **First frame**: ``python -m tablekit`` on SDL's dummy driver, resuming a Mice and
  Mystics session, against a bare pygame window that reads one row of the same journal
  and flips once. The clock runs from the spawn to the first frame on screen: the frame
  the app kept when it last stopped (it says so to ``NOTIFY_SOCKET``, see
  :mod:`tablekit.ui.kept_frame`), shown before the rest of the app loads. Target: at most
  2x. Beside it, the app live: its own first frame, drawn and answering taps, at the
  ``READY=1`` each sends once its frame is on screen (as systemd hears it on a Pi).
* **tablekit state**: the CPU time (user + system, its children's included) of
  ``tablekit state`` on that session against ``python -c pass``. Target: at most 4x.
  Beside it, for scale, the CPU of importing the one game's rules the session needs,
  which the full read cannot avoid.

Each size (1k and 100k events, the pinned mix of :mod:`benchmarks.session_speed`) has a
journal of its own, built once and then opened by the app, its chain checked, the app
closed and the journal with it (:data:`STOPPED`): closing, the app keeps the session's
views (:mod:`tablekit.session.views`), and the sidecar vouches for the chain as the files
then stand. ``tablekit state`` reads that journal in place (a read changes nothing), and a
copy of it, whose vouch no longer matches the files (another inode) but whose kept views
still print. Beside them, the full read: the copy with its kept views taken away
(:data:`UNKEEP`), so the session is opened and its whole chain walked, as a read does when
a writer that keeps no views (an older build) has committed since the app last closed the
journal. The app and the bare window each start on a copy, restored every round (a round
ends in SIGKILL).

Everything measured runs on the Python of a fresh virtual environment holding tablekit's
wheel and its runtime packages only, byte-compiled, as a user installs it (``--python``
names such an interpreter instead). A development venv would flatter the ratios: its
editable finder adds pathlib and urllib to ``python -c pass`` itself, and its dev packages
(typing_extensions, which msgspec then imports) weigh on tablekit's side alone.

Rounds alternate the measured and the baseline so that a busy machine weighs on both
alike; the medians, their ratio and the spread of the per-round ratios are printed.
``python -X importtime -m tablekit state`` shows where the rest goes.

Run: ``python -m benchmarks.start_up [--python PATH] [ROUNDS [EVENTS ...]]`` (default 15
rounds; 1,000 and 100,000 events; building the venv takes about half a minute).
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.session_speed import build

CHECKOUT = Path(__file__).resolve().parents[1]

BARE = """
import os, socket, sqlite3, sys
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1024, 600))
db = sqlite3.connect(sys.argv[1])
db.execute("SELECT name FROM sessions LIMIT 1").fetchall()
screen.fill((40, 30, 20))
pygame.display.flip()
out = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
out.sendto(b"READY=1", os.environ["NOTIFY_SOCKET"])
out.close()
pygame.time.wait(60_000)
"""
"""The baseline window: pygame, one read of the journal, one flip, then it says ready."""

GAME_RULES = "tablekit.rules.mice_mystics.game"
"""The module of the resumed game's rules (the same path before and after the catalogue moved)."""

RUN_IN = "/"
"""Every measured command runs in the root folder, as systemd starts the kiosk: run in the
checkout, ``python -m tablekit`` and ``python -c`` would import the checkout's tablekit
(the current folder comes first on their path), from source, not the installed one."""

KEPT_SHOWN = b"STATUS=showing the last frame"
"""What the app says once the frame kept from its last run is on screen."""

SIZES = (1_000, 100_000)
"""Events in the resumed session's journal."""

STOPPED = """
import os
from tablekit.local import config
from tablekit.local.clock import open_journal
from tablekit.ui.app import App
journal = open_journal(os.environ["TABLEKIT_DATA_DIR"] + "/journal.sqlite3")
app = App(config.load(), journal, (800, 480))
app.step(0.0)
assert app.chain_check is not None, "no walk of the chain behind the first frame"
app.chain_check.wait()
app.step(0.0)
app.close()
app.journal.close()
"""
"""The app opened on the journal, its chain checked, and closed as when systemd stops it
(closing, it keeps the session's views for ``tablekit state``)."""

UNKEEP = (
    "import sqlite3, sys; db = sqlite3.connect(sys.argv[1]); "
    "db.execute('DELETE FROM views'); db.commit()"
)
"""A journal's kept views taken away: ``tablekit state`` then reads the session in full."""


def installed(folder: Path) -> Path:
    """The Python of a fresh venv in ``folder`` holding tablekit's wheel, built from the
    checkout's tracked files, and its runtime packages only, everything byte-compiled."""
    source = folder / "source"
    tracked = ["pyproject.toml", "setup.py", "README.md", "MANIFEST.in", "tablekit"]
    listed = subprocess.check_output(["git", "ls-files", *tracked], cwd=CHECKOUT, text=True)
    for name in listed.split():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(CHECKOUT / name, source / name)
    quiet = {"check": True, "stdout": subprocess.DEVNULL}
    wheels = folder / "dist"
    pip_wheel = ["-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    subprocess.run([sys.executable, *pip_wheel, "--wheel-dir", str(wheels), str(source)], **quiet)
    subprocess.run([sys.executable, "-m", "venv", str(folder / "venv")], **quiet)
    python = folder / "venv" / "bin" / "python"
    wheel = next(wheels.glob("tablekit-*.whl"))
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(wheel)], **quiet)
    subprocess.run([str(python), "-m", "compileall", "-q", str(folder / "venv" / "lib")], **quiet)
    return python


def first_frame(
    command: list[str],
    env: dict[str, str],
    folder: Path,
    preexec: Callable[[], None] | None = None,
) -> tuple[float, float]:
    """Seconds from spawning ``command`` to its first frame on screen (the frame kept from
    the last run, if it says it showed one, else its own) and to its ``READY=1`` (its own
    first frame: the app is live); the process is then stopped. ``preexec`` runs in the
    child before it starts (:mod:`benchmarks.pi_projection` puts it on a share of a core)."""
    address = str(folder / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as inbox:
        inbox.bind(address)
        inbox.settimeout(60)
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            env={**env, "NOTIFY_SOCKET": address},
            cwd=RUN_IN,
            preexec_fn=preexec,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            shown = None
            while b"READY=1" not in (said := inbox.recv(4096)):
                if said == KEPT_SHOWN and shown is None:
                    shown = time.perf_counter() - start
            live = time.perf_counter() - start
            return (live if shown is None else shown), live
        finally:
            process.kill()
            process.wait()
            os.unlink(address)


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User plus system CPU seconds ``command`` took, measured by the kernel."""
    process = subprocess.Popen(
        command, env=env, cwd=RUN_IN, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
    return usage.ru_utime + usage.ru_stime


Row = tuple[str, list[float], str, list[float], float | None]
"""What is measured, its times, its baseline's name, the baseline's times, and the target."""


def measure(python: str, folder: Path, events: int, rounds: int) -> list[Row]:
    """The rounds of one journal of ``events`` events, built in ``folder``, on ``python``."""
    stopped = folder / "stopped"
    stopped.mkdir()
    build(stopped / "journal.sqlite3", events)
    vouched = environment(stopped)
    subprocess.run([python, "-c", STOPPED], env=vouched, cwd=RUN_IN, check=True)
    data = folder / "data"
    env = environment(data)
    state = [str(Path(python).with_name("tablekit")), "state"]
    app, live, bare, read, unkept, walked = [], [], [], [], [], []
    bare_python, rules = [], []
    for _ in range(rounds):
        restore(stopped, data)
        shown, ready = first_frame([python, "-m", "tablekit"], env, folder)
        app.append(shown)
        live.append(ready)
        restore(stopped, data)
        journal = str(data / "journal.sqlite3")
        bare.append(first_frame([python, "-c", BARE, journal], env, folder)[1])
        read.append(cpu_seconds(state, vouched))
        restore(stopped, data)
        unkept.append(cpu_seconds(state, env))
        subprocess.run([python, "-c", UNKEEP, journal], cwd=RUN_IN, check=True)
        walked.append(cpu_seconds(state, env))
        bare_python.append(cpu_seconds([python, "-c", "pass"], env))
        rules.append(cpu_seconds([python, "-c", f"import {GAME_RULES}"], env))
    return [
        ("first frame, resuming Mice and Mystics", app, "bare window + read + flip", bare, 2.0),
        ("the app live (its own first frame)", live, "bare window + read + flip", bare, None),
        ("tablekit state, CPU", read, "python -c pass, CPU", bare_python, 4.0),
        ("tablekit state, on a copy, CPU", unkept, "python -c pass, CPU", bare_python, 4.0),
        ("tablekit state, no kept view: read in full", walked, "python -c pass", bare_python, None),
        ("its game's rules imported, CPU", rules, "python -c pass, CPU", bare_python, None),
    ]


def restore(stopped: Path, data: Path) -> None:
    """``data`` as the stopped app left ``stopped``: what a killed round left there goes."""
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(stopped, data)


def environment(data: Path) -> dict[str, str]:
    """The kiosk's environment: both folders named, SDL on its dummy drivers."""
    return {
        **os.environ,
        "TABLEKIT_DATA_DIR": str(data),
        "TABLEKIT_CONFIG_DIR": str(data.parent / "config"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }


def report(rows: list[Row]) -> None:
    """Each row's medians, their ratio, and the range of the rounds' own ratios."""
    for name, measured, base_name, base, target in rows:
        ours, theirs = statistics.median(measured) * 1000, statistics.median(base) * 1000
        ratio = ours / theirs
        each = sorted(m / b for m, b in zip(measured, base, strict=True))
        goal = "" if target is None else f" (target <= {target:.0f}x, "
        goal += "" if target is None else ("ok)" if ratio <= target else "OVER)")
        print(
            f"  {name}: {ours:.0f}  vs {base_name}: {theirs:.0f}  = {ratio:.2f}x"
            f" [rounds {each[0]:.2f}-{each[-1]:.2f}x]{goal}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--python", help="an installed tablekit's Python (default: build one)")
    parser.add_argument("rounds", nargs="?", type=int, default=15)
    parser.add_argument("events", nargs="*", type=int, default=list(SIZES))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as built:
        python = args.python or str(installed(Path(built)))
        for events in args.events:
            with tempfile.TemporaryDirectory() as scratch:
                rows = measure(python, Path(scratch), events, args.rounds)
            print(f"start-up at {events:,} events, {args.rounds} rounds, medians (ms)")
            report(rows)


if __name__ == "__main__":
    main()
