"""Every test folder imports the shared test kit, ``tests/kit``: pytest puts this folder (the
first one up without an ``__init__.py``) on ``sys.path`` when it loads this file.

``make test`` runs the tests on two workers (pytest-xdist, ``-n 2 --dist loadgroup``); a plain
``pytest tests/x/test_y.py`` runs them one after another. Under xdist the tests that live in
real time (``REAL_TIME``: the end-to-end stories, whose servers, clients and tmux panes answer
within bounds, and the server's, whose bots think in threads) run a file at a time: each file is
one group (its tests one after another on one worker, sharing the file's fixtures), and two
files may run at once, one on each worker, or one beside the plain computations (the engine's,
the protocol's, the client's). The stories mostly wait: ``make test`` used 3 min 25 s of CPU in
8 min 52 s when they all ran on one worker, the other idle for the last five minutes. A test
that uses something the whole machine shares (network namespaces and the devices in them,
avahi, multicast DNS, a fixed port, tc on a link) is marked ``@pytest.mark.machine_wide`` (or a
module's ``pytestmark``): those all join one group (``SERIAL``), so that no two of them overlap.
Nothing else needs a mark: a test that starts its servers on port 0, its tmux on a private
socket (tmuxkit) and keeps its files under ``tmp_path`` shares the machine with any other.
"""

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

# Hypothesis draws the same examples in every run (a rare counterexample must not fail one run
# in many: the test's seed is its own), and a loaded machine's slow draws are no failure; a
# test's own settings (its examples, its deadline) apply over these.
settings.register_profile("uno", derandomize=True, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("uno")

XDG_DIRS = ("XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME")
MACHINE_WIDE = "machine_wide"  # the marker of a test that uses what the whole machine shares
SERIAL = "serial"  # the xdist group of the machine-wide tests: one after another on one worker
REAL_TIME = ("tests/e2e/", "tests/server/")  # the folders whose tests are grouped by file


@pytest.hookimpl(trylast=True)  # (after xdist's own hook, which would do this on older pytest)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On an xdist worker under ``--dist loadgroup``, the machine-wide tests join one group
    (``SERIAL``), and the other real-time tests one group per file.
    xdist's scheduler reads a group from the test's id (``ID@group``), which xdist 3.8 sets by a
    rename that pytest 9.2 ignores (pytest-xdist issue 1386): so the rename is made here."""
    if not getattr(config.option, "loadgroup", False):  # (set on workers only)
        return
    for item in items:
        if "@" in item.nodeid:
            continue
        if item.get_closest_marker(MACHINE_WIDE) is not None:
            group = SERIAL
        elif item.nodeid.startswith(REAL_TIME):
            group = item.nodeid.split("::")[0]
        else:
            continue
        renamed = f"{item.nodeid}@{group}"
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
