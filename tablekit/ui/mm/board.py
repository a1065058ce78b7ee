"""Drawing the Mice and Mystics book-keeping from the table view.

Each function paints one part of the view into a rectangle and returns the
rectangles a tap can hit. Meaning never rides on colour alone: the current
turn has an arrow and a "NOW" tag, a captured mouse is labelled, wedges of
the wheel are counted in numbers too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Literal

import pygame

from tablekit.rules.mice_mystics.dice import MOVEMENT, Face
from tablekit.rules.mice_mystics.view_types import (
    ChapterTrack,
    LastRoll,
    MiceMysticsView,
    TrackCard,
)
from tablekit.ui import icons, theme, widgets
from tablekit.ui.layout import Layout, columns

Tr = Callable[[str], str]

MARKER_NAMES = {
    "stunned": "Stunned",
    "webbed": "Webbed",
    "knocked_down": "Knocked down",
    "charmed": "Charmed",
}


def track_rows(layout: Layout, area: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Rows for ``count`` cards, in two columns when one is not tall enough."""
    gap = max(3, layout.gap // 2)
    height = min(int(layout.touch * 1.4), (area.height + gap) // max(1, count) - gap)
    split = 1
    if height < layout.touch:
        split = 2
        per_column = math.ceil(count / 2)
        height = min(int(layout.touch * 1.4), (area.height + gap) // per_column - gap)
    cells = columns(area, split, gap)
    per = math.ceil(count / split)
    return [
        pygame.Rect(
            cells[i // per].x,
            cells[i // per].y + (i % per) * (height + gap),
            cells[i // per].width,
            height,
        )
        for i in range(count)
    ]


def draw_track(
    surface: pygame.Surface, layout: Layout, area: pygame.Rect, view: MiceMysticsView, tr: Tr
) -> list[tuple[pygame.Rect, TrackCard]]:
    """The initiative track, top to bottom; return each card's rectangle."""
    cards = view["track"]
    if not cards:
        widgets.wrapped(
            surface,
            tr("The track is empty until a chapter starts."),
            area,
            layout.text("body"),
            theme.CREAM,
        )
        return []
    rows = track_rows(layout, area, len(cards))
    for rect, card in zip(rows, cards, strict=True):
        _draw_card(surface, layout, rect, card, tr)
    return list(zip(rows, cards, strict=True))


def _draw_card(
    surface: pygame.Surface, layout: Layout, rect: pygame.Rect, card: TrackCard, tr: Tr
) -> None:
    """One card: whose turn it is has the arrow, a thick border and cheese yellow; a card
    that has had its turn this round a tick where the others have their slot, and a
    darker, flat face. The name is never smaller than the table reads names at: the
    status beside it gives way first."""
    current = card["current"]
    acted = card["acted"] and not current
    fill = theme.CHEESE if current else theme.PARCHMENT
    if acted or (card["side"] == "mouse" and card["captured"]):
        fill = theme.PARCHMENT_DARK
    widgets.panel(surface, rect, fill, theme.INK if current else theme.EDGE, 5 if current else 2)
    inner = rect.inflate(-layout.gap, -4)
    across = min(inner.height, layout.touch)
    badge = pygame.Rect(inner.x, inner.centery - across // 2, across, across)
    if current:
        _arrow(surface, badge)
    elif acted:
        _tick(surface, badge)
    else:
        widgets.text(
            surface, str(card["slot"]), badge, layout.text("body"), theme.INK_SOFT, "black"
        )
    side = pygame.Rect(badge.right + 4, badge.y, across, across)
    (_mouse_mark if card["side"] == "mouse" else _minion_mark)(
        surface, side.inflate(-across // 4, -across // 4)
    )
    words = card_status(card, tr)
    room = inner.right - side.right - 8
    name_size = layout.text("heading")
    least = theme.font("bold", KEY_TEXT).size(card["name"])[0] + 2
    wanted = theme.font("bold", layout.text("body")).size(words)[0] + 6 if words else 0
    right_width = max(0, min(wanted, room // 2, room - 6 - least))
    name_rect = pygame.Rect(side.right + 6, inner.y, room - right_width - 6, inner.height)
    status = pygame.Rect(inner.right - right_width, inner.y, right_width, inner.height)
    below = theme.font("bold", widgets.LEAST).get_linesize()
    squeezed = words and theme.font("bold", widgets.LEAST).size(words)[0] > right_width
    if squeezed and inner.height >= theme.font("bold", KEY_TEXT).get_linesize() + below:
        name_rect = pygame.Rect(side.right + 6, inner.y, room, inner.height - below)
        status = pygame.Rect(name_rect.x, name_rect.bottom, room, below)
    if widgets.fit_size(card["name"], "bold", name_size, name_rect.width) < KEY_TEXT:
        name_size = KEY_TEXT
    ink = theme.INK_SOFT if acted else theme.INK
    widgets.text(surface, card["name"], name_rect, name_size, ink, "bold", "left")
    if words:
        alarm = theme.WAX if _alarming(card) else theme.INK
        beside = status.height == inner.height
        size = layout.text("body") if beside else widgets.LEAST
        widgets.text(surface, words, status, size, alarm, "bold", "right" if beside else "left")


def _tick(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The "has had its turn this round" mark: a thick check."""
    r = rect.inflate(-rect.width // 4, -rect.height // 3)
    points = [(r.x, r.centery), (r.x + r.width * 0.38, r.bottom), (r.right, r.y)]
    pygame.draw.lines(surface, theme.INK_SOFT, False, points, max(4, rect.width // 8))


def card_status(card: TrackCard, tr: Tr) -> str:
    """The short line at the right of a track card."""
    if card["side"] == "mouse":
        if card["captured"]:
            return tr("CAPTURED")
        parts = [f"{tr('Wounds')} {card['wounds']}"] if card["wounds"] else []
        if card["poison"]:
            parts.append(f"{tr('Poison')} {card['poison']}")
        parts += [tr(MARKER_NAMES[m]) for m in card["markers"]]
        return " · ".join(parts) or (tr("NOW") if card["current"] else "")
    wounds = sum(card["wounds"])
    figures = f"×{card['figures']}"
    return f"{figures} · {tr('Wounds')} {wounds}" if wounds else figures


def _alarming(card: TrackCard) -> bool:
    return card["side"] == "mouse" and (card["captured"] or bool(card["markers"]))


def _arrow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The "it is this card's turn" arrow."""
    r = rect.inflate(-rect.width // 5, -rect.height // 5)
    pygame.draw.polygon(surface, theme.INK, [r.topleft, r.midright, r.bottomleft])


def _mouse_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A mouse's head in profile: a pointed snout, one round ear, an eye."""
    x, y, w, h = rect
    head = [(x + w, y + h * 0.6), (x + w * 0.35, y + h * 0.25), (x + w * 0.15, y + h * 0.75)]
    pygame.draw.polygon(surface, theme.BLUE, head + [(x + w * 0.55, y + h * 0.95)])
    pygame.draw.circle(surface, theme.BLUE, (x + w * 0.35, y + h * 0.3), w * 0.28)
    pygame.draw.circle(surface, theme.SKY, (x + w * 0.35, y + h * 0.3), w * 0.15)
    pygame.draw.circle(surface, theme.CREAM, (x + w * 0.62, y + h * 0.55), max(2, w * 0.07))


def _minion_mark(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A minion: a spiky diamond."""
    pygame.draw.polygon(
        surface, theme.VERMILLION, [rect.midtop, rect.midright, rect.midbottom, rect.midleft]
    )


def draw_wheel(
    surface: pygame.Surface, layout: Layout, rect: pygame.Rect, cheese: int, pulse: float, tr: Tr
) -> None:
    """The minion cheese wheel: six wedges, filled ones in cheese yellow, and the count."""
    side = min(rect.width, rect.height)
    box = pygame.Rect(0, 0, side, side)
    box.center = rect.center
    radius = side * (0.45 + 0.05 * pulse)
    centre = box.center
    for wedge in range(6):
        start = -math.pi / 2 + wedge * math.pi / 3
        points = [centre] + [
            (
                centre[0] + radius * math.cos(start + t * math.pi / 3 / 8),
                centre[1] + radius * math.sin(start + t * math.pi / 3 / 8),
            )
            for t in range(9)
        ]
        filled = wedge < cheese or pulse > 0
        pygame.draw.polygon(surface, theme.CHEESE if filled else theme.PARCHMENT_DARK, points)
        pygame.draw.polygon(surface, theme.INK, points, 3)
    count = f"{cheese}/6"
    size = max(KEY_TEXT, layout.text("body"))
    across = max(side * 0.42, theme.font("black", size).size(count)[0] + 10)
    hub = pygame.Rect(0, 0, across, across)
    hub.center = centre
    pygame.draw.ellipse(surface, theme.CREAM, hub)
    pygame.draw.ellipse(surface, theme.INK, hub, 3)
    widgets.text(surface, count, hub.inflate(4, 4), size, theme.INK, "black")


def draw_hourglass(
    surface: pygame.Surface, layout: Layout, rect: pygame.Rect, chapter: ChapterTrack, tr: Tr
) -> None:
    """The chapter track: a box per page, the hourglass on its page, the end marker on its."""
    hourglass, end = chapter["hourglass"], chapter["end"]
    pages = max(end, hourglass, 1)
    size = max(KEY_TEXT, layout.text("body"))
    label = pygame.Rect(rect.x, rect.y, rect.width, min(rect.height // 2, size + 4))
    widgets.text(
        surface,
        f"{tr('Hourglass')} {hourglass} · {tr('End')} {end}",
        label,
        size,
        theme.CREAM,
        "bold",
        "left",
    )
    strip = pygame.Rect(rect.x, label.bottom, rect.width, rect.height - label.height)
    gap = 3
    width = (strip.width - gap * (pages - 1)) / pages
    for page in range(1, pages + 1):
        box = pygame.Rect(
            round(strip.x + (page - 1) * (width + gap)), strip.y, max(4, round(width)), strip.height
        )
        at_end = page == end
        fill = (
            theme.WAX if at_end else (theme.PARCHMENT if page > hourglass else theme.PARCHMENT_DARK)
        )
        pygame.draw.rect(surface, fill, box, border_radius=4)
        pygame.draw.rect(surface, theme.INK, box, 2, border_radius=4)
        if page == hourglass:
            _hourglass(surface, box.inflate(-box.width // 4, -box.height // 5))
        elif theme.font("bold", widgets.LEAST).size(str(page))[0] + 4 <= width:
            ink = theme.CREAM if at_end else theme.INK_SOFT
            widgets.text(surface, str(page), box, layout.text("small"), ink, "bold")


def _hourglass(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Two triangles meeting at the waist."""
    top = [rect.topleft, rect.topright, rect.center]
    bottom = [rect.center, rect.bottomleft, rect.bottomright]
    pygame.draw.polygon(surface, theme.INK, top)
    pygame.draw.polygon(surface, theme.CHEESE, bottom)
    pygame.draw.polygon(surface, theme.INK, bottom, 2)


KEY_TEXT = 28
"""What the table reads from across it (whose turn, counts, results) is never smaller."""

TallyKey = Literal["melee_hits", "ranged_hits", "blocks", "stars", "cheese", "movement"]

PURPOSE_TALLY: dict[str, tuple[tuple[str, TallyKey], ...]] = {
    "attack": (("Melee", "melee_hits"), ("Ranged", "ranged_hits")),
    "defense": (("Blocks", "blocks"),),
    "movement": (("Spaces", "movement"),),
    "scurry": (("Spaces", "movement"),),
    "ambush": (("Up", "movement"),),
    "search": (("Stars", "stars"),),
    "recover": (("Stars", "stars"),),
    "mousetrap": (("Stars", "stars"),),
    "climb_out": (("Stars", "stars"),),
}


def tally_line(roll: LastRoll, tr: Tr) -> str:
    """What the last roll means for its purpose, plus its cheese."""
    tally = roll["tally"]
    parts = [(tr(label), tally[key]) for label, key in PURPOSE_TALLY.get(roll["purpose"], ())]
    if roll["purpose"] in ("movement", "scurry") and roll["movement"] is not None:
        parts = [(tr("Spaces"), roll["movement"])]
    parts.append((tr("Cheese"), tally["cheese"]))
    return " · ".join(f"{label}\N{NO-BREAK SPACE}{count}" for label, count in parts)


def short_tally(roll: LastRoll, actor: str, tr: Tr) -> str:
    """Who rolled and what counts, leaving out what came to nothing:
    "Lily: Blocks 2 · Cheese 1"."""
    tally = roll["tally"]
    wanted = [(tr(label), tally[key]) for label, key in PURPOSE_TALLY.get(roll["purpose"], ())]
    if roll["purpose"] in ("movement", "scurry") and roll["movement"] is not None:
        wanted = [(tr("Spaces"), roll["movement"])]
    parts = [(label, count) for label, count in wanted if count] or wanted[:1]
    if tally["cheese"]:
        parts.append((tr("Cheese"), tally["cheese"]))
    counts = " · ".join(f"{label}\N{NO-BREAK SPACE}{count}" for label, count in parts)
    return f"{actor}: {counts}" if actor and counts else counts or actor


def draw_tray(
    surface: pygame.Surface,
    layout: Layout,
    rect: pygame.Rect,
    roll: LastRoll | None,
    tr: Tr,
    said: Sequence[str] = (),
) -> None:
    """The dice of the roll in view, and beside them, at the size the table reads results
    at, what it did (and what the last change did): ``said``, the latest last.

    Sentences that do not all fit drop the oldest first; none is shrunk. A tray
    too narrow for words beside its dice (beside the track while a question is
    asked) puts the dice above them.
    """
    widgets.panel(surface, rect, theme.WOOD_LIGHT, theme.EDGE, 2)
    inner = rect.inflate(-layout.gap, -4)
    faces = roll["faces"] if roll is not None else []
    size = max(KEY_TEXT, layout.text("body"))
    font = theme.font("bold", size)
    said = [words for words in said if words] or (
        [] if roll is not None else [tr("No dice rolled yet")]
    )
    stacked = bool(faces) and inner.width < 12 * layout.touch
    if stacked:
        row = inner.height - font.get_linesize()
        side = max(8, min(row, inner.width // len(faces) - 4))
        dice = pygame.Rect(inner.x, inner.y + (row - side) // 2, side, side)
        words = pygame.Rect(inner.x, inner.y + row, inner.width, inner.height - row)
    else:
        share = inner.width * 2 // 5
        side = min(inner.height, share // max(1, len(faces)) - 4) if faces else 0
        dice = pygame.Rect(inner.x, inner.centery - side // 2, side, side)
        left = inner.x + len(faces) * (side + 4) + (layout.gap if faces else 0)
        words = pygame.Rect(left, inner.y, inner.right - left, inner.height)
    for i, face in enumerate(faces):
        icons.action_die(surface, dice.move(i * (side + 4), 0), face, MOVEMENT[Face(face)])
    _sentences(surface, said, words, size)


def _sentences(surface: pygame.Surface, said: Sequence[str], rect: pygame.Rect, size: int) -> None:
    """``said`` one under the other in ``rect``, each wrapped, the oldest left out while
    they do not fit; the last alone shrinks (never below the least size) if it must."""
    font = theme.font("bold", size)
    room = max(1, rect.height // font.get_linesize())
    kept = list(said)
    while len(kept) > 1 and sum(len(widgets.lines_of(w, font, rect.width)) for w in kept) > room:
        kept.pop(0)
    tall = sum(len(widgets.lines_of(w, font, rect.width)) for w in kept) * font.get_linesize()
    y = rect.y + max(0, (rect.height - tall) // 2)
    for words in kept:
        area = pygame.Rect(rect.x, y, rect.width, rect.bottom - y)
        y += widgets.wrapped(surface, words, area, size, theme.CREAM, "bold")
