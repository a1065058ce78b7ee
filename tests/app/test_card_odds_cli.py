"""``tablekit odds mouse-card``: the chances of the rest of a draw, its flags as documented."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tablekit import cli

DOC = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def odds(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code = cli.main(["odds", "mouse-card", *args, "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return json.loads(out)


def test_one_card_from_a_full_deck_is_a_face_card_16_times_in_54(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Seed, opening: J, Q, K and A are 16 of the 54 cards."""
    answer = odds(capsys, "1")
    assert answer == {"success": pytest.approx(16 / 54), "bad": 0, "exact": True, "samples": 0}


def test_a_small_deck_by_hand(capsys: pytest.CaptureFixture[str]) -> None:
    """Going for broke with 3 of QH KS 2D RJ 5C, RJ bad, two needed.

    Bad: RJ among the three (3/5), or KS and no RJ among them (3/10) and RJ as the
    king's extra card (1/2): 3/4. Enough: QH and KS both among the three (3/10), or
    KS with 2D and 5C (1/10) and QH as the king's extra card (1/2): 7/20.
    """
    answer = odds(capsys, "3", "--mode", "broke", "--need", "2", "--left", "QH,KS,2D,RJ,5C",
                  "--bad", "RJ")  # fmt: skip
    assert answer["bad"] == pytest.approx(3 / 4)
    assert answer["success"] == pytest.approx(0.35)


def test_caution_risks_fewer_bad_cards(capsys: pytest.CaptureFixture[str]) -> None:
    cautious = odds(capsys, "4", "--bad", "RJ,BJ,2H,2D", "--mode", "cautious")
    broke = odds(capsys, "4", "--bad", "RJ,BJ,2H,2D", "--mode", "broke")
    assert cautious["bad"] < broke["bad"] and cautious["success"] <= broke["success"]


def test_a_person_reads_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["odds", "mouse-card", "1"]) == 0
    assert capsys.readouterr().out == (
        "1 cards from 54, J or better, 1 needed, cautious: 29.63% enough, 0.00% a bad card "
        "(exact)\n"
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["x"], "CARDS must be a whole number from 0 to 20"),
        (["21"], "CARDS must be a whole number from 0 to 20"),
        (["3", "--bad", "XX"], "--bad: 'XX' is not a card"),
        (["3", "--left", "QH,QH"], "--left names a card twice"),
        (["3", "--target", "joker"], "--target is a rank from 2 to A"),
        (["3", "--target", "Z"], "--target is a rank from 2 to A"),
        (["3", "--need", "-1"], "--need must be a whole number"),
        (["3", "--ob", "2"], "are for mouse-guard"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    assert cli.main(["odds", "mouse-card", *args, "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and says in err


def test_help_and_the_docs_name_the_same_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["odds", "--help"])
    shown = set(re.findall(r"mouse-card: .*?$", capsys.readouterr().out, re.MULTILINE))
    helped = {"--left", "--target", "--need", "--mode", "--bad"}
    assert len(shown) == len(helped)
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("### Mouse Card odds") :]
    documented = set(re.findall(r"`(--[a-z]+)", section))
    assert documented == helped | {"--json"}
