"""Every test folder imports the shared test kit, ``tests/kit``: pytest puts this folder (the
first one up without an ``__init__.py``) on ``sys.path`` when it loads this file.

``make test TEST_WORKERS=3`` runs the tests in parallel (pytest-xdist, ``-n 3 --dist
loadgroup``); ``make test`` and a plain ``pytest tests/x/test_y.py`` run them one after
another. A test that uses something the whole machine shares (network namespaces and the
devices in them, avahi, multicast DNS, a fixed port, tc on a link) is marked
``@pytest.mark.machine_wide`` (or a module's ``pytestmark``): under xdist all such tests run
on one worker, one after another, never beside each other. Nothing else
needs a mark: a test that starts its servers on port 0, its tmux on a private socket (tmuxkit)
and keeps its files under ``tmp_path`` shares the machine with any other.
"""

import os
from collections.abc import Iterator

import pytest

XDG_DIRS = ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")
MACHINE_WIDE = "machine_wide"  # the marker, and the xdist group of the tests that carry it


@pytest.hookimpl(trylast=True)  # (after xdist's own hook, which would do this on older pytest)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker under ``--dist loadgroup``, the machine-wide tests join one group.
    xdist's scheduler reads a group from the test's id (``ID@group``), which xdist 3.8 sets by a
    rename that pytest 9.2 ignores (pytest-xdist issue 1386): so the rename is made here."""
    if not getattr(config.option, "loadgroup", False):  # (set on workers only)
        return
    for item in items:
        if item.get_closest_marker(MACHINE_WIDE) is not None and "@" not in item.nodeid:
            renamed = f"{item.nodeid}@{MACHINE_WIDE}"
            if hasattr(item, "_id"):  # pytest 9.2: a structured id
                from _pytest.nodeid import NodeId

                item._id = NodeId.parse(renamed)
            else:
                item._nodeid = renamed


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
