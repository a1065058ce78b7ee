"""Sound cues play when on, stay silent when off, and never fail the app."""

import pygame
import pytest

from tablekit.ui.sound import Cues


@pytest.fixture(autouse=True)
def mixer_closed():
    yield
    pygame.mixer.quit()


def test_cue_plays_when_on() -> None:
    assert Cues(enabled=True).play("surge")


def test_cue_is_silent_when_off() -> None:
    cues = Cues(enabled=False)
    assert not cues.play("surge")
    assert not pygame.mixer.get_init()


def test_missing_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device() -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    assert not Cues(enabled=True).play("turn")
