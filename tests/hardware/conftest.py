"""The Pico firmware on this computer, with MicroPython's own modules faked (fakepico)."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from hardware.fakepico import Pico, load


@pytest.fixture
def padlogic() -> Any:
    return load("padlogic")


@pytest.fixture
def pico(monkeypatch: pytest.MonkeyPatch, padlogic: Any) -> Pico:
    """A Pico with main.py loaded, not yet booted (ground a pin first to wire a jumper)."""
    fake = Pico(padlogic)
    for name, module in fake.modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    fake.load()
    return fake
