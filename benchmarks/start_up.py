"""Start-up, measured from outside as installed (issue 26 item 3), each beside its baseline.

* **First frame**: ``python -m tablekit`` on SDL's dummy driver, resuming a Mice and
  Mystics session, against a bare pygame window that reads one row of the same journal
  and flips once. The clock runs from the spawn to the ``READY=1`` each sends to
  ``NOTIFY_SOCKET`` (the app sends it once its first frame is on screen, as systemd
  hears it on a Pi). Target: at most 2x.
* **tablekit state**: the CPU time (user + system) of ``tablekit state`` on that
  session against ``python -c pass``. Target: at most 4x. Beside it, for scale, the
  CPU of importing the one game's rules the session needs, which no start avoids.

The package is byte-compiled first, as an installed wheel is. Rounds alternate the
measured and the baseline so that a busy machine weighs on both alike; the medians
and their ratio are printed. ``python -X importtime -m tablekit state`` shows where
the rest goes.

Run: ``python -m benchmarks.start_up [ROUNDS]`` (default 15).
"""

from __future__ import annotations

import compileall
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tablekit

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

MAKE = """
import sys
from tablekit.session import Journal
from tablekit.session.store import open_session
journal = Journal(sys.argv[1])
open_session(journal, "evening", "mice-mystics")
journal.close()
"""


def tablekit_command() -> list[str]:
    """The installed ``tablekit`` script beside this interpreter, else ``python -m tablekit``."""
    script = Path(sys.executable).with_name("tablekit")
    return [str(script)] if script.exists() else [sys.executable, "-m", "tablekit"]


def first_frame(command: list[str], env: dict[str, str], folder: Path) -> float:
    """Seconds from spawning ``command`` to its ``READY=1``; the process is then stopped."""
    address = str(folder / "notify.sock")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as inbox:
        inbox.bind(address)
        inbox.settimeout(60)
        start = time.perf_counter()
        process = subprocess.Popen(
            command,
            env={**env, "NOTIFY_SOCKET": address},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            while b"READY=1" not in inbox.recv(4096):
                pass
            return time.perf_counter() - start
        finally:
            process.kill()
            process.wait()
            os.unlink(address)


def cpu_seconds(command: list[str], env: dict[str, str]) -> float:
    """User plus system CPU seconds ``command`` took, measured by the kernel."""
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({process.returncode})")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    compileall.compile_dir(str(Path(tablekit.__file__).parent), quiet=1)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        env = {
            **os.environ,
            "TABLEKIT_DATA_DIR": str(folder / "data"),
            "TABLEKIT_CONFIG_DIR": str(folder / "config"),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        (folder / "data").mkdir()
        journal = folder / "data" / "journal.sqlite3"
        subprocess.run([sys.executable, "-c", MAKE, str(journal)], env=env, check=True)
        app, bare, state, python, rules = [], [], [], [], []
        for _ in range(rounds):
            app.append(first_frame([sys.executable, "-m", "tablekit"], env, folder))
            bare.append(first_frame([sys.executable, "-c", BARE, str(journal)], env, folder))
            state.append(cpu_seconds([*tablekit_command(), "state"], env))
            python.append(cpu_seconds([sys.executable, "-c", "pass"], env))
            rules.append(cpu_seconds([sys.executable, "-c", f"import {GAME_RULES}"], env))
    rows = [
        ("first frame, resuming Mice and Mystics", app, "bare window + read + flip", bare, 2.0),
        ("tablekit state, CPU", state, "python -c pass, CPU", python, 4.0),
        ("its game's rules imported, CPU", rules, "python -c pass, CPU", python, None),
    ]
    print(f"start-up, {rounds} rounds, medians (ms)")
    for name, measured, base_name, base, target in rows:
        ours, theirs = statistics.median(measured) * 1000, statistics.median(base) * 1000
        ratio = ours / theirs
        goal = "" if target is None else f" (target <= {target:.0f}x, "
        goal += "" if target is None else ("ok)" if ratio <= target else "OVER)")
        print(f"  {name}: {ours:.0f}  vs {base_name}: {theirs:.0f}  = {ratio:.2f}x{goal}")


if __name__ == "__main__":
    main()
