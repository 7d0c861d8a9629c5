"""How long a match lasts: the mean number of hands until a seat's score reaches the target, by
rules and seats, for the new-table form to say beside the target (found play-testing: a host chose
"50 points" for a few hands, and it was one, as it is at four seats and more).

Measured by bench/match_length.py (``normal`` bots, 60 matches of each size; its output's lines
are the rows below, in the order of ``TARGETS``).
"""

from __future__ import annotations

TARGETS = (50, 100, 200, 250, 300, 500, 750, 1000, 1500, 2000)

HANDS: dict[str, dict[int, tuple[float, ...]]] = {
    "official": {
        2: (2.0, 3.2, 5.9, 7.7, 9.3, 16.5, 25.2, 35.0, 53.4, 72.1),
        3: (1.3, 2.3, 4.8, 6.1, 7.5, 12.7, 20.8, 29.0, 44.9, 61.9),
        4: (1.1, 1.8, 3.6, 4.7, 5.5, 9.9, 15.4, 22.3, 35.0, 48.4),
        5: (1.1, 1.2, 2.3, 3.3, 4.3, 8.2, 14.2, 19.0, 31.3, 42.3),
        6: (1.0, 1.1, 1.8, 2.6, 3.1, 6.0, 11.5, 16.6, 26.0, 37.5),
        8: (1.0, 1.0, 1.2, 1.4, 1.8, 4.4, 8.2, 11.7, 21.3, 30.3),
        10: (1.0, 1.0, 1.0, 1.1, 1.2, 3.6, 5.4, 9.6, 16.6, 24.7),
    },
    "house": {
        2: (1.6, 2.4, 4.6, 5.6, 6.8, 11.8, 18.6, 24.8, 37.7, 51.4),
        3: (1.1, 1.5, 3.1, 4.0, 5.1, 8.9, 14.4, 19.2, 29.7, 41.5),
        4: (1.0, 1.1, 1.8, 2.7, 3.1, 5.5, 9.5, 14.2, 23.0, 31.6),
        5: (1.0, 1.0, 1.2, 1.7, 2.4, 4.8, 7.8, 12.2, 19.5, 27.1),
        6: (1.0, 1.0, 1.1, 1.3, 1.9, 3.7, 6.2, 9.0, 16.2, 23.5),
        8: (1.0, 1.0, 1.0, 1.0, 1.1, 3.0, 4.8, 7.5, 12.6, 19.9),
        10: (1.0, 1.0, 1.0, 1.0, 1.0, 1.4, 3.8, 5.2, 9.2, 15.1),
    },
}
"""Per preset (``house``, or ``official`` for any other rules) and number of seats, the mean hands
to reach each of ``TARGETS``."""


def hands_to(target: int, seats: int, preset: str) -> float | None:
    """The mean hands of a match to ``target`` points at ``seats`` seats under ``preset``'s rules:
    between two seat counts or targets measured, in proportion; None beyond the targets measured."""
    table = HANDS["house" if preset == "house" else "official"]
    if not TARGETS[0] <= target <= TARGETS[-1]:
        return None
    counts = sorted(table)
    seats = min(max(seats, counts[0]), counts[-1])
    fewer = max(count for count in counts if count <= seats)
    more = min(count for count in counts if count >= seats)
    at_fewer, at_more = _at(table[fewer], target), _at(table[more], target)
    share = 0.0 if more == fewer else (seats - fewer) / (more - fewer)
    return at_fewer + (at_more - at_fewer) * share


def _at(row: tuple[float, ...], target: int) -> float:
    """``row``'s hands at ``target``, in proportion between the two targets measured around it."""
    upper = next(i for i, measured in enumerate(TARGETS) if measured >= target)
    if TARGETS[upper] == target or upper == 0:
        return row[upper]
    low, high = TARGETS[upper - 1], TARGETS[upper]
    return row[upper - 1] + (row[upper] - row[upper - 1]) * (target - low) / (high - low)
