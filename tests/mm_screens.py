"""Every Mice and Mystics screen and state, for the layout and the Danish walks.

Each moment brings a fresh app to one state through the rules' own commands
(the state is what matters here, not how a table got there; the touch tests
cover the taps), and opens the form or panel that state shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from clocks import TEST_CLOCK

from tablekit.local import box
from tablekit.local.config import Config, replace
from tablekit.rules.mice_mystics.content import CardEntry, MinionEntry
from tablekit.session import Journal
from tablekit.ui.app import App
from tablekit.ui.mm import bosses, equipment, forms, numbers, panels

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
        "battle": 6,
        "defense": 1,
        "life": 2,
        "ranged": False,
    },
    {
        "type": "mm.set_stats",
        "figure": "elite_rat_warrior",
        "battle": 2,
        "defense": 2,
        "life": 3,
        "ranged": False,
    },
]
START = {
    "type": "mm.start_chapter",
    "chapter": "Chapter 1",
    "end_page": 8,
    "heroes": [{"hero": "collin", "ability": "Battle Cry"}, {"hero": "lily", "ability": "Aim"}],
    "minions": [
        {"minion": "rat_warrior", "count": 2},
        {"minion": "elite_rat_warrior", "count": 1},
    ],
    "order": ["collin", "rat_warrior", "lily", "elite_rat_warrior"],
}


def make(size: tuple[int, int], language: str) -> App:
    settings = replace(Config(), ui=replace(Config().ui, language=language))
    app = App(settings, Journal(":memory:", clock=TEST_CLOCK), size)
    app.start("mice-mystics")
    assert app.session is not None
    app.session.rng = random.Random(1)
    return app


def run(app: App, line: dict[str, Any]) -> None:
    """Submit one command through the app, as a tap would, and fail if it is refused."""
    assert app.session is not None
    assert app.submit(app.session.parse(json.dumps(line))), app.notice_text


def playing(app: App) -> None:
    for line in [*NUMBERS, START]:
        run(app, line)


def _scene(app: App) -> Any:
    return app.scene


def _form(app: App, build: Callable[..., Any]) -> None:
    scene = _scene(app)
    scene.form = build(scene.view(), scene.submit, app.tr)


def _minion_turn(app: App) -> None:
    playing(app)
    run(app, {"type": "mm.end_turn"})


def _defence(app: App) -> None:
    _minion_turn(app)
    run(app, {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["sword_star"] * 6})


def _defended(app: App) -> None:
    """The defence roll in the tray: its faces, its blocks and the wounds, in words."""
    _defence(app)
    run(app, {"type": "mm.defend", "faces": ["sword_shield", "cheese"]})


def _turn_passed(app: App) -> None:
    """A roll stays in view as the turn passes."""
    playing(app)
    run(app, {"type": "mm.roll_movement", "faces": ["bow_star"]})
    run(app, {"type": "mm.end_turn"})


def _victory_asked(app: App) -> None:
    """Chapter…, Victory: asked once before it is given."""
    _chapter_menu(app)
    scene = _scene(app)
    scene.form.actions[-1][1]()


def _summary(app: App) -> None:
    """The chapter won and summed up: a found card, a capture, a story achievement."""
    playing(app)
    run(app, {"type": "mm.search", "tile": "Tile 1", "faces": ["bow_star"]})
    run(app, {"type": "mm.take_search_card", "choice": "keep", "card": "Dagger", "weapon": "melee"})
    run(app, {"type": "mm.story_achievement", "name": "Story achievement 2"})
    run(app, {"type": "mm.capture_mouse", "hero": "lily"})
    run(app, {"type": "mm.declare_victory"})


def _defeat(app: App) -> None:
    """The hourglass reaches the end marker: the defeat is asked once, Undo beside it."""
    for line in [*NUMBERS, {**START, "end_page": 2}]:
        run(app, line)
    run(app, {"type": "mm.capture_mouse", "hero": "lily"})


def _one_attacked(app: App) -> None:
    """On the rat warriors' turn, one of the two has made its attack; their panel is open."""
    _minion_turn(app)
    run(app, {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["bow"] * 6})
    _scene(app).selected = "rat_warrior"


def _second_attack(app: App) -> None:
    """The second rat warrior's attack form, after the first has attacked."""
    _one_attacked(app)
    _scene(app).selected = None
    _form(app, forms.minion_attack)


def _surge(app: App) -> None:
    _minion_turn(app)
    run(app, {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["cheese"] * 6})


def _surge_with_card(app: App) -> None:
    """A surge with a face-up encounter card whose surge is two elite rat warriors."""
    _minion_turn(app)
    card = {"type": "mm.draw_encounter", "minions": [], "name": "Rats in the walls"}
    run(app, {**card, "surge": [{"minion": "elite_rat_warrior", "count": 2}]})
    run(app, {"type": "mm.minion_attack", "targets": ["collin"], "faces": ["cheese"] * 6})


def _card_surge_form(app: App) -> None:
    """The encounter's second form: the surge printed on the card."""
    _encounter(app)
    scene = _scene(app)
    scene.form.confirm(dict(scene.form.values))


def _search_card(app: App) -> None:
    playing(app)
    run(app, {"type": "mm.search", "tile": "Tile 1", "faces": ["sword_star"]})


def _numbers(app: App) -> None:
    scene = _scene(app)
    wanted = numbers.figures(scene.view(), minions=["rat_warrior"])
    scene.form = numbers.ask(wanted[0], scene.submit, app.tr, lambda: True)


def _setup_page(page: int) -> Callable[[App], None]:
    def opened(app: App) -> None:
        scene = _scene(app)
        scene.draw(app.canvas)
        scene.starting.page = page

    return opened


def _select(card: str) -> Callable[[App], None]:
    def chosen(app: App) -> None:
        playing(app)
        _scene(app).selected = card

    return chosen


def _ability(app: App) -> None:
    scene = _scene(app)
    hero = scene.view()["catalogue"]["heroes"][0]
    scene.form = panels._ability(hero, {}, lambda: True, app.tr, scene._show)


def _known_ability(app: App) -> None:
    """The box knows a card for the hero: it is offered, beside a new one."""
    box.remember_ability("collin", "Prince Collin", "Battle Cry")
    _ability(app)


def _chapter_menu(app: App) -> None:
    playing(app)
    _scene(app)._chapter_menu()


def _then(first: Callable[[App], None], build: Callable[..., Any]) -> Callable[[App], None]:
    def both(app: App) -> None:
        first(app)
        _form(app, build)

    return both


def _encounter(app: App) -> None:
    playing(app)
    scene = _scene(app)
    scene.form = forms.encounter(scene.view(), scene.submit, app.tr, scene._show)


def _result(line: dict[str, Any]) -> Callable[[App], None]:
    def done(app: App) -> None:
        playing(app)
        run(app, line)

    return done


GEAR = {
    "type": "mm.set_equipment",
    "hero": "collin",
    "cards": [
        {"name": "Sword", "weapon": "melee"},
        {"name": "Shield"},
        {"name": "Bow", "weapon": "ranged"},
    ],
}
BOSS = {
    "type": "mm.define_boss",
    "boss": "captain_vurst",
    "name": "Captain Vurst",
    "cards": [
        {"id": c, "name": f"Vurst {c}", "battle": 3, "defense": 2, "life": 4}
        for c in ("strikes", "rallies", "guards")
    ],
}


def _hero(app: App) -> dict[str, Any]:
    return dict(_scene(app).view()["catalogue"]["heroes"][0])


def _gear_list(app: App) -> None:
    """Collin's starting equipment so far: three cards, two of them weapons."""
    scene = _scene(app)
    cards = [("Sword", "melee"), ("Shield", ""), ("Bow", "ranged")]
    scene.form = equipment.enter(_hero(app), cards, scene.submit, app.tr, scene._show, lambda: True)


def _gear_card(page: int) -> Callable[[App], None]:
    def opened(app: App) -> None:
        scene = _scene(app)
        listing = equipment.enter(_hero(app), [], scene.submit, app.tr, scene._show, lambda: True)
        listing.confirm({"next": "add"})
        scene.form.page = page

    return opened


def _boss(page: int, card: bool = False) -> Callable[[App], None]:
    """The new boss's name (page 0), ranged (page 1); or his first card's name or numbers."""

    def opened(app: App) -> None:
        scene = _scene(app)
        scene.form = bosses.define(scene.view(), app.tr, scene._show, lambda boss: True)
        if card:
            scene.form.confirm({"name": "Captain Vurst", "ranged": False})
        scene.form.page = page

    return opened


def _armed(app: App) -> None:
    run(app, GEAR)
    playing(app)
    run(app, BOSS)
    run(
        app,
        {
            "type": "mm.add_minions",
            "minions": [{"minion": "captain_vurst", "count": 1}],
            "order": ["captain_vurst:strikes", "captain_vurst:guards"],
        },
    )
    _scene(app).selected = "collin"


def _boss_in_box(app: App) -> None:
    """The box knows a boss the session does not: the set-up's minion page offers him."""
    box.save(box.load().pack.with_minion(box_boss()))
    _setup_page(1)(app)


def box_boss() -> MinionEntry:
    cards = tuple(CardEntry(f"card{n}", f"Sir Grim {n}", 2, 2, 2) for n in (1, 2, 3))
    return MinionEntry("sir_grim", "Sir Grim", ranged=False, boss=True, cards=cards)


MOMENTS: dict[str, Callable[[App], None]] = {
    "setup": _setup_page(0),
    "setup minions": _setup_page(1),
    "numbers": _numbers,
    "ability card": _ability,
    "ability card known": _known_ability,
    "board": playing,
    "hero panel": _select("lily"),
    "minion panel": _select("rat_warrior"),
    "attack form": _then(playing, forms.attack),
    "search form": _then(playing, forms.search),
    "explore question": _then(playing, forms.explore),
    "search result": _result({"type": "mm.search", "tile": "Tile 1", "faces": ["bow"]}),
    "search card": _search_card,
    "chapter menu": _chapter_menu,
    "victory asked": _victory_asked,
    "chapter summary": _summary,
    "defeat asked": _defeat,
    "encounter": _encounter,
    "minion turn": _minion_turn,
    "defence question": _defence,
    "defence roll": _defended,
    "roll kept as the turn passes": _turn_passed,
    "minion panel, one attacked": _one_attacked,
    "second minion attack": _second_attack,
    "surge question": _surge,
    "surge with a face-up card": _surge_with_card,
    "encounter card's surge": _card_surge_form,
    "captured": _result({"type": "mm.capture_mouse", "hero": "lily"}),
    "starting equipment": _gear_list,
    "starting card name": _gear_card(0),
    "starting card weapon": _gear_card(1),
    "new boss name": _boss(0),
    "new boss ranged": _boss(1),
    "boss card name": _boss(0, card=True),
    "boss card numbers": _boss(1, card=True),
    "armed hero and a boss": _armed,
    "boss from the box": _boss_in_box,
}
"""Name -> how to bring a fresh app to that screen."""


def screens(size: tuple[int, int], language: str) -> Iterator[tuple[str, App]]:
    """Each moment on a fresh app, drawn once and ready to measure."""
    for name, bring in MOMENTS.items():
        app = make(size, language)
        bring(app)
        app.notice_text = ""
        _scene(app).surge = 0.0
        yield name, app
        app.scene.exit()
