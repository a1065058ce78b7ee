"""The forms of the Mouse Card screen: a new character, a task check, fate chips, a miracle,
and giving up a task.

Every choice is a tap; only names and a miracle's words are typed. Who gets
chips is chosen on the award's own page, and who pays for a miracle on the
page before its words, so the GM's second tap on Next never lands on a
confirm button of the next form. Each
confirm builds a command and submits it; a refusal leaves the form open.
The forms never build a command outside its schema: steppers stop at the
schema's bounds and Add, Begin and Approve wait until every typed text has
a letter (the on-screen keys type at most 40, the schema's longest name).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tablekit.rules.game import Command
from tablekit.rules.mouse_card import commands as cmd
from tablekit.ui.cards.faces import rank_letter
from tablekit.ui.form import Field, Form
from tablekit.ui.i18n import mark

Submit = Callable[[Command], bool]
Tr = Callable[[str], str]
View = dict[str, Any]

PER_ROW = 3
"""Short options (ranks) side by side in one row of a choice."""

WORDS_PER_ROW = 1
"""Options in words (a mode, a circumstance) one to a row: at the body's size they need the
control's whole width on an upright screen, and a label is never made smaller to fit."""

TARGETS = ("6", "8", "10", "J", "Q", "K")
"""The targets offered: J, face cards or better, is the common one."""

CREATURES = (("mouse", mark("Mouse")), ("bird_of_prey", mark("Bird of prey")))
MODES = (("cautious", mark("Cautious")), ("broke", mark("Going for broke")))
LENGTHS = (("one", mark("One turn")), ("extended", mark("Extended")))
CIRCUMSTANCES = (
    ("combat", mark("Combat")),
    ("unknown", mark("Unknown")),
    ("ground", mark("Ground")),
)


FATE_AT_START = 9
"""A new character's chips by the stepper: a handful, far below the schema's 99."""

SUCCESSES = 10
"""The stepper's most successes needed (the schema allows up to 20, for scripts)."""

AWARD = 5
"""The stepper's most chips awarded at once (the schema allows up to 10)."""

NAMED_PER_ROW = 2
"""Names the table typed (characters, disadvantages) side by side: fewer, they run longer."""


def choice(key: str, label: str, options: Sequence[tuple[str, str]], chosen: Any,
           kind: str = "choice", per_row: int = PER_ROW,
           wide: bool = False) -> list[Field]:  # fmt: skip
    """One choice spread over rows of ``per_row`` options, labelled once (or, ``wide``, the
    rows across the form with no label: the form's title says what is chosen)."""
    return [
        Field(key, label if i == 0 else "", kind, chosen, options[i : i + per_row], wide=wide)
        for i in range(0, max(1, len(options)), per_row)
    ]


def new_character(submit: Submit, tr: Tr) -> Form:
    """A name, a trait to draw with, then levels, disadvantages, fate chips and kind."""
    name = [Field("name", tr("Name"), "text", "", required=True)]
    trait = [Field("trait", tr("Trait"), "text", "", required=True)]
    numbers = [
        Field("level", tr("Trait level"), "count", 3, low=1, high=cmd.MAX_LEVEL),
        Field("aged", tr("Aged"), "count", 0, high=cmd.MAX_LEVEL),
        Field("leader", tr("Leader"), "count", 0, high=cmd.MAX_LEVEL),
        Field("fate", tr("Fate chips"), "count", 0, high=FATE_AT_START),
    ]
    kind = choice("creature", tr("Kind"), [(k, tr(w)) for k, w in CREATURES], "mouse",
                  per_row=WORDS_PER_ROW)  # fmt: skip

    def confirm(values: dict[str, Any]) -> bool:
        disadvantages = {
            word: values[key] for key, word in (("aged", "Aged"), ("leader", "Leader"))
            if values[key]
        }  # fmt: skip
        return submit(
            cmd.AddCharacter(
                name=values["name"].strip(),
                creature=values["creature"],
                traits={values["trait"].strip(): values["level"]},
                disadvantages=disadvantages,
                fate=values["fate"],
            )
        )

    return Form(tr("New character"), [name, trait, numbers, kind], confirm, tr("Add"))


def who(view: View, tr: Tr, then: Callable[[str], None], title: str) -> Form:
    """Pick a character, then go on with ``then`` (a form whose first page has Next where
    this one's Next is)."""

    def confirm(values: dict[str, Any]) -> bool:
        then(values["who"])
        return True

    return Form(title, [_who(view, tr)], confirm, tr("Next"))


def _who(view: View, tr: Tr, fate: bool = False) -> list[Field]:
    """The choice of a character (one with a fate chip, if ``fate``), the first chosen."""
    names = [c["name"] for c in view["characters"] if c["fate"] or not fate]
    return choice("who", tr("Who"), [(n, n) for n in names], names[0] if names else "",
                  per_row=NAMED_PER_ROW, wide=True)  # fmt: skip


def task(view: View, name: str, submit: Submit, tr: Tr) -> Form:
    """The GM's task check for ``name``: trait, target and successes; mode and length; then
    circumstances and hindrances. Pages short enough to keep one column of wide options;
    the traits two to a row across the form (a trait's name and level say what they are),
    so a character's first two take one row above the target; more have a page of their
    own, so no page ends inside the target's choice."""
    sheet = next(c for c in view["characters"] if c["name"] == name)
    traits = [(t["name"], f"{t['name']} {t['level']}") for t in sheet["traits"]]
    hindrances = [(d["name"], d["name"]) for d in sheet["disadvantages"]
                  if d["name"].lower() != "aged"]  # fmt: skip
    which = choice("trait", tr("Trait"), traits, traits[0][0], per_row=NAMED_PER_ROW, wide=True)
    first = [
        *choice("target", tr("Target"), [(t, rank_letter(t, tr)) for t in TARGETS], "J"),
        Field("needed", tr("Successes needed"), "count", 1, low=1, high=SUCCESSES),
    ]
    second = [
        *choice(
            "mode", tr("Draw"), [(k, tr(w)) for k, w in MODES], "cautious", "choice", WORDS_PER_ROW
        ),
        *choice(
            "length", tr("Length"), [(k, tr(w)) for k, w in LENGTHS], "one", "choice", WORDS_PER_ROW
        ),
    ]
    third = [
        *choice(
            "where",
            tr("Situation"),
            [(k, tr(w)) for k, w in CIRCUMSTANCES],
            (),
            "multi",
            WORDS_PER_ROW,
        ),
        Field("physical", tr("Physical"), "toggle", False),
    ]
    if hindrances:
        third += choice("hindered", tr("Hindered by"), hindrances, (), "multi", NAMED_PER_ROW)

    def confirm(values: dict[str, Any]) -> bool:
        return submit(
            cmd.BeginTask(
                character=name,
                trait=values["trait"],
                target=values["target"],
                needed=values["needed"],
                mode=values["mode"],
                extended=values["length"] == "extended",
                circumstances=tuple(values["where"]),
                physical=values["physical"],
                hindered_by=tuple(values.get("hindered", ())),
            )
        )

    pages = [[*which, *first]] if len(which) == 1 else [which, first]  # a choice is never cut
    return Form(
        tr("{name}: task check").format(name=name), [*pages, second, third], confirm, tr("Begin")
    )


def award(view: View, submit: Submit, tr: Tr) -> Form:
    """Fate chips for a character: who (when more than one is at the table) and how many, on
    one page."""
    names = [c["name"] for c in view["characters"]]
    chips = [Field("chips", tr("Fate chips"), "count", 1, low=1, high=AWARD)]
    fields = chips if len(names) == 1 else [*_who(view, tr), *chips]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.AwardFate(values.get("who", names[0]), values["chips"]))

    title = (
        tr("{name}: fate chips").format(name=names[0])
        if len(names) == 1
        else tr("Award fate chips")
    )
    return Form(title, [fields], confirm, tr("Award"))


def miracle(view: View, submit: Submit, tr: Tr) -> Form:
    """A deus ex machina: who pays its fate chip, on a page of its own even when only one
    could (a page that types covers the screen, and the GM's second tap on Deus ex
    machina… must not land on its keys), then what happens."""
    names = [c["name"] for c in view["characters"] if c["fate"]]
    what = [Field("what", tr("What happens"), "text", "", required=True)]

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.DeusExMachina(values.get("who", names[0]), values["what"]))

    return Form(tr("Deus ex machina"), [_who(view, tr, fate=True), what], confirm, tr("Approve"))


def abandon(name: str, submit: Submit, tr: Tr) -> Form:
    """Asks once before a task is given up: its cards go to the discard."""

    def confirm(values: dict[str, Any]) -> bool:
        return submit(cmd.AbandonTask())

    return Form(tr("Abandon {name}'s task?").format(name=name), [[]], confirm, tr("Abandon"))
