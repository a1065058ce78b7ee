"""tablekit as a user installs it: the wheel, installed (not editable) in a fresh venv outside
the checkout, run from another folder, draws every game, scripts, reads dice and checks itself.

An install once could not draw a frame: the fonts lived in the checkout's ``assets/``
and the wheel carried only ``tablekit/``. Here the only tablekit the venv can import
is the wheel's. Its third-party packages are the dev venv's, reached through a
``.pth`` line (a path added that way does not run that folder's own ``.pth`` files,
so the checkout's editable install stays out), which keeps the test off the network.
A ``sitecustomize`` in the venv records every file Python opens, so the test can
also show that nothing is read from the checkout.
"""

from __future__ import annotations

import dataclasses
import gettext
import io
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import sysconfig
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
"""Slow: the module's fixture builds and installs the wheel (tens of seconds)."""

CHECKOUT = Path(__file__).resolve().parents[2]
GAMES = {
    "mice-mystics": {"type": "mm.set_stats", "figure": "lily", "battle": 2, "defense": 1,
                     "lore": 2, "move": 3, "life": 5},
    "mouse-guard": {"type": "mg.add_character", "sheet": {"name": "Kenzie", "ratings": [
        {"name": "Nature", "rating": 4}, {"name": "Fighter", "rating": 2}]}},
    "regelhuskeark": {"type": "mg.add_character", "sheet": {"name": "Hazel", "ratings": [
        {"name": "Scout", "rating": 3}]}},
    "mouse-card": {"type": "mc.add_character", "name": "Kenzie", "traits": {"Fighter": 3}},
}  # fmt: skip
SOURCES_ONLY = (".po", ".pot", ".md")
"""Kept in the checkout for translators and makers; the compiled catalogue (.mo) ships."""
AUDIT = """\
import os, sys
if os.environ.get("TABLEKIT_OPEN_LOG"):
    _log = os.open(os.environ["TABLEKIT_OPEN_LOG"], os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    def _opened(event, args):
        if event == "open" and isinstance(args[0], str):
            os.write(_log, (os.path.abspath(args[0]) + "\\n").encode())
    sys.addaudithook(_opened)
"""


@dataclass
class Installed:
    venv: Path
    wheel: Path
    home: Path
    env: dict[str, str]

    def tablekit(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.venv / "bin" / "tablekit"), *args],
            input=stdin, capture_output=True, text=True, cwd=self.home, env=self.env, timeout=300,
        )  # fmt: skip

    def opened(self) -> list[Path]:
        log = Path(self.env["TABLEKIT_OPEN_LOG"])
        return [Path(line) for line in log.read_text().splitlines()] if log.exists() else []


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    top = tmp_path_factory.mktemp("wheel")
    wheel = build_wheel(top)
    venv = top / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
         "--no-deps", "--no-index", str(wheel)],
        check=True, timeout=300,
    )  # fmt: skip
    where = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(subprocess.check_output([str(python), "-c", where], text=True).strip())
    (site / "dev-venv-packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    (site / "sitecustomize.py").write_text(AUDIT)
    home = top / "elsewhere"
    home.mkdir()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PYTHON", "TABLEKIT"))
    }
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TABLEKIT_DATA_DIR=str(top / "data"),
        TABLEKIT_CONFIG_DIR=str(top / "config"),
        TABLEKIT_OPEN_LOG=str(top / "opened.log"),
    )
    yield Installed(venv, wheel, home, env)


def build_wheel(top: Path) -> Path:
    """The wheel pip builds from the project's files (a copy, so the checkout gets no build/)."""
    source = top / "source"
    files = subprocess.check_output(["git", "ls-files", "pyproject.toml", "setup.py", "README.md",
                                     "tablekit"], cwd=CHECKOUT, text=True).split()  # fmt: skip
    for name in files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_bytes((CHECKOUT / name).read_bytes())
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(top / "dist"), str(source)],
        check=True, timeout=300,
    )  # fmt: skip
    return next((top / "dist").glob("tablekit-*.whl"))


def test_the_wheel_carries_every_file_of_the_package(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    tracked = subprocess.check_output(["git", "ls-files", "tablekit"], cwd=CHECKOUT, text=True)
    needed = [name for name in tracked.split() if not name.endswith(SOURCES_ONLY)]
    missing = [name for name in needed if name not in names]
    assert not missing, f"files of the package the wheel lacks: {missing}"
    assert "tablekit/assets/fonts/Lato-Bold.ttf" in names
    danish = zipfile.ZipFile(installed.wheel).read("tablekit/locale/da/LC_MESSAGES/tablekit.mo")
    assert gettext.GNUTranslations(io.BytesIO(danish)).gettext("Undo") == "Fortryd"  # the build's
    assert not [name for name in names if name.startswith(("tests/", "assets/", "benchmarks/"))]


def test_the_installed_tablekit_is_the_wheels(installed: Installed) -> None:
    where = subprocess.check_output(
        [str(installed.venv / "bin" / "python"), "-c", "import tablekit; print(tablekit.__file__)"],
        cwd=installed.home, env=installed.env, text=True,
    )  # fmt: skip
    assert Path(where.strip()).is_relative_to(installed.venv)


DIGESTS = """\
import json
from pathlib import Path
import tablekit.rules.game
from tablekit.session import rules_source
rules = Path(tablekit.rules.game.__file__).parent
lines = (rules / rules_source.DIGESTS).read_text().splitlines()
built = {folder: digest for digest, folder in (line.split("  ") for line in lines)}
files = {name: rules_source.files_of(rules / name, rules) for name in built}
computed = {name: rules_source.digest_of(found) for name, found in files.items()}
import tablekit.rules.mice_mystics.game
from tablekit.session import snapshots
used = snapshots._source_digest("tablekit.rules.mice_mystics.game")
print(json.dumps({"rules": str(rules), "built": built, "computed": computed, "used": used}))
"""
"""The installed rules' digests as their build wrote them, as computed over the installed
files, and the one a Mice and Mystics snapshot is tagged with."""


def test_the_rules_digests_the_wheel_carries_are_those_of_its_installed_files(
    installed: Installed,
) -> None:
    python = str(installed.venv / "bin" / "python")
    ran = subprocess.run([python, "-c", DIGESTS], capture_output=True, text=True,
                         cwd=installed.home, env=installed.env)  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    found = json.loads(ran.stdout)
    assert Path(found["rules"]).is_relative_to(installed.venv)
    assert {".", "mice_mystics", "mouse_guard", "mouse_card"} <= set(found["built"])
    assert found["built"] == found["computed"]
    assert found["used"] == found["built"]["mice_mystics"]


def test_a_short_script_then_each_games_screen(installed: Installed, tmp_path: Path) -> None:
    for game, line in GAMES.items():
        ran = installed.tablekit("script", "-", "--session", game, "--game", game,
                                 stdin=json.dumps(line) + "\n")  # fmt: skip
        assert ran.returncode == 0, ran.stderr
        assert json.loads(ran.stdout.splitlines()[-1])["ok"] is True
        out = tmp_path / f"{game}.png"
        shot = installed.tablekit("screenshot", game, "--session", game, "--out", str(out))
        assert shot.returncode == 0, shot.stderr
        assert out.stat().st_size > 10_000  # a drawn screen, not an empty one
    state = installed.tablekit("state", "--session", "mice-mystics")
    assert state.returncode == 0 and "lily" in state.stdout


def test_dice_are_read_from_a_picture_it_ships(installed: Installed) -> None:
    site = next(installed.venv.glob("lib/python*/site-packages"))
    picture = site / "tablekit" / "assets" / "dice" / "mm-action" / "cheese.png"
    ran = installed.tablekit("dice", "read", "--kind", "mm-action", "--json", str(picture))
    assert ran.returncode == 0, ran.stderr
    assert "cheese" in ran.stdout


def test_doctor_finds_the_shipped_files(installed: Installed) -> None:
    ran = installed.tablekit("doctor")
    lines = {line.split()[1]: line for line in ran.stdout.splitlines()}
    assert lines["assets"].startswith("ok"), lines["assets"]
    assert lines["config"].startswith("ok") and lines["journal"].startswith("ok")


def test_the_app_reaches_a_game_screen(installed: Installed, tmp_path: Path) -> None:
    """The last session opens on its game's screen: the app says so to its notify socket."""
    line = json.dumps(GAMES["mice-mystics"]) + "\n"
    made = installed.tablekit("script", "-", "--session", "evening", "--game", "mice-mystics",
                              stdin=line)  # fmt: skip
    assert made.returncode == 0, made.stderr
    heard, err = run_to_a_game(installed, installed.env, tmp_path)
    assert "READY=1\nWATCHDOG=1" in heard, err
    assert "STATUS=showing mice-mystics" in heard, err


def run_to_a_game(installed: Installed, env: dict[str, str], folder: Path) -> tuple[list[str], str]:
    """What the installed app says to its notify socket until it shows Mice and Mystics,
    and its errors once stopped as systemd stops it (SIGTERM)."""
    address = str(folder / "notify")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
        listener.bind(address)
        listener.settimeout(1)
        app = subprocess.Popen(
            [str(installed.venv / "bin" / "tablekit"), "run"], cwd=installed.home,
            env={**env, "NOTIFY_SOCKET": address},
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        heard = listen(listener, app, until="STATUS=showing mice-mystics")
        app.send_signal(signal.SIGTERM)
        _, err = app.communicate(timeout=60)
    os.unlink(address)
    return heard, err


KEPT = """
import sys
from tablekit import cli
code = cli.main(["state", "--session", "evening"])
heavy = [m for m in sys.modules if m in ("msgspec", "json", "tablekit.session.session")]
print(code, sorted(heavy), file=sys.stderr)
"""
"""``tablekit state`` as the installed command runs it, saying what it loaded."""


def test_a_stopped_app_starts_on_its_last_frame_and_state_prints_its_kept_view(
    installed: Installed, tmp_path: Path
) -> None:
    """Stopped as systemd stops it, the app keeps its screen and its views: the next start
    shows that frame before its own, and ``tablekit state`` prints the view without the
    rules, the session or msgspec, exactly as the full read prints it."""
    env = {**installed.env, "TABLEKIT_DATA_DIR": str(tmp_path / "data"),
           "TABLEKIT_CONFIG_DIR": str(tmp_path / "config")}  # fmt: skip
    line = json.dumps(GAMES["mice-mystics"]) + "\n"
    made = subprocess.run([str(installed.venv / "bin" / "tablekit"), "script", "-", "--session",
                           "evening", "--game", "mice-mystics"], input=line, text=True,
                          capture_output=True, cwd=installed.home, env=env)  # fmt: skip
    assert made.returncode == 0, made.stderr
    first, _ = run_to_a_game(installed, env, tmp_path)
    assert "STATUS=showing the last frame" not in first  # none kept yet
    heard, err = run_to_a_game(installed, env, tmp_path)
    assert "STATUS=showing the last frame" in heard, err
    assert heard.index("STATUS=showing the last frame") < heard.index("READY=1\nWATCHDOG=1")
    python = str(installed.venv / "bin" / "python")
    kept = subprocess.run([python, "-c", KEPT], capture_output=True, text=True,
                          cwd=installed.home, env=env)  # fmt: skip
    assert kept.stderr.splitlines()[-1] == "0 []", kept.stderr
    unkept = sqlite3.connect(tmp_path / "data" / "journal.sqlite3")  # views taken away
    unkept.execute("DELETE FROM views")
    unkept.commit()
    unkept.close()
    full = subprocess.run([python, "-c", KEPT], capture_output=True, text=True,
                          cwd=installed.home, env=env)  # fmt: skip
    assert "msgspec" in full.stderr.splitlines()[-1]
    assert full.stdout == kept.stdout and '"session": "evening"' in kept.stdout


def listen(listener: socket.socket, app: subprocess.Popen[str], until: str) -> list[str]:
    """Messages from the app until ``until`` comes, it exits, or a generous minute passes."""
    heard: list[str] = []
    give_up = time.monotonic() + 120  # a wait, not a measure: it ends as soon as the app speaks
    while until not in heard and app.poll() is None and time.monotonic() < give_up:
        try:
            heard.append(listener.recv(4096).decode())
        except TimeoutError:
            continue
    return heard


def test_nothing_is_read_from_the_checkout(installed: Installed, tmp_path: Path) -> None:
    """Every file Python opened while the installed tablekit ran a script and each game's
    screen, read dice, checked itself and started the app. The runs are made here again:
    the parallel run may give the tests above to another worker, with another venv (with
    folders of their own here, since those tests may also have run on this one)."""
    for name in ("script", "app"):
        (tmp_path / name).mkdir()
    own = {
        "TABLEKIT_DATA_DIR": str(tmp_path / "data"),
        "TABLEKIT_CONFIG_DIR": str(tmp_path / "config"),
    }
    again = dataclasses.replace(installed, env={**installed.env, **own})
    test_a_short_script_then_each_games_screen(again, tmp_path / "script")
    test_dice_are_read_from_a_picture_it_ships(again)
    test_doctor_finds_the_shipped_files(again)
    test_the_app_reaches_a_game_screen(again, tmp_path / "app")
    opened = installed.opened()
    assert opened, "the audit hook recorded nothing"
    deps = Path(sys.prefix)  # the borrowed third-party packages, wherever the dev venv lies
    from_checkout = [p for p in opened if p.is_relative_to(CHECKOUT) and not p.is_relative_to(deps)]
    assert not from_checkout, f"read from the checkout: {sorted(set(from_checkout))[:20]}"
    site = next(installed.venv.glob("lib/python*/site-packages"))
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    ours = [path for path in opened if path.is_relative_to(site / "tablekit")]
    assert ours, "the installed package's own files were read"
    outside = [
        p for p in ours if str(p.relative_to(site)) not in names and "__pycache__" not in p.parts
    ]
    assert not outside, f"opened inside the package but not from the wheel: {outside}"
