"""Engine tests. The deck-stacking helpers live in ``stacking.py`` beside this file."""

from __future__ import annotations

from hypothesis import settings

# Property tests pick their own example counts; no deadline (a whole game is one example).
settings.register_profile("engine", deadline=None, print_blob=True)
settings.load_profile("engine")
