"""Playing cards drawn from shapes: a rank, a suit and what the card means in this task.

Suits are drawn as shapes (the shipped fonts have no suit signs). What a card
means, its verdict, is never told by colour alone: a success carries a tick,
a bad card a thick striped frame and a cross, a cancelled one a struck ring.
Each mark is drawn at the foot of the card; its word (Success, BAD,
Cancelled) stands beside the mark when the card is wide enough for it at the
card's own size, and otherwise once in a key beside the row of cards
(:func:`key`). No text on a card is ever made smaller to fit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from tablekit.rules.cards import Card, rank_name
from tablekit.ui import theme, widgets
from tablekit.ui.i18n import mark

Colour = tuple[int, int, int]
Tr = Callable[[str], str]

RED = theme.WAX
BLACK = theme.INK


@dataclass(frozen=True)
class Shown:
    """A card as the screen shows it: its code and what it means in this task."""

    code: str
    bad: bool = False
    cancelled: bool = False
    success: bool = False

    @property
    def verdict(self) -> str | None:
        """``success``, ``bad``, ``cancelled`` or None for a card that means nothing here."""
        if self.bad:
            return "cancelled" if self.cancelled else "bad"
        return "success" if self.success else None


VERDICTS = {"success": mark("Success"), "bad": mark("Bad"), "cancelled": mark("Cancelled")}
"""The verdicts in the order a key lists them, with their words."""


def verdict_word(verdict: str, tr: Tr) -> str:
    """The word of a verdict as the table reads it; a bad card's in capitals."""
    word = tr(VERDICTS[verdict])
    return word.upper() if verdict == "bad" else word


FACE_LETTERS = mark("J Q K A")
"""The letters a deck prints on its jack, queen, king and ace, in that order and apart: a
Danish deck's are B D K E (knægt, dame, konge, es)."""

RANK_WORDS = {"J": mark("jack"), "Q": mark("queen"), "K": mark("king"), "A": mark("ace")}
SUIT_WORDS = {"C": mark("clubs"), "D": mark("diamonds"), "H": mark("hearts"), "S": mark("spades")}


def rank_letter(rank: str, tr: Tr) -> str:
    """A rank as the rules name it ("2" to "10", "J", "Q", "K", "A") as the table's deck
    prints it; commands and the journal keep the rules' names."""
    letters = tr(FACE_LETTERS).split()
    if len(letters) != len(RANK_WORDS):
        letters = FACE_LETTERS.split()
    return dict(zip(RANK_WORDS, letters, strict=True)).get(rank, rank)


def rank_label(code: str, tr: Tr) -> str:
    """What the corner of a card says: its rank as the table's deck prints it, or Joker."""
    face = Card.parse(code)
    return tr("Joker") if face.joker else rank_letter(rank_name(face.value), tr)


def card_words(code: str, tr: Tr) -> str:
    """A card in words, for a line of text (the fonts have no suit signs): "queen of spades"."""
    face = Card.parse(code)
    if face.joker:
        return tr("red joker") if face.colour == "red" else tr("black joker")
    rank = rank_name(face.value)
    named = tr(RANK_WORDS[rank]) if rank in RANK_WORDS else rank
    return tr("{rank} of {suit}").format(rank=named, suit=tr(SUIT_WORDS[face.suit]))


def suit(surface: pygame.Surface, rect: pygame.Rect, name: str, ink: Colour) -> None:
    """The suit ``name`` (C, D, H or S) as a shape filling the square ``rect``."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    r = w * 0.26
    if name == "D":
        pygame.draw.polygon(
            surface,
            ink,
            [
                (x + w / 2, y),
                (x + w * 0.9, y + h / 2),
                (x + w / 2, y + h),
                (x + w * 0.1, y + h / 2),
            ],  # fmt: skip
        )
    elif name in ("H", "S"):
        flip = name == "S"
        top = y + h * 0.62 if flip else y + h * 0.35
        point = y + h * 0.02 if flip else y + h * 0.98
        for cx in (x + w * 0.3, x + w * 0.7):
            pygame.draw.circle(surface, ink, (cx, top), r)
        pygame.draw.polygon(
            surface,
            ink,
            [
                (x + w * 0.06, top + (-r * 0.2 if flip else r * 0.2)),
                (x + w * 0.94, top + (-r * 0.2 if flip else r * 0.2)),
                (x + w / 2, point),
            ],  # fmt: skip
        )
        if flip:
            _stem(surface, rect, ink)
    else:
        for cx, cy in ((0.5, 0.28), (0.26, 0.58), (0.74, 0.58)):
            pygame.draw.circle(surface, ink, (x + w * cx, y + h * cy), r * 0.92)
        _stem(surface, rect, ink)


def _stem(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    pygame.draw.polygon(
        surface,
        ink,
        [
            (x + w * 0.44, y + h * 0.6),
            (x + w * 0.56, y + h * 0.6),
            (x + w * 0.68, y + h),
            (x + w * 0.32, y + h),
        ],  # fmt: skip
    )


PAD = 5
"""The card's margin inside its edge, in pixels; its words keep 4 more from the edge."""


def least_size(shown: list[Shown], size: int, tr: Tr) -> tuple[int, int]:
    """The smallest card (width, height) that shows every rank of ``shown`` at ``size`` px and
    a mark below it: the rank, a mark's row and the margins, never smaller type."""
    ranks = max(theme.font("black", size).size(rank_label(s.code, tr))[0] for s in shown)
    line = theme.font("black", size).get_linesize()
    return ranks + 2 * PAD + 8, 2 * line + 2 * PAD


def worded(shown: list[Shown], width: int, size: int, tr: Tr) -> bool:
    """Whether a card ``width`` px wide has room for its mark and its verdict's word at ``size``."""
    words = [verdict_word(s.verdict, tr) for s in shown if s.verdict is not None]
    room = width - 2 * PAD - 8 - size - 4
    return all(theme.font("black", size).size(word)[0] <= room for word in words)


def card(surface: pygame.Surface, rect: pygame.Rect, shown: Shown, size: int, tr: Tr,
         words: bool) -> None:  # fmt: skip
    """One face-up card: its rank at ``size`` px, its suit, and at its foot the verdict's mark,
    with the verdict's word beside it if ``words``."""
    face = Card.parse(shown.code)
    ink = RED if face.colour == "red" else BLACK
    widgets.panel(surface, rect, theme.CREAM, theme.EDGE, 3)
    if shown.verdict == "bad":
        _bad_frame(surface, rect)
    inner = rect.inflate(-2 * PAD - 8, -2 * PAD)
    line = theme.font("black", size).get_linesize()
    top = pygame.Rect(inner.x, inner.y, inner.width, line)
    rank = rank_label(shown.code, tr)
    backing = pygame.Rect(0, 0, theme.font("black", size).size(rank)[0] + 4, size)
    backing.center = top.center
    pygame.draw.rect(surface, theme.CREAM, backing)  # the rank stays clear of a bad card's stripes
    widgets.text(surface, rank, top, size, ink, "black")
    foot = pygame.Rect(inner.x, inner.bottom - line, inner.width, line)
    middle = pygame.Rect(inner.x, top.bottom, inner.width, foot.y - top.bottom)
    side = min(middle.width * 3 // 4, middle.height - 4)
    if side >= size:
        square = pygame.Rect(0, 0, side, side)
        square.center = middle.center
        if face.joker:
            _joker(surface, square, ink)
        else:
            suit(surface, square, face.suit, ink)
        if shown.verdict == "bad":
            _cross(surface, square, theme.WAX)
    elif not face.joker:
        _corner_suit(surface, top, rank_label(shown.code, tr), size, face.suit, ink)
    if shown.verdict is not None:
        pygame.draw.rect(surface, theme.CREAM, foot.inflate(0, -4))
        _foot(surface, foot, shown.verdict, size, tr, words)


def _corner_suit(surface: pygame.Surface, top: pygame.Rect, rank: str, size: int, name: str,
                 ink: Colour) -> None:  # fmt: skip
    """A short card's suit, small beside its rank, when there is room beside it."""
    half = theme.font("black", size).size(rank)[0] // 2
    side = min(size * 2 // 3, top.right - (top.centerx + half) - 6)
    if side >= 10:
        square = pygame.Rect(top.centerx + half + 6, top.centery - side // 2, side, side)
        suit(surface, square, name, ink)


def _foot(surface: pygame.Surface, foot: pygame.Rect, verdict: str, size: int, tr: Tr,
          words: bool) -> None:  # fmt: skip
    """The verdict at a card's foot: its mark, and its word when ``words``."""
    side = min(size, foot.height)
    if not words:
        square = pygame.Rect(0, 0, side, side)
        square.center = foot.center
        stamp(surface, square, verdict)
        return
    word = verdict_word(verdict, tr)
    width = side + 4 + theme.font("black", size).size(word)[0]
    square = pygame.Rect(foot.centerx - width // 2, foot.centery - side // 2, side, side)
    stamp(surface, square, verdict)
    room = pygame.Rect(square.right + 4, foot.y, foot.right - square.right - 4, foot.height)
    widgets.text(surface, word, room, size, INKS[verdict], "black", "left")


INKS: dict[str, Colour] = {"success": theme.MOSS, "bad": theme.WAX, "cancelled": theme.INK_SOFT}
"""Each verdict's ink: a help to the eye, never the only sign."""


def stamp(surface: pygame.Surface, rect: pygame.Rect, verdict: str) -> None:
    """A verdict's mark in the square ``rect``: a tick, a cross, or a struck ring."""
    ink = INKS[verdict]
    width = max(3, rect.width // 6)
    if verdict == "success":
        x, y, side = rect.x, rect.y, rect.width
        points = [(x + side * 0.1, y + side * 0.55), (x + side * 0.4, y + side * 0.85),
                  (x + side * 0.92, y + side * 0.15)]  # fmt: skip
        pygame.draw.lines(surface, ink, False, points, width)
    elif verdict == "bad":
        _cross(surface, rect.inflate(-rect.width // 6, -rect.height // 6), ink)
    else:
        pygame.draw.circle(surface, ink, rect.center, rect.width // 2, max(3, rect.width // 8))
        pygame.draw.line(surface, ink, rect.inflate(-rect.width // 3, 0).topleft,
                         rect.inflate(-rect.width // 3, 0).bottomright, width)  # fmt: skip


def key(surface: pygame.Surface | None, area: pygame.Rect, y: int, verdicts: list[str],
        size: int, tr: Tr, ink: Colour) -> int:  # fmt: skip
    """Each verdict's mark on a chip of card, and its word at ``size``, side by side in
    ``area`` from ``y`` (a new line when the next one does not fit); return the y below.
    Without a ``surface`` it only measures."""
    font = theme.font("black", size)
    line = font.get_linesize()
    x = area.x
    for verdict in verdicts:
        word = verdict_word(verdict, tr)
        width = line + 6 + font.size(word)[0]
        if x > area.x and x + width > area.right:
            x, y = area.x, y + line + 4
        if surface is not None:
            chip = pygame.Rect(x, y, line, line)
            widgets.panel(surface, chip, theme.CREAM, theme.EDGE, 2)
            stamp(surface, chip.inflate(-8, -8), verdict)
            room = pygame.Rect(chip.right + 6, y, area.right - chip.right - 6, line)
            widgets.text(surface, word, room, size, ink, "black", "left")
        x += width + 3 * PAD
    return y + line + 4


def _bad_frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A thick frame of diagonal stripes: bad at a glance, in any light and to any eye."""
    frame = rect.inflate(-4, -4)
    stripes = pygame.Surface(frame.size, pygame.SRCALPHA)
    step = 14
    for offset in range(-frame.height, frame.width, step):
        pygame.draw.line(stripes, theme.WAX, (offset, frame.height), (offset + frame.height, 0), 5)
    inner = pygame.Rect(10, 10, frame.width - 20, frame.height - 20)
    pygame.draw.rect(stripes, (0, 0, 0, 0), inner)
    surface.blit(stripes, frame)
    pygame.draw.rect(surface, theme.WAX, rect, width=4, border_radius=8)


def _cross(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    width = max(4, rect.width // 10)
    pygame.draw.line(surface, ink, rect.topleft, rect.bottomright, width)
    pygame.draw.line(surface, ink, rect.topright, rect.bottomleft, width)


def _joker(surface: pygame.Surface, rect: pygame.Rect, ink: Colour) -> None:
    """A jester's three-pointed cap."""
    x, y, w, h = rect.x, rect.y, rect.width, rect.height
    band = y + h * 0.78
    points = [(x, band), (x + w * 0.12, y + h * 0.15), (x + w * 0.35, y + h * 0.55),
              (x + w / 2, y), (x + w * 0.65, y + h * 0.55), (x + w * 0.88, y + h * 0.15),
              (x + w, band)]  # fmt: skip
    pygame.draw.polygon(surface, ink, points)
    for bx, by in ((0.12, 0.15), (0.5, 0.0), (0.88, 0.15)):
        pygame.draw.circle(surface, theme.CHEESE, (x + w * bx, y + h * by), w * 0.08)
    pygame.draw.rect(surface, ink, pygame.Rect(x, band, w, h * 0.16))


def back(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A card face down: the deck's back, which shows nothing of the card."""
    widgets.panel(surface, rect, theme.WAX, theme.CREAM, 3)
    inner = rect.inflate(-rect.width // 4, -rect.height // 4)
    pygame.draw.rect(surface, theme.CHEESE, inner, width=3, border_radius=6)
