"""Reading the documents that tests keep true (docs/PROTOCOL.md, docs/RULES.md): a section under
its heading, and a row of a table by its first cell."""

from __future__ import annotations


def section(doc: str, heading: str) -> str:
    """The text under the heading line ``heading`` up to the next heading of any level."""
    lines = doc.splitlines()
    starts = [i for i, line in enumerate(lines) if line.strip() == heading]
    assert len(starts) == 1, f"expected one heading {heading!r}, found {len(starts)}"
    out = []
    for line in lines[starts[0] + 1:]:
        if line.startswith("#"):
            break
        out.append(line)
    return "\n".join(out)


def table_row(text: str, key: str) -> list[str]:
    """The cells of the table row whose first cell is ``key`` (in backticks)."""
    rows = [line for line in text.splitlines() if line.startswith(f"| `{key}` |")]
    assert len(rows) == 1, f"expected one row for {key!r}, found {len(rows)}"
    return [cell.strip() for cell in rows[0].strip().strip("|").split("|")]
