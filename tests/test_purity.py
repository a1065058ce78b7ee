"""The rules core and the session import no UI, translation, camera or hardware library,
and the rules never read a clock."""

import ast
import subprocess
import sys
from pathlib import Path

import tablekit.rules

FORBIDDEN = ("pygame", "cv2", "gpiozero", "serial", "picamera2", "numpy", "tablekit.ui", "gettext")

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


def test_rules_never_read_a_clock() -> None:
    """The same state gives the same answer on any machine, however fast or busy: no
    module of the rules imports a clock (``time``, ``datetime``, ``timeit``), under any name."""
    rules = Path(tablekit.rules.__file__).parent
    found = {
        str(path.relative_to(rules)): imports
        for path in sorted(rules.rglob("*.py"))
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
