"""The raw test connection: any bytes out, whatever comes back decoded with a plain msgpack
decoder (no session checks). The attacker's end, where ``Client`` would refuse to send or
would reject what the server answers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgpack
import trio

from protocol import PROTOCOL_VERSION, Bye, Error, Hello, Ping, Pong, Welcome

LOOPBACK = "127.0.0.1"
BUFFER = 1 << 20  # bytes the decoder may hold: many server messages (each at most 64 KiB)


class Wire:
    """A raw connection over any trio stream; answers nothing unless asked (``auto_pong``)."""

    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        sock = getattr(stream, "socket", None)
        self.port: int = sock.getsockname()[1] if sock is not None else 0
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=BUFFER)
        self.log: list[dict[str, Any]] = []
        self.eof = False
        self.reset = False
        self.auto_pong = False
        self.reading = trio.Event()  # cleared: the reader stalls (the server's queue may fill)
        self.reading.set()

    @classmethod
    async def open(cls, port: int, host: str = LOOPBACK, rcvbuf: int | None = None,
                   source: str | None = None) -> Wire:
        """``source``: connect from this address (another 127.x.y.z: a client elsewhere)."""
        sock = trio.socket.socket(trio.socket.AF_INET, trio.socket.SOCK_STREAM)
        if rcvbuf is not None:  # before connecting, so the window stays small
            sock.setsockopt(trio.socket.SOL_SOCKET, trio.socket.SO_RCVBUF, rcvbuf)
        try:
            if source is not None:
                await sock.bind((source, 0))
            await sock.connect((host, port))
        except BaseException:
            sock.close()
            raise
        return cls(trio.SocketStream(sock))

    async def send(self, value: Any) -> None:
        await self.send_raw(msgpack.packb(value))

    async def send_raw(self, data: bytes) -> None:
        await self.stream.send_all(data)

    async def recv(self) -> dict[str, Any] | None:
        """The next message, or None once the server has hung up."""
        while True:
            for obj in self.unpacker:
                assert isinstance(obj, dict), obj
                self.log.append(obj)
                if self.auto_pong and obj.get("type") == Ping.TYPE:
                    await self.send({"type": Pong.TYPE, "nonce": obj["nonce"]})
                return obj
            if self.eof:
                return None
            await self.reading.wait()
            try:
                data = await self.stream.receive_some(65536)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                data, self.reset = b"", True
            if not data:
                self.eof = True
                continue
            self.unpacker.feed(data)

    async def expect(self, kind: str, where: Callable[[dict[str, Any]], bool] | None = None
                     ) -> dict[str, Any]:
        """Read until a message of type ``kind`` (for which ``where`` holds); fail at EOF."""
        while True:
            message = await self.recv()
            assert message is not None, f"the server hung up waiting for {kind}; got {self.log}"
            if message.get("type") == kind and (where is None or where(message)):
                return message

    async def expect_one_of(self, *kinds: str) -> dict[str, Any]:
        """Read until a message of one of ``kinds``; fail at EOF."""
        while True:
            message = await self.recv()
            assert message is not None, f"the server hung up waiting for {kinds}; got {self.log}"
            if message.get("type") in kinds:
                return message

    async def error(self, code: str, fatal: bool = False) -> dict[str, Any]:
        error = await self.expect(Error.TYPE)
        assert (error["code"], error["fatal"]) == (code, fatal), error
        return error

    async def until_closed(self) -> list[dict[str, Any]]:
        """Read until the server hangs up; every message read so far."""
        while await self.recv() is not None:
            pass
        return self.log

    async def hello(self, name: str = "mallory", token: str | None = None) -> dict[str, Any]:
        await self.send({"type": Hello.TYPE, "version": PROTOCOL_VERSION, "name": name, "lang": "en",
                         "token": token})
        return await self.expect(Welcome.TYPE)

    async def usable(self, nonce: int = 424242) -> None:
        """The connection still works: a ping gets its pong."""
        await self.send({"type": Ping.TYPE, "nonce": nonce})
        await self.expect(Pong.TYPE, lambda m: m["nonce"] == nonce)

    def bye(self) -> dict[str, Any] | None:
        byes = [m for m in self.log if m.get("type") == Bye.TYPE]
        return byes[-1] if byes else None

    async def aclose(self) -> None:
        with trio.move_on_after(1) as scope:
            scope.shield = True
            await self.stream.aclose()
