"""Cards never rely on colour alone: drawn on an 80×24 screen and read back as text, every card
of the hand, the top card and the colour in play are written out (letters and words) in the
standard palette, in the colour-blind one (``--colorblind``) and under NO_COLOR; the colour-blind
palette is Okabe and Ito's."""

from __future__ import annotations

import pytest
from clientkit import ME, make_view, plays, screen_bytes, screen_lines, seated
from prompt_toolkit.styles import Style

from client.model import Model
from client.style import COLORBLIND, STYLE, style_for
from engine.actions import Draw

HAND = "R7 Y+2 G0 B5 W W+4"


def table() -> Model:
    return seated(make_view(HAND, top="G5", legal=[*plays("G0", "W", "W+4"), Draw(ME)]))


@pytest.mark.parametrize(("palette", "no_color"), [("standard", False), ("colorblind", False),
                                                   ("standard", True)])
def test_every_card_and_the_colour_in_play_are_written_out(palette: str, no_color: bool) -> None:
    text = "\n".join(screen_lines(table(), plain=no_color, palette=palette))
    for card in HAND.split():
        assert card in text, (card, text)
    assert "G5" in text and "GREEN" in text  # the top card: its letter, and the colour in words
    assert "Colour: green" in text or "Colour: GREEN" in text


def test_the_colour_blind_palette_is_okabe_ito() -> None:
    style = Style.from_dict(style_for("colorblind"))
    assert {key: style.get_attrs_for_style_str(f"class:card.{key}").bgcolor for key in "rygb"} == {
        "r": "d55e00", "y": "f0e442", "g": "009e73", "b": "0072b2"}
    assert style_for("standard") == STYLE and style_for("nonsense") == STYLE
    assert set(COLORBLIND) == {k for k in STYLE if k.startswith(("card.", "text.")) and k != "card.w"}


def test_the_colour_blind_palette_reaches_the_terminal() -> None:
    standard, colorblind = screen_bytes(table()), screen_bytes(table(), palette="colorblind")
    assert standard != colorblind  # other colours ...
    for card in HAND.split():
        assert card in colorblind  # ... the same letters


def _luminance(hex_color: str) -> float:
    """The relative luminance of ``hex_color`` (WCAG 2)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


@pytest.mark.parametrize("palette", ["standard+light", "colorblind+light"])
def test_on_a_light_background_every_coloured_text_reads_on_white(palette: str) -> None:
    """Found play-testing: on a white terminal the turn's mark, "Your turn", the hint, the
    winner's line (bright green) and "at risk: no UNO" (yellow) were all but invisible. With
    ``--light`` each text colour has a contrast of at least 4.5 to white (WCAG AA); the cards
    keep their colours."""
    style = Style.from_dict(style_for(palette))
    for name in ("dim", "notice", "turn", "mark", "warn", "uno", "text.r", "text.y", "text.g", "text.b"):
        color = style.get_attrs_for_style_str(f"class:{name}").color
        assert color is not None and len(color) == 6, (name, color)
        assert 1.05 / (_luminance(color) + 0.05) >= 4.5, (name, color)
    base = palette.removesuffix("+light")
    assert {k: v for k, v in style_for(palette).items() if k.startswith("card.")} == {
        k: v for k, v in style_for(base).items() if k.startswith("card.")}


@pytest.mark.parametrize(("argv", "env", "palette"), [
    ([], "", "standard"), (["--light"], "", "standard+light"), (["--colorblind"], "0;15", "colorblind+light"),
    ([], "15;0", "standard"), ([], "0;default;7", "standard+light")])
def test_the_light_palette_is_asked_for_or_read_from_colorfgbg(
        argv: list[str], env: str, palette: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from client import commands

    monkeypatch.setenv("COLORFGBG", env)
    parser = argparse.ArgumentParser()
    commands._common(parser)
    assert commands._display(parser.parse_args(argv))[1] == palette
