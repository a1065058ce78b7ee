"""The table app: one window, one current scene, one loop that sleeps when idle.

The app owns the session. Scenes read views through it and hand it
commands; a refused command becomes a notice on screen and changes nothing.
The loop redraws only when the scene says something changed, and between
turns it sleeps until an input or a device's wake-up arrives (see :mod:`.wake`)
or a frame is due, so a press reaches the screen at once and an idle table
costs almost no CPU.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pygame

from tablekit import catalog
from tablekit.catalog.listing import Listing
from tablekit.devices import keypad
from tablekit.devices.pad_backends import PadBackends, start_pads
from tablekit.devices.pads import PadInbox
from tablekit.local import config, failures, paths
from tablekit.local.config import Buttons, Config
from tablekit.local.notify import ALIVE_EVERY
from tablekit.rules.errors import RuleError
from tablekit.rules.game import Command, replaced
from tablekit.rules.pads import PadEvent, PadPressed, PadStatus
from tablekit.rules.secret import TABLE
from tablekit.session import Redo, Undo, codec
from tablekit.session.journal import Drop, Journal, JournalError
from tablekit.session.salvage import ChainCheck, salvage
from tablekit.session.session import Session
from tablekit.session.store import keep_views, open_session
from tablekit.ui import kept_frame, loop, theme
from tablekit.ui.display import Presenter, make_canvas, open_display
from tablekit.ui.focus import Focus, Key
from tablekit.ui.i18n import refusal, translator
from tablekit.ui.layout import Layout
from tablekit.ui.notice import NOTICE_SECONDS as NOTICE_SECONDS
from tablekit.ui.notice import Notice
from tablekit.ui.onscreen_pad import pad_title
from tablekit.ui.scene import Scene
from tablekit.ui.sound import Cues
from tablekit.ui.touch import TAP, tap_position
from tablekit.ui.wake import WAKE, wake

SCENES = {
    "home": "tablekit.ui.scenes.home:HomeScene",
    "settings": "tablekit.ui.scenes.settings:SettingsScene",
    "camera": "tablekit.ui.scenes.camera:CameraScene",
    "teach": "tablekit.ui.scenes.teach:TeachScene",
    "startup": "tablekit.ui.scenes.startup:StartupScene",
}
"""The screens every table has: name -> "module:Class", imported when first shown.

A game's own scene is found in its catalogue listing, under the game's name.
"""


CLOCK = "%d/%m %H:%M"
"""When damaged changes were made, in figures, so it reads the same in every language."""

FAILURES_BEFORE_STOP = 3
"""Unexpected failures in a row, without a good frame between, before the app gives up."""

CHAIN_POLL = 0.05
"""Seconds between two looks at the walk of the chain behind the first frame, while it runs."""

KEEP_QUIET = 2.0
"""Seconds the table is quiet after a change before the session's views are kept for
``tablekit state`` (:mod:`tablekit.session.views`) and its screen for the next start
(:mod:`.kept_frame`): one write per pause, not per command."""

TAPS = (
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.MOUSEMOTION,
    pygame.FINGERDOWN,
    pygame.FINGERUP,
    pygame.FINGERMOTION,
    pygame.KEYDOWN,
    pygame.KEYUP,
)
"""Input that means a place on the screen or a key: any made before the app's own first
frame is dropped."""


class App:
    """The running table app."""

    def __init__(
        self,
        settings: Config,
        journal: Journal,
        size: tuple[int, int] | None = None,
        games: Mapping[str, Listing] | None = None,
        pads: Callable[[Buttons, PadInbox], PadBackends] = start_pads,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        theme.font.cache_clear()  # fonts from an earlier pygame.init are dead now
        self.settings = settings
        self.cues = Cues(settings.ui.sound)
        self.journal = journal
        self.games = catalog.Games(catalog.own_entries()) if games is None else games
        self.session: Session[Any] | None = None
        self.tr = self._translator()
        self.pads = PadInbox(wake=wake)
        self.pad_status: dict[str, PadStatus] = {}
        self.pad_backends = pads(settings.buttons, self.pads)
        self.notices = Notice()
        self.failures = 0
        """Unexpected failures in a row; a few in a row stop the app instead of spinning."""
        self.chain_check: ChainCheck | None = None
        """The walk of the open session's whole chain, which runs behind the first frame."""
        self.views_due: float | None = None
        """Seconds of quiet left before the open session's views and frame are kept for
        ``tablekit state`` and the next start (None: kept)."""
        self.keys = Focus()
        """The button in keyboard focus (Tab, Enter)."""
        self.running = True
        self.waited: list[pygame.event.Event] = []
        """Events the loop's sleep took out of the queue, handled first by the next step."""
        self.screen = open_display(settings.display, size)
        pygame.event.clear(TAPS)  # aimed at the frame kept from the last run, not at this one
        self.canvas = make_canvas(self.screen, settings.display.rotate)
        self.presenter = Presenter()
        self.painted: list[pygame.Rect] | None = None
        """The rects the last frame painted; None: the whole frame (the display compares)."""
        self._painted: Scene | None = None
        self._covered = False
        """Whether a notice or the keyboard's focus was painted over the last frame."""
        self.layout = Layout(*self.canvas.get_size())
        self.scenes: dict[str, Scene] = {}
        self.scene = Scene(self)
        """The screen shown; until the first, none (Home is made only when it is shown: a
        start that resumes a session never loads it)."""
        last = journal.last()
        if last is None:
            self.goto("home")
        else:
            self.resume(last.name)  # or Home, saying why not

    # -- sessions and commands -------------------------------------------------

    def resume(self, name: str) -> bool:
        """Continue the session ``name`` on its game's scene.

        A session that cannot be opened (its game unknown to this version, a
        journal entry that no longer reads) leaves the app on Home with the
        reason shown, so one broken session never locks the table out.
        """
        try:
            session = open_session(self.journal, name, None, self._rules(), create=False)
        except (RuleError, JournalError, codec.CommandError) as error:
            self.goto("home")
            why = self.unreadable(str(error)) if isinstance(error, JournalError) else None
            self.notice(f"{name}: {why or self.reason(error)}")
            return False
        self._play(session)
        self._say_drops(session.journal.drops)
        if self.journal.on_disk:
            since = self.journal.data_version()
            path, clock = Path(self.journal.path), self.journal.clock
            self.chain_check = ChainCheck(path, name, since, clock=clock)
        return True

    def _say_drops(self, drops: list[Drop]) -> None:
        """Say what damage opening the session set aside: how many changes, made when."""
        if drops:
            for drop in drops:
                failures.note(f"journal {self.journal.path}: {drop.describe(self.journal.clock)}")
            first = min((d.first for d in drops if d.first is not None), default=None)
            last = max((d.last for d in drops if d.last is not None), default=None)
            when = time.strftime(CLOCK, time.localtime(first or last or time.time()))
            until = time.strftime(CLOCK, time.localtime(last or first or time.time()))
            self.notice(
                self.tr(
                    "The journal was damaged: {count} change(s) made {first} to {last} were "
                    "set aside, and a copy of the damaged file was kept beside it"
                ).format(count=sum(d.count for d in drops), first=when, last=until)
            )
        drops.clear()

    def _take_chain_check(self) -> None:
        """Once the walk behind the first frame is done, set aside any damage it found.

        The salvage walks the chain again holding the write lock, so a step committed
        during the first walk is no damage: the session is reopened only if a drop was
        made, and not before the start-up problems are read (reopening leaves that list).
        """
        check = self.chain_check
        if check is None or not check.poll() or self.scene.name == "startup":
            return
        self.chain_check = None
        if self.session is None or self.session.name != check.session:
            return
        if check.error:
            self.notice(self.unreadable(check.error))
        whole = check.finding is not None and check.finding.ok and check.sound
        if whole:
            self.journal.vouch(check.session, check.since)  # said in the sidecar at exit
        if check.finding is None or whole:
            return
        try:
            _, drop = salvage(self.journal, check.session)
        except JournalError as error:
            self.notice(self.unreadable(str(error)))
            return
        if drop is not None:
            self.resume(check.session)

    def unreadable(self, why: str) -> str:
        """What the table reads when the journal cannot be read to the end: one sentence in
        its language; SQLite's own words, which have no translation, go to the log."""
        failures.note(f"the journal could not be read: {why}")
        return self.tr(
            "The journal could not be read to the end; what went wrong is in {log}, and "
            "'tablekit check --repair' copies what can be kept to a new file"
        ).format(log=failures.log_file().name)

    def start(self, game: str) -> None:
        """Begin a new session of ``game``, named after the game and the time."""
        title = self.games[game].title
        name = f"{title} {time.strftime('%d %b %H:%M')}"
        while self.journal.exists(name):
            name += "+"
        self._play(open_session(self.journal, name, game, self._rules()))

    def _play(self, session: Session[Any]) -> None:
        """Make ``session`` the current one and show its game's scene, in its language."""
        self._keep_views()
        self.session = session
        self.views_due = KEEP_QUIET
        self.tr = self._translator()
        self.goto(session.game.name)
        self.show_lights()

    def _rules(self) -> Mapping[str, Any]:
        return catalog.Rules(self.games)

    def _translator(self) -> Callable[[str], str]:
        """The interface's translator in its language, the current game's own words first."""
        language = self.language()
        listing = self._listing()
        own = listing.words if listing else ()
        return translator(
            language, {english: word for lang, english, word in own if lang == language}
        )

    def language(self) -> str:
        """The interface language: the table's choice, or else the current game's own."""
        chosen = self.settings.ui.language
        if chosen != "auto":
            return chosen
        listing = self._listing()
        return listing.language if listing else "en"

    def submit(self, command: Command) -> bool:
        """Apply ``command``; on refusal show why and change nothing."""
        if self.session is None:
            self.notice(self.tr("Start or resume a session first"))
            return False
        if not self._chain_checked():
            return False
        try:
            events = self.session.apply(command)
        except (RuleError, codec.CommandError, JournalError) as error:
            self.notice(self.reason(error))
            return False
        self.notice_text = ""
        self.views_due = KEEP_QUIET
        self.scene.dirty = True
        self.scene.react(self.session.project(events, TABLE))
        self.show_lights()
        return True

    def _chain_checked(self) -> bool:
        """Whether a command may be acknowledged now: once the walk of the open session's
        whole chain (behind the first frame) is done and found nothing, so no command goes
        onto a chain that is damaged further back. A command the moment the session opened
        waits for the walk; damage it found is set aside first (the notice says so), and
        the command is not applied."""
        check = self.chain_check
        if check is None or self.session is None or check.session != self.session.name:
            return True
        check.wait()
        if check.finding is None or (check.finding.ok and check.sound):
            return True
        session = self.session
        self._take_chain_check()
        return self.session is session and self.chain_check is None  # mended, nothing lost

    def show_lights(self) -> None:
        """Light each pad as the current game says: filled slots and lock, never the actions."""
        listing = self._listing()
        if self.session is None or listing is None or listing.lights is None:
            return
        for pad in self.settings.buttons.pads():
            self.pad_backends.show(pad, listing.lights(self.session.state, pad))

    def reason(self, error: Exception) -> str:
        """What the table reads about ``error``: a rule's refusal in the table's language.

        Other errors (the journal, a command's JSON) have no catalogue entries
        and are shown as they are.
        """
        return refusal(self.tr, error) if isinstance(error, RuleError) else str(error)

    def _count_views_down(self, dt: float) -> None:
        """Keep the session's views and frame once the table has been quiet
        :data:`KEEP_QUIET`."""
        if self.views_due is not None:
            self.views_due -= dt
            if self.views_due <= 0:
                self._keep_views()

    def _keep_views(self) -> None:
        """Keep the open session's views for ``tablekit state`` and its screen for the next
        start, if a change is not kept yet."""
        due, self.views_due = self.views_due, None
        if due is None or self.session is None:
            return
        try:
            keep_views(self.session)
            self._keep_frame()
        except Exception as error:  # kept only to spare a later start: never stops the table
            failures.record(error, "keeping the views and the frame")
            kept_frame.forget()

    def _keep_frame(self) -> None:
        """Keep the frame on screen for the next start if it is what the start resumes: the
        session's own screen, nothing painted over it (else the kept one is forgotten)."""
        session = self.session
        if session is None or self.scene.name != session.game.name or self._covered:
            kept_frame.forget()
            return
        kept_frame.keep(self.screen, (session.name, session.created, session.version))

    def undo(self) -> None:
        self.submit(Undo())

    def redo(self) -> None:
        self.submit(Redo())

    def notice(self, text: str) -> None:
        """Show ``text`` for a few seconds where no button is; a tap on it dismisses it
        (see :meth:`.Notice.show` for how long)."""
        self.notices.show(text)
        self.scene.dirty = True

    @property
    def notice_text(self) -> str:
        """The notice shown now; "" for none."""
        return self.notices.text

    @notice_text.setter
    def notice_text(self, text: str) -> None:
        self.notices.text = text

    @property
    def notice_left(self) -> float:
        """Seconds until the notice goes away by itself."""
        return self.notices.left

    @notice_left.setter
    def notice_left(self, seconds: float) -> None:
        self.notices.left = seconds

    def _expire_notice(self, dt: float) -> None:
        """Count the notice down; once it is gone, nothing is left to redraw."""
        if self.notices.expire(dt):
            self.scene.dirty = True

    # -- settings ------------------------------------------------------------------

    def change_settings(self, settings: Config) -> None:
        """Use and save new settings; the language changes at once."""
        try:
            config.save(settings, paths.config_file())
        except OSError as error:
            self.notice(f"{self.tr('Settings file')}: {error.strerror}")
            return
        self.settings = settings
        self.tr = self._translator()
        self.cues.enabled = settings.ui.sound
        for scene in self.scenes.values():
            scene.dirty = True

    # -- scenes --------------------------------------------------------------------

    def goto(self, name: str) -> None:
        if name != self.scene.name:
            self.scene.exit()
        self.scene = self.scene_named(name)
        self.focus = None
        self.scene.enter()

    def scene_named(self, name: str) -> Scene:
        """The scene ``name``, made on first use (so a request can reach it before it shows).

        ``name`` is one of :data:`SCENES` or a game's name, whose listing names its scene.
        """
        if name not in self.scenes:
            where = SCENES[name] if name in SCENES else self.games[name].scene
            module, _, cls = where.partition(":")
            scene = getattr(importlib.import_module(module), cls)(self)
            assert isinstance(scene, Scene)
            scene.name = name
            self.scenes[name] = scene
        return self.scenes[name]

    def roll_on_tray(self, kind: str, command: Command) -> None:
        """Let the table roll ``command``'s dice (``kind``) and confirm them on the tray.

        The confirmed faces go into the command's ``faces`` and it is submitted
        from the screen that asked, shown again first so it reacts to the roll.
        A refusal (a die short) brings the tray back with the same dice.
        """
        from tablekit.ui.scenes.camera import CameraScene

        back = self.scene.name

        def with_faces(faces: list[int | str]) -> bool:
            self.goto(back)
            rolled: Any = command  # every rolling command has a ``faces`` field
            return self.submit(replaced(rolled, faces=tuple(str(face) for face in faces)))

        tray = self.scene_named("camera")
        assert isinstance(tray, CameraScene)
        tray.request(kind, with_faces, return_to=back)
        self.goto("camera")

    # -- pads ----------------------------------------------------------------------

    def take_pads(self) -> None:
        """Act on every pad event posted since the last frame."""
        for event in self.pads.drain():
            self.on_pad(event)

    def on_pad(self, event: PadEvent) -> None:
        """A status is remembered (and a lost pad told); a press becomes the game's command."""
        if isinstance(event, PadStatus):
            was = self.pad_status.get(event.pad)
            self.pad_status[event.pad] = event
            if not event.connected and (was is None or was.connected):
                title = pad_title(event.pad, self.tr)
                self.notice(self.tr("{pad} is not connected").format(pad=title))
            self.scene.dirty = True
            return
        command = self._pad_command(event)
        if command is not None:
            self.submit(command)

    def _pad_command(self, press: PadPressed) -> Command | None:
        """What the game on screen makes of ``press``; None if it uses no pads.

        A press while Home, Settings or the dice tray shows does nothing: someone
        trying a pad on the Settings screen must not script into a live conflict.
        """
        listing = self._playing()
        if self.session is None or listing is None or listing.pads is None:
            return None
        return listing.pads(self.session.state, press)

    def _playing(self) -> Listing | None:
        """The listing of the game whose scene is on screen, if one is."""
        if self.session is None or self.scene.name != self.session.game.name:
            return None
        return self._listing()

    def _listing(self) -> Listing | None:
        """The listing of the current session's game, wherever the table is."""
        return self.games.get(self.session.game.name) if self.session else None

    # -- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """The loop, until the table quits; 70 if the app cannot go on (see :meth:`recover`)."""
        pygame.event.clear(TAPS)  # made while the session and its screen were loading
        try:
            code = loop.turn(self)
            self.scene.exit()
        finally:
            self.close()
        return code

    def showing(self) -> str:
        """The name of the screen shown."""
        return self.scene.name

    def next_frame_in(self, drew: bool) -> float:
        """Seconds the loop may sleep, unless an input or a wake-up comes first.

        A frame that drew asks for the next one a frame later (at the configured
        fps), so an animation runs at that rate and one quiet frame after it the
        loop sleeps. A notice is taken away when its time is up, the walk of the
        chain is looked at while it runs, and systemd hears the loop is alive.
        """
        due = [ALIVE_EVERY]
        if drew or self.scene.dirty:
            due.append(1 / self.settings.display.fps)
        if self.notice_text:
            due.append(self.notice_left)
        if self.chain_check is not None:
            due.append(CHAIN_POLL)
        if self.views_due is not None:
            due.append(self.views_due)
        return max(0.0, min(due))

    def close(self) -> None:
        """Keep the session's views, let the pads go and shut the display; safe to call
        more than once."""
        try:
            self._keep_views()
            kept_frame.settle()  # the frame's write is done before the process may end
        finally:
            self.pad_backends.close()
            pygame.quit()

    def recover(self, error: Exception) -> int:
        """Log an unexpected failure and carry on from Home, saying so in one line.

        Every acknowledged command is already in the journal, so going Home
        loses nothing. A failure that comes back at once on Home stops the
        app (the service restarts it) instead of spinning.

        A journal that stops reading under an open session (the file damaged
        while the app had it open) is no bug: it is said as opening that
        journal says it, with SQLite's words in the log and no trace.
        """
        if isinstance(error, JournalError):
            print(f"tablekit: the journal could not be read: {error}", file=sys.stderr)
            name = self.session.name if self.session is not None else ""
            said = self.unreadable(str(error))
            said = f"{name}: {said}" if name else said
        else:
            print(
                f"tablekit: {failures.record(error, f'the {self.scene.name} screen')}",
                file=sys.stderr,
            )
            said = self.tr("Something went wrong and was written to the log; play on.")
        self.failures += 1
        if self.failures >= FAILURES_BEFORE_STOP:
            self.running = False
            return 70
        self.goto("home")
        self.notice(said)
        return 0

    def step(self, dt: float) -> bool:
        """One turn of the loop; return whether anything was redrawn."""
        waited, self.waited = self.waited, []
        for event in waited + pygame.event.get():
            self.handle(event)
        self.take_pads()
        self._take_chain_check()
        self.scene.update(dt)
        self._expire_notice(dt)
        drew = self.scene.dirty
        if drew:
            self.draw()
            self.present()
        self._count_views_down(dt)  # after the frame: the one kept is the one on screen
        return drew

    def handle(self, event: pygame.event.Event) -> None:
        """Route one raw event: quit, global keys, taps, or to the scene."""
        if event.type == WAKE:
            return  # what woke the loop (a pad, the camera) is read after the events
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.KEYDOWN and self._global_key(event):
            return
        elif event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED):
            self.presenter.forget()
            self.scene.forget()
            self.scene.dirty = True
        pos = tap_position(event, self.screen.get_size(), self.settings.display.rotate)
        if pos is not None:
            if self.notice_text and self._notice_rect().collidepoint(pos):
                self.notice_text = ""  # the tap that dismisses a notice presses nothing else
                self.scene.dirty = True
                return
            event = pygame.event.Event(TAP, pos=pos)
        self.scene.handle(event)

    def _global_key(self, event: pygame.event.Event) -> bool:
        ctrl = event.mod & pygame.KMOD_CTRL
        if ctrl and event.key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and event.key == pygame.K_y:
            self.redo()
        elif ctrl and event.key == pygame.K_q:
            self.running = False
        elif event.key == pygame.K_ESCAPE and self.scene.name != "home":
            self.goto("home")
        elif event.key == pygame.K_TAB:
            self._move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus is not None:
            self._press_focus()
        else:
            return self._key_pad(event)
        return True

    def _key_pad(self, event: pygame.event.Event) -> bool:
        """In a game played with pads, the letter keys are pads too (see :mod:`.keypad`)."""
        listing = self._playing()
        press = keypad.press_for(pygame.key.name(event.key))
        if listing is None or listing.pads is None or press is None or event.mod & pygame.KMOD_CTRL:
            return False
        self.pads.post(press)
        return True

    # -- keyboard focus: Tab walks the buttons, Enter presses one -------------------------

    @property
    def focus(self) -> Key | None:
        """The button in keyboard focus, by its label and place."""
        return self.keys.key

    @focus.setter
    def focus(self, key: Key | None) -> None:
        self.keys.key = key

    def _move_focus(self, step: int) -> None:
        self.keys.move(self.scene.buttons(), step)
        self.scene.dirty = True

    def _press_focus(self) -> None:
        if self.keys.press(self.scene.buttons()):
            self.scene.dirty = True

    def draw(self) -> None:
        """Paint what changed of the scene, and any notice or focus over it, onto the canvas.

        The scene repaints over its own last frame (see :meth:`.Scene.redraw`), so a frame
        after another scene's, or after one with a notice or focus painted over it, is
        painted whole; a frame with either over it leaves the display to find what changed.
        """
        if self.scene is not self._painted or self._covered:
            self.scene.forget()
        self._painted = self.scene
        self.painted = self.scene.redraw(self.canvas)
        self._covered = self.focus is not None or bool(self.notice_text)
        if self.focus is not None:
            self.keys.draw(self.canvas, self.scene.buttons())
        if self.notice_text:
            self.notices.draw(self.canvas, self.layout, self.scene.buttons())
        if self._covered:
            self.painted = None
        self.scene.dirty = False

    def present(self) -> None:
        """Send what changed on the canvas to the display: the rects the scene painted, or
        where it painted the whole frame, what the display finds changed."""
        rotate = self.settings.display.rotate
        self.presenter.present(self.screen, self.canvas, rotate, self.painted)

    def _notice_rect(self) -> pygame.Rect:
        """Where the notice goes on the screen shown (see :meth:`.Notice.rect`)."""
        return self.notices.rect(self.layout, self.scene.buttons())

