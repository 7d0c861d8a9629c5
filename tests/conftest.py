"""Every test folder imports the shared test kit, ``tests/kit``: pytest puts this folder (the
first one up without an ``__init__.py``) on ``sys.path`` when it loads this file."""

import os
from collections.abc import Iterator

import pytest

XDG_DIRS = ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")


@pytest.fixture(autouse=True, scope="session")
def _no_real_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every test, and every process a test starts (servers, ``uno host`` in tmux), keeps its
    state, data and settings under a temporary folder, never in the real home directory, so no
    run finds a table or token another left. A test that sets its own XDG_* folders still wins."""
    base = tmp_path_factory.mktemp("xdg")
    saved = {name: os.environ.get(name) for name in XDG_DIRS}
    for name in XDG_DIRS:
        os.environ[name] = str(base / name.lower())
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
