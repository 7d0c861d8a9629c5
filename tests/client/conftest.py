"""Every client test starts in English with the default keys, and the command line's words in
English: a test that changes any and fails (or forgets to change them back) must not change what
the next one reads. Under xdist the order of the tests changes with their number: found when a
new test left another in Spanish (twice: the game's words, then the command line's)."""

from collections.abc import Iterator

import pytest

from client import clihelp, keymap
from client.i18n import set_language


@pytest.fixture(autouse=True)
def _english_and_default_keys() -> Iterator[None]:
    set_language("en")
    keymap.use(keymap.KeyMap())
    clihelp.reset()
    yield
    clihelp.reset()  # (and for a test of another package that runs next in this process)
