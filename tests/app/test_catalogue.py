"""One home for every game: a game registered in one file is playable everywhere.

The counter game in ``tests/fakegame.py`` declares itself in a Listing and is
registered here without touching any other file. From an empty data
directory it is then reached by taps, scripted, viewed per audience and
chosen in the config, exactly as a shipped game is.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from clocks import TEST_CLOCK
from fakegame import LISTING

from tablekit import catalog, cli
from tablekit.local import config, paths, rulesets
from tablekit.local.config import Config
from tablekit.rules import games
from tablekit.rules.secret import HIDDEN
from tablekit.session import Journal, Session
from tablekit.ui import theme
from tablekit.ui.app import App
from tablekit.ui.scene import Scene


@pytest.fixture
def registered() -> Iterator[None]:
    with catalog.registered(LISTING):
        yield


@pytest.fixture
def app(registered: None) -> Iterator[App]:
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    made = App(Config(), journal, (800, 480))
    try:
        yield made
    finally:
        made.scene.exit()
        theme.font.cache_clear()
        pygame.quit()
        journal.close()


def tap(app: App, label: str) -> None:
    [button] = [b for b in app.scene.buttons() if b.label == label]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step(0.0)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[dict[str, Any]]]:
    """Run the CLI; its output as JSON: one value (``state``), or one per line (``script``)."""
    code = cli.main(list(args))
    out = capsys.readouterr().out
    if args[0] == "state":
        return code, [json.loads(out)]
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


def test_the_catalogue_knows_the_game_only_while_registered() -> None:
    assert "test-counter" not in catalog.listings()
    with catalog.registered(LISTING):
        assert catalog.listings()["test-counter"] is LISTING
        assert catalog.games()["test-counter"].name == "test-counter"
        assert catalog.dice_kinds()["taught:counter"].faces == ("one", "two")
    assert "test-counter" not in catalog.listings()


def test_shipped_games_are_listed_under_the_names_their_rules_use() -> None:
    for name, listing in catalog.listings().items():
        assert catalog.rules_of(listing).name == name
        module, _, cls = listing.scene.partition(":")
        assert module.startswith("tablekit.ui.")
        assert issubclass(getattr(importlib.import_module(module), cls), Scene)


def test_each_entry_says_what_its_listing_and_its_rules_say() -> None:
    """Home lists a game from its entry alone, so the entry must not drift from the game."""
    assert [entry.name for entry in catalog.SHIPPED] == list(games.SHIPPED)
    for entry in catalog.SHIPPED:
        listing = entry.listing()
        assert (listing.name, listing.title, listing.language) == (
            entry.name,
            entry.title,
            entry.language,
        )
        assert (catalog.rules_of(listing).name, catalog.rules_of(listing).title) == (
            entry.name,
            entry.title,
        )


LISTED_ONLY = """
import sys
from tablekit.local.config import Config
from tablekit.rules import games
from tablekit.local.clock import open_journal
from tablekit.session import Session
from tablekit.ui.app import App
from tablekit.ui.scene import Scene
app = App(Config(), open_journal(sys.argv[1]), (800, 480))
app.step(0.0)
print(app.scene.name, sorted(m for m in sys.modules if m.endswith(".game") or ".catalog." in m))
"""


def test_resuming_a_session_imports_only_its_own_game() -> None:
    """The app starts on the last session's scene having imported that game's rules and no
    other's, not even those of the table's own ruleset; Home lists the others by their
    entries."""
    shipped = Path(games.__file__).parent / "mouse_guard" / "rulesets" / "mouse-guard.toml"
    house = shipped.read_text(encoding="utf-8").replace('name = "mouse-guard"', 'name = "house"')
    rulesets.rulesets_dir().mkdir(parents=True)
    (rulesets.rulesets_dir() / "house.toml").write_text(house, encoding="utf-8")
    journal = Journal(paths.journal_file(), clock=TEST_CLOCK)
    Session.create(journal, "s", games.rules_named("mice-mystics"))
    journal.close()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    shown = subprocess.run(
        [sys.executable, "-c", LISTED_ONLY, str(paths.journal_file())],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout.split()
    assert shown == [
        "mice-mystics",
        "['tablekit.catalog.listing',",
        "'tablekit.catalog.mice_mystics',",
        "'tablekit.rules.game',",
        "'tablekit.rules.mice_mystics.game']",
    ]


def test_reached_by_taps_from_an_empty_data_directory(app: App) -> None:
    assert app.journal.sessions() == [] and app.session is None
    tap(app, "Counter")
    assert app.scene.name == "test-counter"
    assert type(app.scene).__name__ == "CounterScene"
    tap(app, "Angreb")  # its on-screen pad, in the game's own language (Danish)
    assert app.session is not None
    assert app.session.table_view()["notes"] == [{"owner": "gm", "note": HIDDEN}]


def test_its_language_is_used_unless_the_table_chose_one(app: App) -> None:
    tap(app, "Counter")
    assert app.language() == "da"
    app.change_settings(Config(ui=config.Interface(language="en")))
    assert app.language() == "en" and app.tr("Settings") == "Settings"


def test_scripted_and_viewed_per_audience(
    registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = tmp_path / "lines.jsonl"
    lines.write_text(
        '{"type": "t.add", "amount": 2}\n{"type": "t.press", "pad": "gm", "button": "feint"}\n'
    )
    code, results = run(capsys, "script", str(lines), "--session", "s", "--game", "test-counter")
    assert code == 0
    assert results[1]["events"] == [{"type": "t.pressed", "pad": "gm", "button": HIDDEN}]
    code, [table] = run(capsys, "state", "--session", "s")
    assert table["game"] == "test-counter" and table["total"] == 2
    assert table["notes"] == [{"owner": "gm", "note": HIDDEN}]
    code, [own] = run(capsys, "state", "--session", "s", "--view", "pad:opponents")
    assert own["notes"] == [{"owner": "gm", "note": "feint"}]


def test_a_script_prints_the_events_for_the_view_it_names(
    registered: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = tmp_path / "lines.jsonl"
    lines.write_text('{"type": "t.press", "pad": "gm", "button": "lock"}\n')
    args = ["script", str(lines), "--session", "s", "--game", "test-counter", "--view"]
    _, [mine] = run(capsys, *args, "pad:opponents")
    assert mine["events"] == [{"type": "t.pressed", "pad": "gm", "button": "lock"}]
    _, [theirs] = run(capsys, *args, "pad:patrol")
    assert theirs["events"] == [{"type": "t.pressed", "pad": "gm", "button": HIDDEN}]


def test_the_config_accepts_the_game_only_while_registered(registered: None) -> None:
    assert config.parse({"play": {"game": "test-counter"}}).play.game == "test-counter"


def test_an_unknown_game_in_the_config_names_the_key_and_the_games() -> None:
    with pytest.raises(config.ConfigError) as caught:
        config.parse({"play": {"game": "test-counter"}}, source="config.toml")
    assert str(caught.value) == (
        "config.toml: play.game: unknown game 'test-counter'; allowed: "
        + ", ".join(catalog.listings())
    )
