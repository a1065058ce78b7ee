"""The rules core and the session import no UI, translation, camera or hardware library."""

import subprocess
import sys

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
