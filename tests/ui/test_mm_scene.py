"""The Mice and Mystics screen driven by taps, as a player would."""

import json
import random
from typing import Any

import pygame
import pytest

from tablekit.local import config
from tablekit.local.config import Config, replace
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.session import Journal
from tablekit.ui import theme, widgets
from tablekit.ui.app import App
from tablekit.ui.form import Form
from tablekit.ui.mm import places

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (720, 1280)]

NUMBERS = [
    {"type": "mm.set_stats", "figure": "collin", "battle": 3, "defense": 2, "lore": 1, "life": 5},
    {
        "type": "mm.set_stats",
        "figure": "lily",
        "battle": 2,
        "defense": 1,
        "lore": 2,
        "move": 3,
        "life": 5,
    },
    {
        "type": "mm.set_stats",
        "figure": "rat_warrior",
        "battle": 2,
        "defense": 1,
        "life": 1,
        "ranged": False,
    },
]
CHAPTER = {
    "type": "mm.start_chapter",
    "chapter": "Chapter 1",
    "end_page": 6,
    "heroes": [{"hero": "collin", "ability": "Battle Cry"}, {"hero": "lily", "ability": "Aim"}],
    "minions": [{"minion": "rat_warrior", "count": 2}],
    "order": ["collin", "rat_warrior", "lily"],
}


@pytest.fixture
def app(journal: Journal) -> Any:
    made = App(Config(), journal, (800, 480))
    made.start("mice-mystics")
    made.session.rng = random.Random(5)
    yield made
    theme.font.cache_clear()
    pygame.quit()


@pytest.fixture
def danish_app(journal: Journal) -> Any:
    settings = replace(Config(), ui=replace(Config().ui, language="da"))
    made = App(settings, journal, (800, 480))
    made.start("mice-mystics")
    made.session.rng = random.Random(5)
    yield made
    theme.font.cache_clear()
    pygame.quit()


def play(app: Any, *lines: dict) -> None:
    for line in lines:
        app.session.apply(app.session.parse(json.dumps(line)))
    app.scene.dirty = True


def press(app: Any, label: str) -> None:
    """Tap the button called ``label``, failing if it is not on screen and enabled."""
    app.draw()
    found = [b for b in app.scene.buttons() if b.label == label and b.enabled]
    assert found, f"no enabled {label!r} in {[b.label for b in app.scene.buttons()]}"
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=found[0].rect.center, button=1)
    )
    app.step(0.0)


def labels(app: Any) -> list[str]:
    app.draw()
    return [b.label for b in app.scene.buttons() if b.enabled]


def finish(app: Any, label: str) -> None:
    """Page on with Next until ``label`` shows, then tap it."""
    while label not in labels(app):
        press(app, "Next")
    press(app, label)


def test_a_chapter_is_set_up_by_taps(app: Any) -> None:
    play(app, *NUMBERS[1:])
    press(app, "Prince Collin")
    press(app, "Lily")
    press(app, "Next")
    press(app, "1")  # a rat warrior, on the keypad
    finish(app, "Start")
    assert isinstance(app.scene.form, Form) and "numbers" in app.scene.form.title
    fields = app.scene.form.pages[0]
    assert [f.key for f in fields] == ["battle", "defense", "lore", "move", "life"]
    assert [app.scene.form.values[f.key] for f in fields] == [None, None, None, 2, None]
    assert "Save" not in [b.label for b in app.scene.buttons() if b.enabled], "every ? first"
    for digit in "2222":  # a keyboard's digits go to the keypad's number
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=digit))
    press(app, "Save")
    assert app.scene.form.title.startswith("Prince Collin")
    for hero in ("Battle Cry", "Aim"):
        press(app, "New card…")
        assert app.scene.form.typing
        for letter in hero:
            app.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        press(app, "OK")
        assert "starting equipment" in app.scene.form.title
        press(app, "Not now")
    view = app.session.table_view()
    assert view["outcome"] == "playing"
    assert {h["id"]: h["abilities"] for h in view["heroes"]} == {
        "collin": ["Battle Cry"],
        "lily": ["Aim"],
    }
    assert sum(c["figures"] for c in view["track"] if c["side"] == "minion") == 1


def test_end_turn_and_undo_are_one_tap_each(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    assert app.session.table_view()["current"] == "collin"
    press(app, "End turn")
    assert app.session.table_view()["current"] == "rat_warrior"
    press(app, "Undo")
    assert app.session.table_view()["current"] == "collin"


def test_a_refusal_is_explained_in_english(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    assert not app.submit(cmd.Scurry())
    assert app.notice_text == (
        "Prince Collin scurries only after it has moved; roll movement first"
    )


def test_a_danish_table_reads_the_refusals_in_danish(danish_app: Any) -> None:
    """Issue 11 item 7: the sentence and the content names in it (the hero) are Danish."""
    play(danish_app, *NUMBERS, CHAPTER)
    assert not danish_app.submit(cmd.Scurry())
    assert danish_app.notice_text == (
        "Prins Collin kan først pile afsted efter at have flyttet; slå for bevægelse først"
    )
    assert danish_app.submit(cmd.EndTurn())
    assert not danish_app.submit(cmd.Search("the kitchen"))
    assert danish_app.notice_text == "Det er ikke en mus' tur, så ingen mus kan søge nu"
    assert danish_app.session.table_view()["current"] == "rat_warrior"


def test_a_danish_table_reads_the_weapon_rule_in_danish(danish_app: Any) -> None:
    """Rulebook "Search Cards" item 5: no attack without a weapon equipped; said in Danish,
    the hero by its Danish name."""
    cloak = {"type": "mm.set_equipment", "hero": "collin", "cards": [{"name": "Kappe"}]}
    play(danish_app, *NUMBERS, cloak, CHAPTER)
    assert not danish_app.submit(cmd.Attack("rat_warrior#1"))
    assert danish_app.notice_text == (
        "Prins Collin har intet våben udrustet, og en mus kan ikke angribe uden"
    )


def test_a_hero_panel_changes_wounds_and_markers(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    app.draw()
    lily = next(rect for rect, card in app.scene.cards if card["card"] == "lily")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lily.center, button=1))
    app.step(0.0)
    press(app, "Wound")
    press(app, "Webbed")
    hero = next(h for h in app.session.table_view()["heroes"] if h["id"] == "lily")
    assert hero["wounds"] == 1 and hero["markers"] == ["webbed"]


def test_a_question_must_be_answered_before_play_goes_on(app: Any) -> None:
    play(
        app,
        *NUMBERS,
        CHAPTER,
        {
            "type": "mm.attack",
            "target": "rat_warrior#1",
            "faces": ["sword_shield", "sword_star", "cheese"],
        },
    )
    app.draw()
    labels = [b.label for b in app.scene.buttons()]
    assert "End turn" not in labels and "Cancel" not in labels
    press(app, "Roll")
    assert app.session.table_view()["pending"] == []


def test_a_surge_is_announced_until_it_fades(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    played = []
    monkeypatch.setattr(app.cues, "play", played.append)
    play(app, *NUMBERS, CHAPTER)
    middle = (app.layout.width // 2, app.layout.height // 2 - app.layout.px(5))
    app.step(0.0)
    assert app.canvas.get_at(middle)[:3] != theme.WAX
    app.scene.react([{"type": "mm.surged"}])
    assert played == ["surge"]
    assert app.step(0.5)
    assert app.canvas.get_at(middle)[:3] == theme.WAX
    for _ in range(10):
        app.step(0.5)
    assert not app.step(0.5)
    assert app.canvas.get_at(middle)[:3] != theme.WAX


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("moment", ["setup", "play", "question", "hero", "menu", "typing"])
def test_every_moment_fits_every_screen(
    journal: Journal, size: tuple[int, int], moment: str
) -> None:
    app = App(Config(), journal, size)
    app.start("mice-mystics")
    if moment != "setup":
        play(app, *NUMBERS, CHAPTER)
    if moment == "question":
        play(app, {"type": "mm.attack", "target": "rat_warrior#1", "faces": ["sword_star"] * 3})
    if moment == "hero":
        app.scene.selected = "lily"
    if moment == "menu":
        app.scene._chapter_menu()
    if moment == "typing":
        play(app, {"type": "mm.search", "tile": "Tile 1", "faces": ["bow_star"]})
        app.draw()
        for _ in range(3):  # the choices may take two pages on a small screen
            if not app.scene._panel(app.scene.view()).typing:
                press(app, "Next")
        assert app.scene._panel(app.scene.view()).typing
    app.draw()
    buttons = app.scene.buttons()
    screen = pygame.Rect(0, 0, *size)
    for button in buttons:
        assert screen.contains(button.rect), button.label
        assert min(button.rect.size) >= 44, (button.label, button.rect)
    for i, one in enumerate(buttons):
        for other in buttons[i + 1 :]:
            assert not one.rect.colliderect(other.rect), (one.label, other.label)
    theme.font.cache_clear()
    pygame.quit()


def test_own_dice_are_entered_on_the_tray_and_submitted_with_their_faces(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    press(app, "Our dice")
    press(app, "Move")
    assert app.scene.name == "camera"
    tray = app.scene
    tray.set_face("sword_shield")
    tray.confirm()
    assert app.scene.name == "mice-mystics"
    roll = app.session.table_view()["last_roll"]
    assert roll["faces"] == ["sword_shield"]
    assert roll["movement"] == 2 + 3  # Prince Collin moves 2, plus the die


def test_our_dice_switched_off_with_a_camera_stays_off_after_a_restart(journal: Journal) -> None:
    """With a camera configured "Our dice" starts on; the table's tap turning it off is kept,
    and so is turning it on again."""
    settings = replace(Config(), camera=replace(Config().camera, backend="replay"))
    first = App(settings, journal, (800, 480))
    first.start("mice-mystics")
    assert first.scene.own_dice, "a camera: the table's own dice unless it says otherwise"
    press(first, "Our dice")
    assert not first.scene.own_dice
    first.scene.exit()
    again = App(config.load(), journal, (800, 480))
    again.start("mice-mystics")
    assert again.settings.camera.backend == "replay"
    assert not again.scene.own_dice, "switched off, it stays off after a restart"
    press(again, "Our dice")
    again.scene.exit()
    third = App(config.load(), journal, (800, 480))
    third.start("mice-mystics")
    assert third.scene.own_dice
    third.scene.exit()
    theme.font.cache_clear()
    pygame.quit()


def test_own_dice_the_rules_refuse_come_back_to_the_tray_to_be_put_right(app: Any) -> None:
    """A movement roll takes one die; two entered are refused, and nothing is lost."""
    play(app, *NUMBERS, CHAPTER)
    press(app, "Our dice")
    press(app, "Move")
    tray = app.scene
    tray.set_face("bow")
    tray.set_face("cheese")
    press(app, "Confirm")
    assert app.scene is tray and tray.values() == ["bow", "cheese"]
    assert "1" in app.notice_text and app.session.table_view()["last_roll"] is None
    press(app, "Remove last")
    press(app, "Confirm")
    assert app.scene.name == "mice-mystics"
    assert app.session.table_view()["last_roll"]["faces"] == ["bow"]


def test_the_next_chapter_of_a_campaign_asks_which_found_card_each_hero_keeps(app: Any) -> None:
    """Campaign (between chapters): abilities carry over, one found card is kept."""
    play(
        app,
        *NUMBERS,
        CHAPTER,
        {"type": "mm.search", "tile": "Tile 1", "faces": ["bow_star"]},
    )
    app.draw()
    press(app, "Next")
    for letter in "Dagger":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    press(app, "OK")
    play(app, {"type": "mm.declare_victory"})
    press(app, "Next chapter")  # from the chapter's summary
    press(app, "Lily")  # the mice of the chapter just won come ticked: Collin goes on alone
    finish(app, "Start")
    assert "card to keep" in app.scene.form.title
    press(app, "Dagger")
    press(app, "OK")
    press(app, "Not now")  # the starting equipment: see test_mm_gear_by_touch
    view = app.session.table_view()
    assert view["outcome"] == "playing"
    collin = next(h for h in view["heroes"] if h["id"] == "collin")
    assert collin["abilities"] == ["Battle Cry"]
    assert "Dagger" in collin["pack"] + collin["equipped"]


def test_exploring_asks_for_the_encounter_card_at_once(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER, {"type": "mm.remove_minion", "target": "rat_warrior"})
    press(app, "Explore")
    assert app.scene.form.title == "Any minions on Prince Collin's room tile?"
    press(app, "No")  # the rat left on the board is on another tile
    press(app, "Explore")
    assert app.scene.form is not None and app.scene.form.title.startswith("Encounter")
    press(app, "+")
    finish(app, "Place")
    track = app.session.table_view()["track"]
    assert [c["card"] for c in track if c["side"] == "minion"] == ["rat_warrior"]


def open_panel(app: Any, card: str) -> None:
    app.draw()
    rect = next(rect for rect, shown in app.scene.cards if shown["card"] == card)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    app.step(0.0)


def test_a_roach_steals_with_one_tap(app: Any) -> None:
    roach = {
        "type": "mm.set_stats",
        "figure": "roach",
        "battle": 1,
        "defense": 1,
        "life": 1,
        "ranged": False,
    }
    chapter = {
        **CHAPTER,
        "minions": [{"minion": "roach", "count": 1}],
        "order": ["collin", "roach", "lily"],
    }
    play(app, *NUMBERS, roach, chapter, {"type": "mm.gain_cheese", "hero": "lily", "amount": 2})
    open_panel(app, "lily")
    press(app, "Roach steals")
    assert next(h for h in app.session.table_view()["heroes"] if h["id"] == "lily")["cheese"] == 1


def test_free_actions_are_offered_only_on_the_panel_of_the_mouse_whose_turn_it_is(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    open_panel(app, "lily")
    assert "Equip" not in labels(app) and "Share" not in labels(app)
    press(app, "Close")
    open_panel(app, "collin")
    assert "Equip" in labels(app) and "Share" in labels(app)


def test_minion_attack_with_every_mouse_captured_is_refused_not_a_crash(app: Any) -> None:
    play(
        app,
        *NUMBERS,
        CHAPTER,
        {"type": "mm.end_turn"},
        {"type": "mm.capture_mouse", "hero": "collin"},
        {"type": "mm.capture_mouse", "hero": "lily"},
    )
    if "Attack" in labels(app):
        press(app, "Attack")
        press(app, "Roll")
        assert app.notice_text


def submit(app: Any, line: dict) -> None:
    """Submit ``line`` as the screen does, so the scene reacts to its events."""
    assert app.submit(app.session.parse(json.dumps(line))), app.notice_text


KILL = {
    "type": "mm.attack",
    "target": "rat_warrior#1",
    "faces": ["sword_shield", "sword_star", "cheese"],
}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("lines", "said"),
    [
        (
            [{"type": "mm.search", "tile": "T", "faces": ["bow_star"]}],
            "Search: success, draw a search card",
        ),
        ([{"type": "mm.search", "tile": "T", "faces": ["bow"]}], "Search: no stars, nothing found"),
        ([{"type": "mm.roll_movement", "faces": ["bow"]}], "Prince Collin moves 4 spaces"),
        ([KILL], "Prince Collin attacks: 2 hits on Rat warrior · cheese +1"),
        ([{**KILL, "faces": ["bow", "bow", "bow"]}], "Prince Collin attacks: no hits"),
        (
            [KILL, {"type": "mm.defend", "faces": ["bow"]}],
            "Blocks 0 · Rat warrior defeated (1 left)",
        ),
        (
            [
                {**KILL, "faces": ["sword_shield", "bow", "bow"]},
                {"type": "mm.defend", "faces": ["sword_shield"]},
            ],
            "Rat warrior blocks every hit",
        ),
        ([{"type": "mm.capture_mouse", "hero": "lily"}], "Lily is captured: hourglass to 2"),
        ([{"type": "mm.end_turn"}], "Rat warrior's turn"),
        (
            [
                {"type": "mm.end_turn"},
                {
                    "type": "mm.minion_attack",
                    "targets": ["lily"],
                    "faces": ["sword_star", "sword_shield"],
                },
                {"type": "mm.defend", "faces": ["bow"]},
            ],
            "Blocks 0 · Lily takes 2 wounds (2 of 5)",
        ),
        ([{"type": "mm.wound_mouse", "hero": "lily"}], "Lily takes a wound (1 of 5)"),
        ([{"type": "mm.gain_cheese", "hero": "lily", "amount": 2}], "Lily: cheese +2 (2)"),
        (
            [{"type": "mm.set_marker", "hero": "lily", "marker": "webbed", "on": True}],
            "Lily: webbed",
        ),
        ([{"type": "mm.end_turn"}, {"type": "undo"}], "Undone: End turn"),
    ],
)
def test_every_result_is_said_in_the_tray_whole(app: Any, lines: list[dict], said: str) -> None:
    """At the size the table reads results at (28 px or more), never cut."""
    play(app, *NUMBERS, CHAPTER)
    for line in lines:
        submit(app, line)
    assert app.scene.result == said
    drawn = in_the_tray(app)
    if not app.scene.view()["pending"]:  # a question says it in its title, the tray the counts
        assert said.split(" ")[-1] in " ".join(d.words for d in drawn)
    assert drawn and all(d.size >= 28 and not d.cut for d in drawn), drawn


def in_the_tray(app: Any) -> list[Any]:
    """Every text drawn inside the tray now."""
    widgets.LEDGER = []
    app.draw()
    drawn, widgets.LEDGER = widgets.LEDGER, None
    tray = app.scene.tray_rect
    assert tray is not None
    return [d for d in drawn if tray.contains(d.room) and not d.words.isdigit()]  # not a die


def test_a_wounded_minion_is_counted_from_one_against_its_life(app: Any) -> None:
    """ "Roach 0 wounded (1 wounds)" read wrong (issue 21): a figure is counted from 1, and
    named by number only where its card has several; its wounds stand against its life."""
    tough = {**NUMBERS[2], "life": 3}
    play(app, *NUMBERS[:2], tough, CHAPTER)
    submit(app, KILL)
    submit(app, {"type": "mm.defend", "faces": ["bow"]})
    assert app.scene.result == "Blocks 0 · Rat warrior 1 takes 2 wounds (2 of 3)"
    submit(app, {"type": "mm.wound_minion", "target": "rat_warrior#2"})
    assert app.scene.result == "Rat warrior 2 takes a wound (1 of 3)"


def test_a_danish_table_reads_the_results_in_danish(danish_app: Any) -> None:
    play(danish_app, *NUMBERS, CHAPTER)
    submit(danish_app, {"type": "mm.search", "tile": "T", "faces": ["bow"]})
    assert danish_app.scene.result == "Søgning: ingen stjerner, intet fundet"
    submit(danish_app, {"type": "mm.capture_mouse", "hero": "lily"})
    assert danish_app.scene.result == "Lily er taget til fange: timeglasset til 2"


def test_a_roll_stays_in_view_until_the_next_or_a_tap_puts_it_away(app: Any) -> None:
    """Issue 21 item 1: the dice and what they did stay through the turn passing; the next
    roll replaces them; a tap on the tray puts them away, and Undo brings them back."""
    play(app, *NUMBERS, CHAPTER)
    submit(app, {"type": "mm.roll_movement", "faces": ["bow"]})
    assert app.scene.tray_roll(app.scene.view())["faces"] == ["bow"]
    press(app, "End turn")
    assert app.scene.tray_roll(app.scene.view())["faces"] == ["bow"]
    assert app.scene.tray_words(app.scene.view()) == ["Prince Collin moves 4 spaces"]
    app.scene._tap(app.scene.tray_rect.center)
    assert app.scene.tray_roll(app.scene.view()) is None
    assert app.scene.tray_words(app.scene.view()) == []
    press(app, "Undo")
    assert app.scene.tray_roll(app.scene.view())["faces"] == ["bow"]
    assert app.scene.tray_words(app.scene.view()) == [
        "Prince Collin: Spaces\N{NO-BREAK SPACE}4",
        "Undone: End turn",
    ]


def test_the_defence_roll_shows_its_faces_blocks_and_result(app: Any) -> None:
    """Each die's face, the blocks, and the wounds in words, at the size results read at."""
    play(app, *NUMBERS, CHAPTER)
    press(app, "End turn")
    submit(app, {"type": "mm.minion_attack", "targets": ["lily"], "faces": ["sword_star"] * 2})
    submit(app, {"type": "mm.defend", "faces": ["sword_shield"]})
    assert app.scene.tray_roll(app.scene.view())["faces"] == ["sword_shield"]
    said = "Blocks 1 · Lily takes a wound (1 of 5)"
    assert app.scene.tray_words(app.scene.view()) == [said]
    drawn = in_the_tray(app)
    assert [d.words for d in drawn] == [said]
    assert all(d.size >= 28 and not d.cut for d in drawn)


@pytest.mark.parametrize("size", SIZES)
def test_a_question_keeps_the_roll_the_wheel_and_the_hourglass_in_view(
    journal: Journal, size: tuple[int, int]
) -> None:
    """The defence question leaves the attack roll's dice and counts in sight (issue 21)."""
    app = App(Config(), journal, size)
    app.start("mice-mystics")
    play(app, *NUMBERS, CHAPTER)
    submit(app, KILL)
    view = app.scene.view()
    panel = app.scene._panel(view)
    area = app.scene._form_area(view, panel)
    track, side = app.scene._areas(asking=True)
    wheel, hourglass = places.status_areas(app.layout, side)
    assert not area.colliderect(wheel) and not area.colliderect(hourglass)
    assert not area.colliderect(track) and area.bottom <= app.layout.content().bottom
    drawn = in_the_tray(app)
    tray = app.scene.tray_rect
    assert not tray.colliderect(area) and not tray.colliderect(track)
    counts = "Melee\N{NO-BREAK SPACE}2 · Cheese\N{NO-BREAK SPACE}1"
    words = [d.words for d in drawn]
    assert " ".join(words) in (counts, f"Prince Collin: {counts}")
    assert all(d.size >= 28 and not d.cut for d in drawn)
    app.scene.exit()


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 480), (720, 1280)])
@pytest.mark.parametrize("moment", ["setup", "play", "question", "hero", "menu"])
@pytest.mark.parametrize("words", [4, 30])
def test_a_notice_never_covers_an_enabled_button(
    journal: Journal, size: tuple[int, int], moment: str, words: int
) -> None:
    app = App(Config(), journal, size)
    app.start("mice-mystics")
    if moment != "setup":
        play(app, *NUMBERS, CHAPTER)
    if moment == "question":
        play(app, KILL)
    if moment == "hero":
        app.scene.selected = "lily"
    if moment == "menu":
        app.scene._chapter_menu()
    app.notice(" ".join(["refused"] * words))
    app.draw()
    notice = app._notice_rect()
    assert pygame.Rect(0, 0, *size).contains(notice)
    for button in app.scene.buttons():
        assert not (button.enabled and notice.colliderect(button.rect)), button.label
    theme.font.cache_clear()
    pygame.quit()


def test_the_tap_that_dismisses_a_notice_presses_nothing_else(app: Any) -> None:
    play(app, *NUMBERS, CHAPTER)
    assert not app.submit(cmd.Scurry())
    assert "mm." not in app.notice_text  # a refusal in player words, no command ids
    app.draw()
    notice = app._notice_rect()
    before = app.session.version
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=notice.center, button=1))
    assert app.step(0.0)
    assert app.notice_text == ""
    assert app.session.version == before
    assert app.scene.selected is None and app.scene.form is None


def test_the_sword_put_away_by_touch_takes_the_attack_with_it(app: Any) -> None:
    """Rulebook "Equip": on its turn a mouse moves cards between its slots and its pack, and
    "Search Cards" item 5: without a weapon equipped it cannot attack."""
    sword = {
        "type": "mm.set_equipment",
        "hero": "collin",
        "cards": [{"name": "Sword", "weapon": "melee"}, {"name": "Shield"}],
    }
    play(app, *NUMBERS, sword, CHAPTER)
    open_panel(app, "collin")
    press(app, "Equip")
    press(app, "Sword")
    press(app, "OK")
    collin = app.session.table_view()["heroes"][0]
    assert collin["kit"] == ["Shield"] and collin["pack"] == ["Sword"]
    assert not app.submit(cmd.Attack("rat_warrior#1"))
    assert "no weapon equipped" in app.notice_text


def test_a_greyed_action_says_why_with_one_tap(app: Any) -> None:
    """A button that cannot be used now stays in its place, greyed, with the reason one tap
    away (issue 21): the rules are asked, nothing is journalled."""
    play(app, *NUMBERS, CHAPTER)
    app.draw()
    scurry = next(b for b in app.scene.buttons() if b.label == "Scurry")
    assert not scurry.enabled
    version = app.session.version
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scurry.rect.center, button=1))
    app.step(0.0)
    assert app.notice_text == "Prince Collin scurries only after it has moved; roll movement first"
    assert app.session.version == version
    press(app, "Move")
    app.draw()
    assert [b.rect for b in app.scene.buttons() if b.label == "Scurry"] == [scurry.rect]
