"""Plain mode's new-table form: a value typed for the focused field ("6", "30", "difícil", "sí")
is found among the values its keys step through, in a copy; accents may be left out."""

from __future__ import annotations

import copy
import dataclasses
import unicodedata
from collections.abc import Iterator

from .form import CreateForm
from .screens import form_field


def set_field(form: CreateForm, typed: str) -> bool:
    """Set the focused field of ``form`` to the value shown as ``typed`` ("6", "30", "difícil",
    "sí"), stepping through its values as its keys do; False (the form unchanged) if none is."""
    want = bare(typed.strip())
    if form.focused == "timeout" and want == "0":  # (no clock, as the command line's 0 says it)
        want = bare(form_field(dataclasses.replace(form, timeout=0.0), "timeout")[1])
    before = copy.deepcopy(form)
    for delta in (1, -1):  # up from the value shown (or round, for a list), then down
        for shown in _stepped(form, delta):
            # (its first word, or its last of a few letters: "de la casa" is "casa" too, found
            # re-checking; not the "s" of "30 s")
            words = bare(shown).split(" ")
            if want in (bare(shown), words[0]) or (len(want) > 3 and want == words[-1]):
                return True
        vars(form).update(vars(copy.deepcopy(before)))
    return False


def field_values(form: CreateForm) -> list[str]:
    """The values the focused field of ``form`` may take, as shown (stepped through in a copy)."""
    probe = copy.deepcopy(form)
    probe.rewind()
    return list(_stepped(probe, 1))


def _stepped(form: CreateForm, delta: int) -> Iterator[str]:
    """The values the focused field of ``form`` shows, from the one shown now, as ``delta`` steps
    it (``form`` itself changes), until its last value or round again."""
    seen = [form_field(form, form.focused)[1]]
    yield seen[0]
    for _ in range(FORM_STEPS):
        form.change(delta)
        shown = form_field(form, form.focused)[1]
        if shown in seen:
            return
        seen.append(shown)
        yield shown


FORM_STEPS = 64
"""More than any field of the new-table form has values (seats: 2-10, a list of timeouts)."""


def bare(word: str) -> str:
    """``word`` without its accents ("fácil" → "facil"), as it may be typed."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if not unicodedata.combining(c))
