"""The rules core and the session import no UI, translation, camera or hardware library,
only the standard library and msgspec; neither reads a clock, and the rules never name the
interface, the dice reader or the catalogue above them, not even in a string."""

import ast
import subprocess
import sys
from pathlib import Path

import tablekit.rules
import tablekit.session

FORBIDDEN = (
    "pygame",
    "cv2",
    "gpiozero",
    "serial",
    "picamera2",
    "numpy",
    "gettext",
    "tablekit.ui",
    "tablekit.vision",
    "tablekit.catalog",
    "tablekit.devices",
)

ALLOWED = "msgspec"
"""The one package outside the standard library the rules and the session may import: it
declares and checks the commands', events' and rulesets' JSON forms (see the README)."""

NAMES = ("tablekit.ui", "tablekit.vision", "tablekit.catalog", "tablekit.devices", "taught:")
"""What the rules may not name even in a string: a scene's or reader's module, or a reader's
kind of dice (``taught:NAME``). Those belong to the catalogue, above the rules."""

CORE = [Path(tablekit.rules.__file__).parent, Path(tablekit.session.__file__).parent]

PROBE = """
import importlib, pkgutil, sys
import tablekit.rules, tablekit.session
for package in (tablekit.rules, tablekit.session):
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(module.name)
print(",".join(sorted(name for name in {names} if name in sys.modules)))
"""


def test_core_imports_no_hardware_or_ui() -> None:
    code = PROBE.format(names=repr(set(FORBIDDEN)))
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""


def imported(path: Path) -> set[str]:
    """The top-level packages ``path`` imports absolutely, under any name, anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_core_imports_the_standard_library_and_msgspec_only() -> None:
    allowed = set(sys.stdlib_module_names) | {"tablekit", ALLOWED}
    found = {
        f"{path.parent.name}/{path.name}": sorted(imported(path) - allowed)
        for folder in CORE
        for path in sorted(folder.rglob("*.py"))
        if imported(path) - allowed
    }
    assert found == {}


def named(path: Path) -> list[str]:
    """Where ``path`` names the interface, the reader or the catalogue in a string, as
    "line: text"."""
    return [
        f"{node.lineno}: {node.value}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and any(name in node.value for name in NAMES)
    ]


def test_rules_name_no_scene_reader_or_catalogue() -> None:
    rules = Path(tablekit.rules.__file__).parent
    found = {
        str(path.relative_to(rules)): names
        for path in sorted(rules.rglob("*.py"))
        if (names := named(path))
    }
    assert found == {}


def test_the_name_check_sees_a_scene_and_a_reader_in_any_string(tmp_path: Path) -> None:
    module = tmp_path / "listing.py"
    module.write_text(
        '"""Played on :mod:`tablekit.ui.mg.scene`."""\n'
        'SCENE = "tablekit.ui.mg.scene:MouseGuardScene"\n'
        'DICE = ("d6", "taught:mouse-guard")\n'
        'TITLE = "Mouse Guard"\n',
        encoding="utf-8",
    )
    assert [line.split(":")[0] for line in named(module)] == ["1", "2", "3"]


def test_the_import_check_sees_a_package_under_any_name(tmp_path: Path) -> None:
    module = tmp_path / "odd.py"
    module.write_text(
        "import numpy as np\nfrom msgspec import Struct\nimport os.path\n"
        "def late():\n    from pygame import Rect\nfrom . import sibling\n",
        encoding="utf-8",
    )
    assert imported(module) == {"numpy", "msgspec", "os", "pygame"}


CLOCKS = ("time", "datetime", "timeit")
"""The modules that read the wall clock or a timer (perf_counter, monotonic, now)."""


def clock_imports(path: Path) -> list[str]:
    """Where ``path`` imports a clock, as "line: module"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            names = [node.module or ""]
        else:
            continue
        found += [f"{node.lineno}: {name}" for name in names if name.split(".")[0] in CLOCKS]
    return found


def test_the_core_never_reads_a_clock() -> None:
    """The same state gives the same answer on any machine, however fast or busy, and the
    same commands write the same journal given the same clock: no module of the rules or
    the session imports a clock (``time``, ``datetime``, ``timeit``), under any name. The
    session is given one (:class:`tablekit.session.clock.Clock`) by the app, the CLI or a
    script, which own the machine's clock."""
    found = {
        f"{folder.name}/{path.relative_to(folder)}": imports
        for folder in CORE
        for path in sorted(folder.rglob("*.py"))
        if (imports := clock_imports(path))
    }
    assert found == {}


def test_the_clock_check_sees_every_way_to_import_one(tmp_path: Path) -> None:
    module = tmp_path / "budget.py"
    module.write_text(
        "import time\nfrom time import perf_counter as now\nimport datetime as dt\n"
        "from datetime import datetime\nfrom .time import nothing\nimport timeit\n"
        "import timekeeper\n",
        encoding="utf-8",
    )
    assert clock_imports(module) == [
        "1: time",
        "2: time",
        "3: datetime",
        "4: datetime",
        "6: timeit",
    ]
