"""The conflict screen keeps every word at its style's size and clear of the buttons
(issue 10's reading standard: nothing below 18 px, dispositions and reveals 28 px or more),
with one team a side and with three teams on one side, at 800x480 and 720x1280, in English
and Danish: scripting, acting, and the compromise. A layout makes room; nothing shrinks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from mg_tapping import form, made_app, press
from ui.test_mm_layout import KEY, SMALLEST, measure, problems

from tablekit.local.config import Config, Interface
from tablekit.ui import theme, widgets
from tablekit.ui.app import App

MICE = [
    {"name": name, "ratings": [{"name": "Nature", "rating": 3}, {"name": "Health", "rating": 4},
     {"name": "Fighter", "rating": 3}], "persona": 1, "fate": 1}
    for name in ("Saxon", "Kenzie", "Lieam")
]  # fmt: skip
BEGIN = {"type": "mg.begin_conflict", "conflict": "fight", "patrol": ["Saxon", "Kenzie", "Lieam"],
         "captain": "Saxon", "opponent": "Weasel", "gm_dice": 4}  # fmt: skip
THREE_TEAMS = [
    {"type": "mg.form_team", "side": "patrol", "members": ["Kenzie"]},
    {"type": "mg.form_team", "side": "patrol", "members": ["Lieam"]},
]
DISPOSITIONS = [
    *({"type": "mg.set_disposition", "side": "patrol", "disposition": d} for d in (7, 6, 5)),
    {"type": "mg.set_disposition", "side": "gm", "disposition": 9},
]


def scripted(teams: int) -> list[dict[str, Any]]:
    """The GM locked, and every patrol team but the last locked too."""
    lines: list[dict[str, Any]] = [
        *({"type": "mg.script", "side": "gm", "action": "attack"} for _ in range(3)),
        {"type": "mg.lock", "side": "gm"},
    ]
    for _ in range(teams):
        lines += [{"type": "mg.script", "side": "patrol", "action": "defend"} for _ in range(3)]
        lines.append({"type": "mg.lock", "side": "patrol"})
    return lines


def moments(teams: int) -> dict[str, list[dict[str, Any]]]:
    """Each screen of a conflict with ``teams`` patrol teams, as the commands that reach it;
    the patrol beaten in its first action for the compromise (whatever ``teams``)."""
    set_up = [BEGIN, *(THREE_TEAMS if teams == 3 else []), *DISPOSITIONS[3 - teams :]]
    locked = set_up + scripted(teams)
    beaten = [BEGIN, {"type": "mg.set_disposition", "side": "patrol", "disposition": 2},
              DISPOSITIONS[-1], *scripted(1), {"type": "mg.reveal"},
              {"type": "mg.roll_action", "side": "gm", "faces": [6, 6, 6, 5]},
              {"type": "mg.roll_action", "side": "patrol", "faces": [1, 1, 1]}]  # fmt: skip
    return {
        "scripting": set_up + scripted(teams)[:-1],
        "acting": [*locked, {"type": "mg.reveal"}],
        "over": beaten,
    }


@pytest.fixture(params=[(800, 480), (720, 1280)], ids=lambda s: f"{s[0]}x{s[1]}")
def size(request: pytest.FixtureRequest) -> tuple[int, int]:
    return request.param  # type: ignore[no-any-return]


@pytest.fixture
def shrunk(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each text the screen makes smaller than asked so it fits, as the test draws."""
    found: list[str] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            found.append(f"{words!r} at {got} px, not {size}")
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    return found


def app_at(
    size: tuple[int, int], language: str, lines: list[dict[str, Any]], game: str = "mouse-guard"
) -> Iterator[App]:
    for app in made_app(size, Config(ui=Interface(language=language))):
        app.start(game)
        assert app.session is not None
        app.session.rng = random.Random(2)
        for line in [*({"type": "mg.add_character", "sheet": m} for m in MICE), *lines]:
            app.session.apply(app.session.parse(json.dumps(line)))
        app.scene.dirty = True
        yield app


@pytest.mark.slow
@pytest.mark.parametrize("teams", [1, 3])
@pytest.mark.parametrize("moment", ["scripting", "acting", "over"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_nothing_shrinks_overlaps_or_hides_under_a_button(
    size: tuple[int, int], teams: int, moment: str, language: str, shrunk: list[str]
) -> None:
    for app in app_at(size, language, moments(teams)[moment]):
        now = app.session.table_view()["conflict"]  # type: ignore[union-attr]
        assert now is not None and now["status"] == moment
        bar = app.layout.bar  # the top bar is every screen's, and tested with them
        shrunk.clear()
        everything = measure(app)
        drawn = [one for one in everything if one.place.top >= bar]
        titles = {repr(one.words) for one in everything if one.place.top < bar}
        name = f"{moment} with {teams} team(s)"
        found = problems(name, app, drawn)
        found += [f"{name}: {s}" for s in shrunk if s.split(" at ")[0] not in titles]
        body = app.layout.text("body")  # every line here is body size or larger, wrapped or not
        found += [f"{name}: {o.words!r} at {o.size} px" for o in drawn if o.size < body]
        buttons = [b for b in app.scene.buttons() if b.rect.top >= bar]
        labels = {b.label for b in buttons}
        for one in drawn:
            under = [b.label for b in buttons if b.rect.colliderect(one.place)]
            if one.words not in labels and under:
                found.append(f"{name}: {one.words!r} is under the button {under[0]!r}")
        dispositions = [one for one in drawn if "/" in one.words and one.words[-1].isdigit()]
        assert dispositions and all(one.size >= KEY for one in dispositions)
        assert not found, "\n".join(found)
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.parametrize("game", ["mouse-guard", "regelhuskeark"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_before_the_dispositions_each_sides_name_keeps_its_full_size(
    size: tuple[int, int], game: str, language: str, shrunk: list[str]
) -> None:
    """A conflict just begun: each side's panel says it has no disposition yet on a line of
    its own, so the side's name ("Modstanderen", "Patrulje") is never shrunk beside it, as
    it was to 18 px in Danish (issue 21, "never shrink text to fit")."""
    for app in app_at(size, language, [BEGIN], game):
        now = app.session.table_view()["conflict"]  # type: ignore[union-attr]
        assert now is not None and now["status"] == "disposition"
        bar = app.layout.bar
        shrunk.clear()
        drawn = [one for one in measure(app) if one.place.top >= bar]
        sides = {app.tr("Patrol"), "Weasel"}
        names = [one for one in drawn if one.words in sides]
        assert {one.words for one in names} == sides
        assert all(one.size == app.layout.text("heading") for one in names), names
        waiting = [one for one in drawn if one.words == app.tr("no disposition yet")]
        assert len(waiting) == 2 and all(one.size >= app.layout.text("body") for one in waiting)
        assert not [s for s in shrunk if s.split(" at ")[0].strip("'") in sides], shrunk
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.parametrize(
    ("game", "costs"),
    [
        ("mouse-guard", "Outside: costs 1 Nature"),
        ("regelhuskeark", "Outside: 1 Nature if it succeeds"),
    ],
)
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_persona_form_says_what_tapping_outside_nature_costs(
    size: tuple[int, int], language: str, game: str, costs: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Sheet, Tapping Nature: outside Nature's scope it costs a point of Nature; Regelhuskeark,
    Nature: "falder den også med 1 hvis du klarer testen". The option says so, whole."""
    shrunk: list[str] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            shrunk.append(words)
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    attacking = [  # Saxon attacks with Fighter: Nature may be tapped into it
        {**line, "action": "attack"} if line["type"] == "mg.script" else line
        for line in moments(1)["acting"]
    ]
    for app in app_at(size, language, attacking, game):
        press(app, "patrol:pool")
        while form(app).page < len(form(app).pages) - 1:
            press(app, "Next")  # past Nature instead, traits and help: Persona comes last
        shrunk.clear()
        drawn = measure(app)
        shown = app.tr(costs)
        assert shown != costs or language == "en"
        assert [one for one in drawn if one.words == shown and not one.cut]
        assert not problems("persona", app, [d for d in drawn if d.place.top >= app.layout.bar])
        assert shown not in shrunk
    theme.font.cache_clear()
    pygame.quit()


@pytest.mark.parametrize("reroll", [True, False])
def test_an_action_tests_level_three_trait_rolls_on_the_tray_only_where_it_rerolls(
    reroll: bool,
) -> None:
    """Conflicts step 7b and Tests step 9: the sheet's reroll goes through the roll path
    (the tray, with the table's own dice), the summary's +1s straight to the rules."""
    from tablekit.rules.mouse_guard.conflict import commands as ccmd
    from tablekit.ui.mg import conflict_rolls

    rolled: list[Any] = []
    submitted: list[Any] = []
    test: Any = {"side": "patrol", "wise_ways": [], "level_three": ["Bold"], "wises": []}
    form = conflict_rolls.after_roll(
        test, rolled.append, submitted.append, lambda text: text, reroll
    )
    assert [o[1] for o in form.pages[0][0].options] == [f"Bold: {'Reroll' if reroll else '+1s'}"]
    form.confirm({"use": "level_three|Bold"})
    if reroll:
        assert rolled == [ccmd.ActionLevelThree("patrol", "Bold")] and not submitted
    else:
        assert submitted == [ccmd.ActionLevelThree("patrol", "Bold", faces=())] and not rolled


@pytest.mark.slow
@pytest.mark.parametrize("moment", ["scripting", "acting", "over"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_volley_is_in_view_below_the_bar_whatever_the_bars_title(
    size: tuple[int, int], moment: str, language: str
) -> None:
    """Summary, Conflicts (volleys of three actions): the bar's title may fall back to the
    conflict's kind ("Kamp" at 800x480 in Danish), so the line saying what happens now
    begins with the volley, whole and at 18 px or more."""
    for app in app_at(size, language, moments(1)[moment]):
        volley = f"{app.tr('Volley')} 1"
        assert volley != "Volley 1" or language == "en"
        bar = app.layout.bar
        shown = [
            one
            for one in measure(app)
            if one.place.top >= bar and one.words.startswith(volley) and not one.cut
        ]
        assert shown and all(one.size >= SMALLEST for one in shown), volley
    theme.font.cache_clear()
    pygame.quit()


def ended_in(band: str) -> list[dict[str, Any]]:
    """A fight the patrol wins in one pair of attacks, losing as much of its 8 as ``band``
    takes from a winner: none, 2 (minor), 4 (compromise) or 6 (major)."""
    lost = {"none": 0, "minor": 2, "compromise": 4, "major": 6}[band]
    gm_faces = ["sword"] * lost + ["snake"] * (8 - lost)
    return [
        {**BEGIN, "gm_dice": 8},
        {"type": "mg.set_disposition", "side": "patrol", "disposition": 8},
        {"type": "mg.set_disposition", "side": "gm", "disposition": 1},
        *({"type": "mg.script", "side": "gm", "action": "attack"} for _ in range(3)),
        {"type": "mg.lock", "side": "gm"},
        *({"type": "mg.script", "side": "patrol", "action": "attack"} for _ in range(3)),
        {"type": "mg.lock", "side": "patrol"},
        {"type": "mg.reveal"},
        {"type": "mg.roll_action", "side": "gm", "faces": gm_faces},
        {"type": "mg.roll_action", "side": "patrol", "faces": ["sword", "sword", "sword"]},
    ]


@pytest.mark.slow
@pytest.mark.parametrize("band", ["none", "minor", "compromise", "major"])
@pytest.mark.parametrize("language", ["en", "da"])
def test_the_whole_compromise_is_read_with_who_lost_what(
    size: tuple[int, int], band: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21, endings: the end of a conflict shows the whole compromise, every band's
    terms whole, each side's loss at 28 px or more, nothing cut, shrunk or under a button
    (the text ran under End conflict); End conflict is in the bar."""
    from tablekit.ui.mg.conflict import compromise_lines

    shrunk: list[str] = []
    fit = widgets.fit_size

    def noting(words: str, face: str, size: int, width: int) -> int:
        got = fit(words, face, size, width)
        if got < size:
            shrunk.append(words)
        return got

    monkeypatch.setattr(widgets, "fit_size", noting)
    for app in app_at(size, language, ended_in(band)):
        now = app.session.table_view()["conflict"]  # type: ignore[union-attr]
        assert now["status"] == "over" and now["compromise"]["band"] == band
        bar = app.layout.bar
        shrunk.clear()
        drawn = [one for one in measure(app) if one.place.top >= bar]
        found = problems(f"{band} compromise", app, drawn)
        found += [f"{w!r} shrunk" for w in shrunk if any(w == d.words for d in drawn)]
        shown = " ".join(one.words for one in drawn)
        lines = compromise_lines(now, now["compromise"], app.tr)
        for words, _, _ in lines:
            assert words.replace("\n", " ") in shown, f"{words!r} is not shown whole"
        lost = [one for one in drawn if one.words in {words for words, _, _ in lines[1:3]}]
        assert len(lost) == 2 and all(one.size >= KEY for one in lost)  # who lost what
        buttons = app.scene.buttons()
        labels = {b.label for b in buttons}
        for one in drawn:  # End conflict sits with the bar's buttons, over no word
            under = [b.label for b in buttons if b.rect.colliderect(one.place)]
            assert one.words in labels or not under, f"{one.words!r} is under {under}"
        assert app.tr("End conflict") in labels
        assert not found, "\n".join(found)
    theme.font.cache_clear()
    pygame.quit()
