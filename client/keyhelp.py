"""The help screen (F1 by default): every rebindable action with the keys bound to it now, by
context, in the client's language; what was wrong with keys.toml, if anything."""

from __future__ import annotations

from .draw import Line, Painter, fit, width_of
from .i18n import language, t
from .keymap import ACTIONS, CONTEXTS, active, keys_file, shown


class KeyHelp(Painter):
    def keyhelp(self, width: int, height: int) -> list[Line]:
        keymap, lang = active(), language()
        lines: list[Line] = [[("bold", " " + fit(t("keyhelp_title", path=str(keys_file())), width - 1))]]
        for problem in keymap.problems:
            lines.append([("class:notice", " " + fit(problem, width - 1))])
        # two columns when the terminal is wide enough, else one
        wide = width >= 80
        column = width // 2 - 1 if wide else width - 1
        blocks: list[list[Line]] = []
        for context in CONTEXTS:
            block: list[Line] = [[("bold", fit(t("context_" + context), column - 1))]]
            for action in ACTIONS:
                if action.context == context:
                    keys = " ".join(shown(k, lang) for k in keymap.keys(action.name, lang))
                    block.append([("bold", f"  {keys:<12}"), ("", fit(t("act_" + action.name), column - 15))])
            blocks.append(block)
        lines.append([])
        if wide:
            left, right = blocks[0] + [[]] + blocks[1], blocks[2] + [[]] + blocks[3]
            for i in range(max(len(left), len(right))):
                a = left[i] if i < len(left) else []
                used = sum(width_of(fragment[1]) for fragment in a)
                b = right[i] if i < len(right) else []
                lines.append([("", " "), *a, ("", " " * max(1, column - used)), *b])
        else:
            for block in blocks:
                lines += [[("", " "), *line] for line in block]
        lines.append([])
        lines.append([("class:dim", " " + fit(t("keyhelp_fixed"), width - 1))])
        return lines[:max(1, height)]
