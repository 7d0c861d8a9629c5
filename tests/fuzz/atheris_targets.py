"""Coverage-guided fuzzing with atheris (libFuzzer for Python), run by ``make fuzz``:

    python tests/fuzz/atheris_targets.py protocol -max_total_time=60
    python tests/fuzz/atheris_targets.py server -max_total_time=60

``protocol``: the input, cut into reads, goes through the server's ``Connection``.
``server``: the input drives a fuzzed client of an in-process server (fuzzkit.serve_script):
its first bytes choose steps (messages of every type with fields from a pool, legal moves,
pauses), the rest is sent raw. A finding is any exception but ``ProtocolError`` from the decoder,
or any broken promise of the server (see fuzzkit.py); atheris then writes the input that found
it to a ``crash-*`` file.

Needs the ``fuzz`` extra (``pip install -e '.[fuzz]'``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test kit
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

with atheris.instrument_imports():
    import fuzzkit

MESSAGE_NAMES = sorted(fuzzkit.CLIENT_MESSAGES)


def protocol_target(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    cuts = [fdp.ConsumeIntInRange(0, 255) for _ in range(fdp.ConsumeIntInRange(0, 8))]
    body = fdp.ConsumeBytes(fdp.remaining_bytes())
    chunks, at = [], 0
    for size in cuts:
        chunks.append(body[at:at + size])
        at += size
    chunks.append(body[at:])
    fuzzkit.decode_stream(chunks)


def server_target(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    script: list[tuple[Any, ...]] = []
    for _ in range(fdp.ConsumeIntInRange(0, 24)):
        kind = fdp.ConsumeIntInRange(0, 9)
        if kind <= 4:
            name = MESSAGE_NAMES[fdp.ConsumeIntInRange(0, len(MESSAGE_NAMES) - 1)]
            picks = [fdp.ConsumeIntInRange(0, 12) for _ in range(fdp.ConsumeIntInRange(0, 10))]
            script.append(("message", name, picks, fdp.ConsumeBool()))
        elif kind <= 7:
            script.append(("legal", fdp.ConsumeIntInRange(0, 30), None))
        elif kind == 8:
            script.append(("pause", (0.05, 1.0, 6.0, 20.0)[fdp.ConsumeIntInRange(0, 3)]))
        else:
            script.append(("stall", 5.0))
    raw = fdp.ConsumeBytes(fdp.remaining_bytes())
    if raw:
        script.append(("raw", raw))
    fuzzkit.serve_script(script, hello_first=True)


def main() -> None:
    targets = {"protocol": protocol_target, "server": server_target}
    if len(sys.argv) < 2 or sys.argv[1] not in targets:
        sys.exit(f"usage: {sys.argv[0]} protocol|server [libFuzzer options]")
    target = targets[sys.argv.pop(1)]
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
