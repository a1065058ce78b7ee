"""Shared fixtures: a fresh journal per test, and headless SDL; Hypothesis never times a test."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from clocks import TEST_CLOCK
from fakegame import Counter, Tally  # noqa: E402

from tablekit.session import Journal, Session  # noqa: E402
from tablekit.ui import theme  # noqa: E402

if TYPE_CHECKING:
    from gpiozero.pins.mock import MockFactory

# Tests never time anything: no 200 ms deadline per example and no "too slow" health check,
# both of which fail a correct test on a busy machine. The whole suite runs this profile; a
# test's own @settings that lists health checks to suppress must list too_slow as well.
settings.register_profile("tablekit", deadline=None, suppress_health_check=[HealthCheck.too_slow])
# The developer's quick pass (`make test-fast`): the same tests with fewer examples where a test
# does not set its own count. `make test` and CI always run the full "tablekit" profile.
settings.register_profile("fast", settings.get_profile("tablekit"), max_examples=20)
settings.load_profile("tablekit")


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    """A journal file of its own, closed afterwards."""
    journal = Journal(tmp_path / "journal.sqlite3", clock=TEST_CLOCK)
    try:
        yield journal
    finally:
        journal.close()


@pytest.fixture
def session(journal: Journal) -> Session[Tally]:
    """A new session of the counter game with a pinned random source."""
    made = Session.create(journal, "friday", Counter())
    made.rng = random.Random(7)
    return made


@pytest.fixture(autouse=True)
def private_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every test away from the user's real config and data."""
    monkeypatch.setenv("TABLEKIT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("TABLEKIT_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture(autouse=True)
def fresh_fonts() -> None:
    """Fonts are cached per process, and a test that quits pygame leaves the cached ones
    dead: every test starts without them, whatever ran before it."""
    theme.font.cache_clear()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """gpiozero's mock pins for one test, always released afterwards. gpiozero is imported
    here, when a test asks for pins, never as the suite starts."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory.close()
        Device.pin_factory = saved


@pytest.fixture
def no_gpio(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A machine where gpiozero finds no pins at all, as a laptop or desktop."""
    from gpiozero import Device

    saved = Device.pin_factory
    Device.pin_factory = None
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    try:
        yield
    finally:
        Device.pin_factory = saved
