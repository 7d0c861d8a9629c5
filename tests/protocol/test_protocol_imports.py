"""``engine`` and ``protocol`` stay free of the event loop and the user interface."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
import engine, protocol, protocol.codec, protocol.connection
heavy = ("trio", "prompt_toolkit", "asyncio", "zeroconf", "server", "client")
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in heavy)))
"""


def test_engine_and_protocol_load_neither_trio_nor_prompt_toolkit() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    loaded = json.loads(out.stdout)
    assert loaded == [], loaded


def test_the_probe_would_notice() -> None:
    # The same probe sees trio when something does import it (so the test above can fail).
    probe = PROBE.replace("import engine,", "import trio, engine,")
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60)
    assert "trio" in json.loads(out.stdout)
