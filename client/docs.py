"""The project's documents a player may want to open while playing (the lobby points to them)."""

from __future__ import annotations

from pathlib import Path

RULES_DOC = Path(__file__).resolve().parents[1] / "docs" / "RULES.md"


def shown_path(path: Path = RULES_DOC, cwd: Path | None = None) -> str:
    """``path`` as a person would open it from here: relative to the current folder when it lies
    inside it (``docs/RULES.md`` after ``make play``), otherwise in full."""
    here = (cwd or Path.cwd()).resolve()
    return str(path.relative_to(here)) if path.is_relative_to(here) else str(path)
