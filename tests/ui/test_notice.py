"""A notice stays long enough to be read, and goes by itself."""

from __future__ import annotations

from tablekit.ui.notice import NOTICE_SECONDS, Notice


def test_a_short_notice_stays_its_seconds_then_goes() -> None:
    notice = Notice()
    notice.show("Not now")
    assert notice.left == NOTICE_SECONDS
    assert not notice.expire(NOTICE_SECONDS - 0.5) and notice.text == "Not now"
    assert notice.expire(1.0) and notice.text == ""
    assert not notice.expire(1.0)  # gone already: nothing to take away


def test_a_long_notice_stays_a_quarter_second_longer_per_word_past_the_tenth() -> None:
    notice = Notice()
    notice.show(" ".join(["word"] * 18))
    assert notice.left == NOTICE_SECONDS + 0.25 * 8
