"""Every client test starts in English with the default keys: a test that changes either and
fails (or forgets to change them back) must not change what the next one reads. Under xdist the
order of the tests changes with their number: found when a new test left another in Spanish."""

from collections.abc import Iterator

import pytest

from client import keymap
from client.i18n import set_language


@pytest.fixture(autouse=True)
def _english_and_default_keys() -> Iterator[None]:
    set_language("en")
    keymap.use(keymap.KeyMap())
    yield
