"""Short sound cues (surge, your turn, reveal), silent when off or unavailable.

A Pi without a sound card, or SDL's dummy audio in tests, must never stop the
app, so any mixer failure just means silence.
"""

from __future__ import annotations

import pygame

from tablekit.assets import shipped

SOUNDS = shipped("sounds")


class Cues:
    """Plays named cues if sound is on and a mixer could be opened."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._ready: bool | None = None

    def play(self, cue: str) -> bool:
        """Play ``cue``; return whether a sound was started."""
        if not (self.enabled and self._mixer()):
            return False
        if cue not in self._sounds:
            self._sounds[cue] = pygame.mixer.Sound(SOUNDS / f"{cue}.wav")
        self._sounds[cue].play()
        return True

    def _mixer(self) -> bool:
        """Open the mixer on first use (it is slow to open, and often absent)."""
        if self._ready is None:
            try:
                pygame.mixer.init()
                self._ready = True
            except pygame.error:
                self._ready = False
        return self._ready
