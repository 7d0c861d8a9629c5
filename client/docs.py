"""The project's documents a player may want to open while playing (the lobby points to them)."""

from __future__ import annotations

from pathlib import Path

from .i18n import language, t

_DOCS = Path(__file__).resolve().parents[1] / "docs"
RULES_DOCS = {"en": _DOCS / "RULES.md", "es": _DOCS / "REGLAS.md"}
"""The rules as this game plays them, in each language (the same text, translated)."""
RULES_DOC = RULES_DOCS["en"]


def rules_doc() -> Path:
    """The rules in the screen's language."""
    return RULES_DOCS.get(language(), RULES_DOC)


def shown_path(path: Path | None = None, cwd: Path | None = None) -> str:
    """``path`` (default: the rules in the screen's language) as a person would open it from
    here: relative to the current folder when it lies inside it (``docs/RULES.md`` after
    ``make play``), otherwise in full."""
    path = rules_doc() if path is None else path
    here = (cwd or Path.cwd()).resolve()
    return str(path.relative_to(here)) if path.is_relative_to(here) else str(path)


def rules_line() -> str:
    """The line that points to the rules, or "" where they are not on this machine (an install
    without the project's folder: a line naming a missing file helps nobody)."""
    return t("lobby_rules_doc", path=shown_path()) if rules_doc().is_file() else ""
