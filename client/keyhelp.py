"""The help screen (F1 by default): every rebindable action with the keys bound to it now, by
context, in the client's language; what was wrong with keys.toml, if anything; then, from a page of
its own, how to play at the table (client/howto.py) and where the whole rules are (docs/RULES.md)."""

from __future__ import annotations

from .docs import rules_line
from .draw import Line, Painter, fit, pad, width_of, wrap
from .howto import howto, howto_title, table_rules
from .i18n import language, t
from .keymap import ACTIONS, CONTEXTS, active, keys_file, shown
from .rulestext import rules_sentence

KEYS_COLUMN = 8  # the width of the keys' column (at 80 columns, every label fits beside it)
# Actions said on one row, the first's with the second's keys (the log's two: at 80×24 the help
# is one page, and a row more took it to two)
_SHARED_ROW = {"log_back": "log_forward"}
HOST_ONLY = ("remove_bot", "bot_level", "resume")  # (R tells a guest the table's rules)


class KeyHelp(Painter):
    def keyhelp(self, width: int, height: int) -> list[Line]:
        keymap, lang = active(), language()
        # a guest's help leaves out the host's keys (found play-testing: "b bot level" and "- free
        # a seat" listed to one who could not use them); out of a table, all are listed
        seating = self.model.seating
        hidden = HOST_ONLY if seating.room is not None and not seating.is_host else ()
        lines: list[Line] = [[("bold", " " + fit(t("keyhelp_title", path=str(keys_file())), width - 1))]]
        for problem in keymap.problems:
            lines.append([("class:notice", " " + fit(problem, width - 1))])
        # the contexts one after another, flowed into as many columns as the width takes (a
        # block may go on at the top of the next one): 80 columns fit it in 24 rows
        count = 3 if width >= 120 else 2 if width >= 80 else 1
        column = width // count - 1
        bound = {a.name: " ".join(shown(k, lang) for k in keymap.listed(a.name, lang)) for a in ACTIONS}
        # (keys longer than KEYS_COLUMN, such as "Enter Space", push their own label along)
        key_width = min(KEYS_COLUMN, max(len(keys) for keys in bound.values())) + 1
        entries: list[Line] = []
        for context in CONTEXTS:
            entries.append([("bold", fit(t("context_" + context), column - 1))])
            for action in ACTIONS:
                if action.context == context and action.name not in _SHARED_ROW.values() \
                        and action.name not in hidden:
                    name, key_text = action.name, bound[action.name]
                    if name in _SHARED_ROW:  # (one row for the two)
                        name, key_text = "log", f"{key_text} {bound[_SHARED_ROW[name]]}"
                    keys = pad(key_text, key_width) if len(key_text) < key_width \
                        else key_text + "  "  # ("Enter Space play the card" ran on)
                    # (a blank column before the next: a label that filled it pushed the next
                    # column's entry one along, found play-testing: "guardada   o")
                    label = fit(t("act_" + name), column - 3 - len(keys))
                    entries.append([("bold", "  " + keys), ("", label)])
        lines.append([])
        columns = _flow(entries, count)
        for i in range(max(len(c) for c in columns)):
            line: Line = [("", " ")]
            for c, cells in enumerate(columns):
                cell = cells[i] if i < len(cells) else []
                used = sum(width_of(fragment[1]) for fragment in cell)
                line += [*cell, ("", " " * max(1, column - used))] if c < count - 1 else cell
            lines.append(line)
        lines.append([])
        # (wrapped: at 60 columns the fixed keys' line lost "Ctrl-C quits at once")
        lines += [[("class:dim", " " + part)] for part in wrap(t("keyhelp_fixed"), width - 1)]
        if len(lines) > height - 1:  # (a short terminal: no blank lines; a row for the pages')
            lines = [line for line in lines if line]
        return self._page(lines, self._howto(width), width, height)

    def _howto(self, width: int) -> tuple[Line, list[list[Line]]]:
        """How to play at the table (out of one, by the official rules), after the keys (found
        play-testing: a newcomer could not learn the rules inside the game), and where the whole
        rules are: its title, and its paragraphs wrapped."""
        room = self.model.seating.room
        paragraphs = howto(table_rules(room))
        if room is not None:
            paragraphs.insert(0, rules_sentence(room))
        rules = rules_line()
        return ([("bold", " " + fit(howto_title(room), width - 1))],
                [[[("", " " + part)] for part in wrap(paragraph, width - 1)]
                 for paragraph in ([*paragraphs, rules] if rules else paragraphs)])

    def _page(self, keys: list[Line], rules: tuple[Line, list[list[Line]]], width: int,
              height: int) -> list[Line]:
        """The page asked for, under its title, with a line saying which it is: the keys' (found
        play-testing: at 60x20 the help ended at "j take a seat", and the keys of a hand were
        out of reach), then how to play, from a page of its own. The page count is kept for the
        keys that turn them, as the log keeps what it drew."""
        prompts = self.model.prompts
        rows = height - 2  # (the title, and the line about the pages)
        if rows < 1:
            prompts.help_pages = 1
            return keys[:max(1, height)]
        pages = [(keys[0], page) for page in _pages(keys[1:], rows)]
        howto_from = len(pages)
        pages += [(rules[0], page) for page in _paragraph_pages(rules[1], rows)]
        page = min(prompts.help_page, len(pages) - 1)
        prompts.help_pages = len(pages)
        lang = language()
        key = "keyhelp_page_last" if page == len(pages) - 1 else \
            "keyhelp_page_howto" if page == howto_from - 1 else "keyhelp_page"
        said = t(key, n=page + 1, pages=len(pages), on=shown("pagedown", lang), back=shown("pageup", lang))
        title, body = pages[page]
        return [title, *body, [("class:notice", " " + fit(said, width - 1))]]


def _pages(body: list[Line], rows: int) -> list[list[Line]]:
    """``body`` cut into pages of ``rows``: a page that starts inside a context gets its title
    again, marked as going on, and no title is left alone at the foot of a page (found
    play-testing: a page began with "j take a seat", its title on the page before). A title is a
    row of a context's name alone (one column: narrow terminals, those that need pages)."""
    def is_title(line: Line) -> bool:
        return len(line) == 2 and line[1][0] == "bold"

    pages: list[list[Line]] = []
    context: Line | None = None
    i = 0
    while i < len(body):
        page: list[Line] = []
        if context is not None and i and rows > 1 and not is_title(body[i]):
            page.append([context[0], *_continued(context[1:])])
        while i < len(body) and len(page) < rows:
            if is_title(body[i]) and len(page) == rows - 1 and page:
                break  # (a title at the foot: it starts the next page)
            if is_title(body[i]):
                context = body[i]
            page.append(body[i])
            i += 1
        pages.append(page)
    return pages


def _paragraph_pages(paragraphs: list[list[Line]], rows: int) -> list[list[Line]]:
    """``paragraphs`` on pages of ``rows``, a blank line between two, a paragraph whole on one
    page where it fits, no page starting with a blank line."""
    pages: list[list[Line]] = [[]]
    for paragraph in paragraphs:
        gap: list[Line] = [[]] if pages[-1] else []
        if pages[-1] and len(pages[-1]) + len(gap) + len(paragraph) > rows:
            pages.append([])
            gap = []
        for line in [*gap, *paragraph]:
            if len(pages[-1]) == rows:  # (a paragraph taller than a page: it goes on)
                pages.append([])
            pages[-1].append(line)
    return pages


def _continued(title: Line) -> Line:
    """A context's title again at the top of the next column, marked as going on (the same
    heading twice, side by side, read as two contexts: found play-testing)."""
    style, text = title[0][0], title[0][1]
    return [(style, text.rstrip() + " " + t("keyhelp_continued"))]


def _flow(entries: list[Line], count: int) -> list[list[Line]]:
    """``entries`` in ``count`` columns as even as can be, no context's title alone at the foot
    of a column (a title is the entry whose one fragment is bold), and a context that goes on
    in the next column under its title again."""
    rows = -(-len(entries) // count)
    while True:
        columns: list[list[Line]] = [[]]
        title: Line = []
        for entry in entries:
            if len(entry) == 1:
                title = entry
            if len(columns[-1]) == rows:
                columns.append([] if entry is title else [_continued(title)])
            columns[-1].append(entry)
            if len(columns[-1]) == rows and len(entry) == 1 and len(columns) < count:
                columns[-1].pop()  # a title at the foot: it starts the next column
                columns.append([entry])
        if len(columns) <= count:
            return columns
        rows += 1
