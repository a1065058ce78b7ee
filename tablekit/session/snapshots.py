"""A game's folded state as bytes, for the journal's snapshots, and back, checked.

The state is a tree of frozen dataclasses; msgspec encodes it as MessagePack
and decodes it only into the game's declared ``state_type``, field by field,
so a snapshot can never build anything but a state (no pickle, no code).

A snapshot is only an optimisation. Its ``tag`` names the encoding, the game,
tablekit's version, a digest of the rules' source and the game's starting
state (its content pack, its ruleset), so one written by another build or for
other content is ignored, and the session folds the steps instead.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

import msgspec

import tablekit
from tablekit.rules import game as game_module
from tablekit.rules.game import Game, state_type
from tablekit.session import codec, rules_source
from tablekit.session.journal import Snapshot, snapshot_checksum

if TYPE_CHECKING:
    import logging

S = TypeVar("S")

FORMAT = 1
"""The snapshot encoding; a change makes every older snapshot be ignored."""


def _log() -> logging.Logger:
    """This module's logger: :mod:`logging` is loaded once there is something to say."""
    import logging

    return logging.getLogger(__name__)


class SnapshotCodec(Generic[S]):
    """Encodes and decodes one game's states."""

    def __init__(self, game: Game[S], kind: type[S]) -> None:
        self.kind = kind
        self._encoder = msgspec.msgpack.Encoder(enc_hook=codec.plain_text)
        self._decoder = msgspec.msgpack.Decoder(type=kind)
        start = self._encoder.encode(game.start())
        digest = hashlib.sha256(start)
        digest.update(_source_digest(type(game).__module__).encode())
        self.tag = f"{FORMAT}:{game.name}:{tablekit.__version__}:{digest.hexdigest()[:32]}"

    @classmethod
    def of(cls, game: Game[S]) -> SnapshotCodec[S] | None:
        """The codec for ``game``, or None if it does not say its state's type."""
        kind = state_type(game)
        if kind is None:
            return None
        try:
            return cls(game, kind)
        except (TypeError, ValueError, msgspec.MsgspecError) as error:
            _log().warning("no snapshots for %s: %s", game.name, error)
            return None

    def encode(self, state: S) -> bytes | None:
        """``state`` as bytes, or None (logged) if it does not come back equal."""
        try:
            data = self._encoder.encode(state)
            if self._decoder.decode(data) == state:
                return data
            why = "it does not decode to an equal state"
        except (TypeError, ValueError, msgspec.MsgspecError) as error:
            why = str(error)
        _log().warning("no snapshot of this %s state: %s", self.kind.__name__, why)
        return None

    def decode(self, snapshot: Snapshot, session: str) -> S | None:
        """The state ``snapshot`` holds, or None (logged) if it cannot be trusted."""
        if snapshot.tag != self.tag:
            why = f"written by another build or for other content ({snapshot.tag})"
        elif snapshot_checksum(snapshot.tag, snapshot.state) != snapshot.checksum:
            why = "its checksum does not match"
        else:
            try:
                return self._decoder.decode(snapshot.state)
            except (msgspec.MsgspecError, TypeError, ValueError) as error:
                why = f"it does not decode: {error}"
        _log().info(
            "snapshot of %r at step %d ignored, %s; folding every step instead",
            session,
            snapshot.step,
            why,
        )
        return None


@functools.cache
def _source_digest(module_name: str) -> str:
    """A digest of the source of the game's rules: its package and the shared rules modules.

    A snapshot folded by other rules may differ from folding the steps anew,
    so a change to the rules' source retires every snapshot they made. An installed
    tablekit reads the digest its build worked out (:mod:`tablekit.session.rules_source`).
    """
    rules = Path(game_module.__file__).parent
    where = getattr(sys.modules.get(module_name), "__file__", None)
    if where and "." in module_name:
        package = Path(where).parent
        built = rules_source.built_digest(package, rules)
        return built or rules_source.digest_of(rules_source.files_of(package, rules))
    mine = [Path(where)] if where else []
    return rules_source.digest_of(dict.fromkeys([*mine, *sorted(rules.glob("*.py"))]))
