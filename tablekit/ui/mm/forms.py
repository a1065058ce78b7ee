"""The forms of the Mice and Mystics screen, built from the table view.

Each builder returns a :class:`~tablekit.ui.form.Form` whose confirm turns
the chosen values into one command and submits it; a refusal leaves the form
open with the reason on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablekit.rules.game import Command
from tablekit.rules.mice_mystics import commands as cmd
from tablekit.rules.mice_mystics.campaign import story_name
from tablekit.rules.mice_mystics.encounter import MinionGroup
from tablekit.rules.mice_mystics.view_types import Hero, MiceMysticsView
from tablekit.ui.form import Field, Form
from tablekit.ui.mm import bosses, numbers
from tablekit.ui.mm.results import name_of

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
OpenForm = Callable[[Form], None]


def groups(values: dict[str, Any], prefix: str) -> tuple[MinionGroup, ...]:
    """Minion groups from the count fields named ``prefix + minion id``."""
    return tuple(
        MinionGroup(key.removeprefix(prefix), count)
        for key, count in values.items()
        if key.startswith(prefix) and count
    )


def minion_counts(view: MiceMysticsView, prefix: str, kind: str = "count") -> list[Field]:
    """A count field per minion type of the content pack and per boss in the device's box
    (``kind`` "number" to type them on the keypad)."""
    listed = [(m["id"], m["name"]) for m in view["catalogue"]["minions"]]
    return [_count(prefix, minion, name, kind=kind) for minion, name in listed + bosses.extra(view)]


def new_boss_first(
    view: MiceMysticsView,
    values: dict[str, Any],
    prefix: str,
    tr: Tr,
    open_form: OpenForm,
    again: Callable[[], bool],
) -> bool | None:
    """With "New boss…" on, define the boss first; he then arrives with the others.

    None when no boss is to be defined; otherwise False while the boss's
    forms are open (``again`` goes on once he is in the box).
    """
    if not values.get(bosses.NEW_BOSS):
        return None

    def arrived(boss: str) -> bool:
        values[bosses.NEW_BOSS] = False
        values[prefix + boss] = 1
        return again()

    open_form(bosses.define(view, tr, open_form, arrived))
    return False


def _count(prefix: str, minion: str, name: str, count: int = 0, kind: str = "count") -> Field:
    return Field(prefix + minion, name, kind, count, high=12)


SURGE_COUNTS = 2
"""A surge brings one or two kinds of minion: their counters share the page with the
source, so the wheel and the hourglass stay in view."""


def _surge_counts(view: MiceMysticsView) -> list[Field]:
    """Counters for the minions the surge places, whichever its source: the face-up card's
    surge first, filled in as entered with the card, then the minions in play, then the
    rest; at least two kinds, and every kind the card's surge names."""
    catalogue = {m["id"]: m["name"] for m in view["catalogue"]["minions"]}
    found = view["encounter"]
    card = {g["minion"]: g["count"] for g in found["surge"]} if found else {}
    in_play = [c["card"] for c in view["track"] if c["side"] == "minion" and c["card"] in catalogue]
    likely = list(dict.fromkeys([m for m in card if m in catalogue] + in_play + list(catalogue)))
    shown = likely[: max(SURGE_COUNTS, len(card))]
    return [_count("min:", m, catalogue[m], card.get(m, 0)) for m in shown]


def targets(view: MiceMysticsView) -> list[tuple[str, str]]:
    """Every minion figure on the track as (target, label)."""
    found = []
    for card in view["track"]:
        if card["side"] != "minion":
            continue
        for figure in range(card["figures"]):
            suffix = f" {figure + 1}" if card["figures"] > 1 else ""
            found.append((f"{card['card']}#{figure + 1}", f"{card['name']}{suffix}"))
    return found


def attack(view: MiceMysticsView, submit: Submit, tr: Tr) -> Form:
    """A mouse's battle action: target, melee or ranged, extra dice."""
    options = targets(view)
    first = options[0][0] if options else ""
    fields = [
        Field("target", "", "choice", first, options[i : i + 2], wide=True)
        for i in range(0, len(options), 2)
    ]
    fields += [
        Field("ranged", tr("Ranged"), "toggle", False),
        Field("bonus", tr("Extra dice"), "count", 0, high=6),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Attack(values.get("target", ""), values["ranged"], values["bonus"]))

    return Form(tr("Attack"), [fields], confirm, tr("Roll"))


def next_attacker(view: MiceMysticsView) -> tuple[str, int, int] | None:
    """(name, figure from 1, figures) of the next figure of the minion card whose turn it
    is that has not attacked yet; None on a mouse's turn or once every figure has attacked."""
    card = next((c for c in view["track"] if c["current"]), None)
    if card is None or card["side"] != "minion":
        return None
    attacked = view["turn"]["attacked"]
    left = [f for f in range(1, card["figures"] + 1) if f not in attacked]
    return (card["name"], left[0], card["figures"]) if left else None


def minion_attack(view: MiceMysticsView, submit: Submit, tr: Tr) -> Form:
    """The attack of one figure of the card whose turn it is (each attacks once a turn),
    named in the title: which mice it reaches."""
    mice = [(h["id"], h["name"]) for h in view["heroes"] if not h["captured"]]
    rows = [mice[i : i + 2] for i in range(0, len(mice), 2)]  # two a row: names are not cut
    fields = [Field("targets", "", "multi", (), row, wide=True) for row in rows]
    fields.append(Field("poison", tr("Poison"), "toggle", False))
    attacker = next_attacker(view)
    figure = attacker[1] if attacker else None
    title = tr("Minion attack")
    if attacker and attacker[2] > 1:
        title = tr("{minion} {figure} attacks").format(minion=attacker[0], figure=figure)

    def confirm(values: dict[str, Any]) -> bool:
        targets = tuple(values.get("targets", ()))
        return submit(cmd.MinionAttack(targets, values["poison"], figure=figure))

    return Form(title, [fields], confirm, tr("Roll"))


def encounter(view: MiceMysticsView, submit: Submit, tr: Tr, open_form: OpenForm) -> Form:
    """The drawn encounter card's line for this page: the minions placed now and the card's
    words; then its surge on a form of its own, titled so that its counts are never taken
    for the minions placed now. Missing minion numbers are asked last."""
    flags = [
        Field("ambush", tr("Ambush"), "toggle", False),
        Field("mousetraps", tr("Mousetraps"), "toggle", False),
        Field("greedy_roaches", tr("Greedy roaches"), "toggle", False),
        Field("disguises", tr("Use disguises"), "toggle", False),
    ]

    def placed(values: dict[str, Any]) -> bool:
        waiting = new_boss_first(view, values, "min:", tr, open_form, lambda: placed(values))
        if waiting is not None:
            return waiting
        open_form(_card_surge(view, values, submit, tr, open_form))
        return False

    pages = [[*minion_counts(view, "min:"), bosses.new_boss_field(tr)], flags]
    return Form(tr("Encounter"), pages, placed, tr("Next"))


def _card_surge(
    view: MiceMysticsView, placed: dict[str, Any], submit: Submit, tr: Tr, open_form: OpenForm
) -> Form:
    """The surge printed on the encounter card: the minions the next surge places unless a
    room rule says otherwise. Confirming places the encounter's minions."""

    def confirm(values: dict[str, Any]) -> bool:
        command = cmd.DrawEncounter(
            minions=groups(placed, "min:"),
            ambush=placed["ambush"],
            mousetraps=placed["mousetraps"],
            greedy_roaches=placed["greedy_roaches"],
            surge=groups(values, "surge:"),
            disguises=placed["disguises"],
        )
        arriving = [g.minion for g in command.minions + command.surge]
        return _with_numbers(view, arriving, submit, tr, open_form, command)

    return Form(tr("Card's surge"), [minion_counts(view, "surge:")], confirm, tr("Place"))


def add_minions(view: MiceMysticsView, submit: Submit, tr: Tr, open_form: OpenForm) -> Form:
    """Minions a chapter rule places outside an encounter; missing numbers are asked first."""
    fields = minion_counts(view, "min:") + [
        bosses.new_boss_field(tr),
        Field("ambush", tr("Ambush"), "toggle", False),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        waiting = new_boss_first(view, values, "min:", tr, open_form, lambda: confirm(values))
        if waiting is not None:
            return waiting
        command = cmd.AddMinions(groups(values, "min:"), values["ambush"])
        arriving = [g.minion for g in command.minions]
        return _with_numbers(view, arriving, submit, tr, open_form, command)

    return Form(tr("Add minions"), [fields], confirm, tr("Place"))


def explore(view: MiceMysticsView, submit: Submit, tr: Tr) -> Form:
    """The explore action with minions on the board: the device cannot see the tiles, so
    the table says whether any minion is on the exploring mouse's room tile; a yes is
    refused in words (rulebook, "Explore": only with no minions on the same tile)."""
    mouse = next((h["name"] for h in view["heroes"] if h["id"] == view["current"]), "")
    answers = [("held", tr("Yes")), ("clear", tr("No"))]
    fields = [Field("tile", "", "choice", "", answers, wide=True, required=True)]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Explore(tile_clear=values["tile"] == "clear"))

    title = tr("Any minions on {mouse}'s room tile?").format(mouse=mouse)
    return Form(title, [fields], confirm, tr("Explore"))


def climb_out(submit: Submit, tr: Tr) -> Form:
    fields = [Field("others", tr("Mice already there"), "count", 0, high=3)]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.ClimbOut(values["others"]))

    return Form(tr("Climb out of water"), [fields], confirm, tr("Roll"))


def search(view: MiceMysticsView, submit: Submit, tr: Tr) -> Form:
    """Which tile is searched: a mouse finds something on each tile only once."""
    tiles = [(f"Tile {n}", f"{n}") for n in range(1, 9)]
    fields = [
        Field("tile", tr("Tile"), "choice", "Tile 1", tiles[:4]),
        Field("tile", "", "choice", "Tile 1", tiles[4:]),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Search(values["tile"]))

    return Form(tr("Search"), [fields], confirm, tr("Roll"))


def _with_numbers(
    view: MiceMysticsView,
    minions: list[str],
    submit: Submit,
    tr: Tr,
    open_form: OpenForm,
    command: Command,
) -> bool:
    """Submit ``command`` once the arriving ``minions`` have their numbers (box or asked),
    a boss from the box defined in the session first."""
    defined = bosses.bring(view, minions, submit)
    if defined is None:
        return False
    wanted = numbers.figures(view, minions=[m for m in minions if m not in defined])
    return numbers.fill(wanted, submit, tr, open_form, lambda: submit(command))


def story(submit: Submit, tr: Tr) -> Form:
    fields = [
        Field("number", tr("Achievement"), "count", 1, low=1, high=20),
        Field("pages", tr("End marker moves"), "count", 0, high=5),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.StoryAchievement(story_name(values["number"]), values["pages"]))

    return Form(tr("Story achievement"), [fields], confirm, tr("Record"))


def question_title(view: MiceMysticsView, tr: Tr) -> str:
    """The first pending question in the table's language, built from who and how many
    (the rules' own sentence is English)."""
    question = view["pending"][0]
    who = name_of(view, question["hero"] or question["card"])
    ask = question["ask"]
    if ask == "defend":
        said = tr("{figure} defends against {hits} hit(s)").format(
            figure=who, hits=question["hits"]
        )
        return f"{said} ({tr('poison')})" if question["poison"] else said
    if ask == "boss_wounds":
        return tr("Place {wounds} wound(s) on the boss's initiative cards").format(
            wounds=question["hits"]
        )
    if ask == "surge":
        if view["encounter"]:
            return tr("Surge! Does this room have a surge rule? If not: the face-up card's.")
        return tr("Surge! Does this room have a surge rule? If not: no minions.")
    if ask == "search_card":
        return tr("{mouse} draws a search card: what becomes of it?").format(mouse=who)
    if ask == "pack_full":
        return tr("{mouse} carries too many cards: discard one").format(mouse=who)
    return question["text"]


def answer(view: MiceMysticsView, submit: Submit, tr: Tr, open_form: OpenForm) -> Form | None:
    """The form that answers the first pending question; it cannot be cancelled."""
    form = _answer(view, submit, tr, open_form)
    if form is not None:
        form.cancellable = False
    return form


def _answer(view: MiceMysticsView, submit: Submit, tr: Tr, open_form: OpenForm) -> Form | None:
    question = view["pending"][0]
    ask = question["ask"]
    if ask == "defend":
        fields = [Field("bonus", tr("Extra dice"), "count", 0, high=6)]
        return Form(
            question_title(view, tr), [fields], lambda v: submit(cmd.Defend(v["bonus"])), tr("Roll")
        )
    if ask == "boss_wounds":
        fields = [
            Field(card, card, "count", 0, high=question["hits"]) for card in question["options"]
        ]

        def place(values: dict[str, Any]) -> bool:
            cards = tuple(card for card, count in values.items() for _ in range(count))
            return submit(cmd.PlaceBossWounds(cards))

        return Form(question_title(view, tr), [fields], place, tr("Place"))
    if ask == "surge":
        sources = [("card", tr("Face-up card")), ("room", tr("Room rule")), ("none", tr("None"))]
        first = "card" if view["encounter"] else "none"
        pages = [[Field("source", "", "choice", first, sources, wide=True), *_surge_counts(view)]]

        def surge(values: dict[str, Any]) -> bool:
            minions = groups(values, "min:")
            command = cmd.ResolveSurge(values["source"], minions)
            arriving = [g.minion for g in minions]
            return _with_numbers(view, arriving, submit, tr, open_form, command)

        return Form(question_title(view, tr), pages, surge, tr("Resolve"))
    if ask == "pack_full":
        options = [(card, card) for card in question["options"]]
        fields = [Field("card", tr("Discard"), "choice", options[0][0], options[:4])]

        def discard(values: dict[str, Any]) -> bool:
            return submit(cmd.DiscardCard(question["hero"], values["card"]))

        return Form(question_title(view, tr), [fields], discard, tr("Discard"))
    if ask == "search_card":
        choices = [(c, tr(c.capitalize())) for c in ("keep", "trick", "cheese", "event", "party")]
        kinds = [("", tr("Not a weapon")), ("melee", tr("Melee")), ("ranged", tr("Ranged"))]
        fields = [
            Field("choice", "", "choice", "keep", choices[:3], wide=True),
            Field("choice", "", "choice", "keep", choices[3:], wide=True),
            Field("weapon", "", "choice", "", kinds, wide=True),
        ]
        title = question_title(view, tr)

        def take(values: dict[str, Any]) -> bool:
            """A card kept, a trick or a party item is named on the keys next (the roll
            stays in view beside this page); cheese or an event is taken at once."""
            weapon: cmd.WeaponKind = values["weapon"] if values["choice"] == "keep" else ""
            if values["choice"] in ("cheese", "event"):
                return submit(cmd.TakeSearchCard(values["choice"]))
            named = [[Field("card", tr("Card name"), "text", "", required=True, capitals=True)]]

            def name(typed: dict[str, Any]) -> bool:
                return submit(cmd.TakeSearchCard(values["choice"], typed["card"], weapon))

            open_form(Form(title, named, name, tr("OK"), cancellable=False))
            return False

        return Form(title, [fields], take, tr("Next"))
    return None


def use_ability(hero: Hero, submit: Submit, tr: Tr) -> Form:
    """Use one of the hero's ability cards, paying its cheese."""
    options = [(a, a) for a in hero["abilities"]]
    fields = [
        Field(
            "ability", tr("Ability card"), "choice", options[0][0] if options else "", options[:3]
        ),
        Field("cost", tr("Cheese it costs"), "count", 0, high=6),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.UseAbility(hero["id"], values["ability"], values["cost"]))

    return Form(f"{hero['name']}: {tr('ability')}", [fields], confirm, tr("Use"))


def equip(hero: Hero, submit: Submit, tr: Tr) -> Form:
    """Move cards (found ones and the starting equipment) between the pack and the slots."""
    worn = hero["kit"] + hero["equipped"]
    fields = [
        Field("equip", tr("Equip"), "multi", (), [(c, c) for c in hero["pack"][:3]]),
        Field("unequip", tr("Put away"), "multi", (), [(c, c) for c in worn[:3]]),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.Equip(tuple(values["equip"]), tuple(values["unequip"])))

    return Form(f"{hero['name']}: {tr('equipment')}", [fields], confirm, tr("OK"))


def share(view: MiceMysticsView, hero: Hero, submit: Submit, tr: Tr) -> Form:
    """Trade cheese and found cards with another mouse."""
    others = [(h["id"], h["name"]) for h in view["heroes"] if h["id"] != hero["id"]]
    fields = [
        Field("other", tr("With"), "choice", others[0][0] if others else "", others[:3]),
        Field("give_cheese", tr("Give cheese"), "count", 0, high=hero["cheese"]),
        Field("take_cheese", tr("Take cheese"), "count", 0, high=12),
        Field("give", tr("Give cards"), "multi", (), [(c, c) for c in hero["pack"][:3]]),
    ]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(
            cmd.Share(
                values["other"],
                values["give_cheese"],
                values["take_cheese"],
                tuple(values["give"]),
            )
        )

    return Form(f"{hero['name']}: {tr('share')}", [fields], confirm, tr("OK"))


def roach_steals(
    view: MiceMysticsView,
    hero: Hero,
    submit: Submit,
    tr: Tr,
    open_form: Callable[[Form], None],
) -> None:
    """A roach takes a cheese: one tap, unless a Roachmaster makes the table say where it is."""
    if not any(a["achievement"] == "roachmaster" for a in view["achievements"]):
        submit(cmd.RoachSteal(hero["id"]))
        return
    fields = [Field("near", tr("On the Roachmaster's tile"), "toggle", False)]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.RoachSteal(hero["id"], values["near"]))

    open_form(Form(f"{hero['name']}: {tr('a roach steals')}", [fields], confirm, tr("OK")))


def discard(hero: Hero, submit: Submit, tr: Tr) -> Form:
    """Drop a found card, e.g. a used scroll."""
    cards = [(c, c) for c in (hero["pack"] + hero["equipped"])[:6]]
    fields = [
        Field(
            "card",
            tr("Card") if i == 0 else "",
            "choice",
            cards[0][0] if cards else "",
            cards[i : i + 3],
        )
        for i in range(0, len(cards), 3)
    ]
    return Form(
        f"{hero['name']}: {tr('discard')}",
        [fields],
        lambda v: submit(cmd.DiscardCard(hero["id"], v["card"])),
        tr("Discard"),
    )


def party_item(submit: Submit, tr: Tr) -> Form:
    """A party item found or given up."""
    pages = [
        [Field("held", tr("The party has it"), "toggle", True)],
        [Field("item", tr("Party item"), "text", "", capitals=True)],
    ]
    return Form(
        tr("Party item"), pages, lambda v: submit(cmd.PartyItem(v["item"], v["held"])), tr("OK")
    )
