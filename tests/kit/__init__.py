"""The test kit, importable from every test folder (tests/conftest.py puts tests/ on the path):

- ``kit.client``: the test client (the real protocol ``Link`` over any stream, memory or socket);
- ``kit.wire``: the raw connection of attacks and fuzzing (any bytes, a plain decoder);
- ``kit.harness``: an in-process server with clients over memory streams;
- ``kit.server``: the server as a process (restartable, optionally in a network namespace);
- ``kit.closes``: the server log's connection lines as records (why a connection was closed);
- ``kit.deck``: stacked games for the engine, rigged deals for a server (``rigged_deal``).
- ``kit.markdown``: a section or a table row of a document that a test keeps true.
- ``kit.unograce``: a deal where a player goes down to one card without UNO (the UNO call's grace).

Each module is imported on its own (``from kit.harness import Harness``): the engine's tests
load no server.
"""
