"""The server's socket paths, over real sockets: the reactor that reads every connection, and
writes that go straight to the socket, with the writer task taking only what the kernel refused.
(The other server tests use memory streams, which take the general paths.)"""

from __future__ import annotations

import socket
from typing import Any

import msgpack
import pytest
import trio

from client.link import Link, open_link
from protocol import PROTOCOL_VERSION, Hello, ListRooms, Ping, Rooms, Welcome
from server import ServerConfig, UnoServer
from server.peer import Peer
from server.reactor import Reactor

needs_epoll = pytest.mark.skipif(not Reactor.available(), reason="the reactor needs epoll")


@needs_epoll
async def test_the_reactor_calls_the_reader_of_each_ready_socket() -> None:
    reactor = Reactor()
    pairs = [socket.socketpair() for _ in range(3)]
    calls: list[int] = []

    def reader(i: int) -> Any:
        def read() -> None:
            calls.append(i)
            pairs[i][1].recv(100)
        return read

    with trio.fail_after(5):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(reactor.run)
            for i, (_, theirs) in enumerate(pairs):
                reactor.add(theirs.fileno(), reader(i))
            pairs[0][0].send(b"a")
            pairs[2][0].send(b"c")
            while sorted(calls) != [0, 2]:
                await trio.sleep(0.01)
            reactor.remove(pairs[2][1].fileno())
            reactor.remove(pairs[2][1].fileno())  # twice is harmless
            pairs[2][0].send(b"again")
            pairs[1][0].send(b"b")
            while 1 not in calls:
                await trio.sleep(0.01)
            await trio.sleep(0.05)
            assert sorted(calls) == [0, 1, 2]  # nothing more from the removed one
            nursery.cancel_scope.cancel()
    for ours, theirs in pairs:
        ours.close()
        theirs.close()


async def serve_on_loopback(nursery: trio.Nursery, config: ServerConfig) -> tuple[UnoServer, int]:
    listeners = await trio.open_tcp_listeners(0, host="127.0.0.1")
    server = await nursery.start(UnoServer(config).serve, listeners)
    return server, listeners[0].socket.getsockname()[1]


@needs_epoll
async def test_a_failing_request_costs_one_connection_and_the_others_go_on(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    original = UnoServer.hello

    def hello(self: UnoServer, peer: Peer, message: Any) -> None:
        if message.name == "boom":
            raise RuntimeError("a bug")
        original(self, peer, message)

    monkeypatch.setattr(UnoServer, "hello", hello)
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            server, port = await serve_on_loopback(nursery, ServerConfig(seed=1))
            assert server.reactor is not None
            ann = await open_link("127.0.0.1", port)
            await ann.hello("ann")
            boom = await open_link("127.0.0.1", port)
            await boom.send(Hello(version=PROTOCOL_VERSION, name="boom"))
            while "a bug" not in caplog.text:  # (accepted, and failed: before it, "one peer" held
                await trio.sleep(0.01)  # before the server had accepted it)
            while len(server.peers) > 1:  # the failing one is let go
                await trio.sleep(0.01)
            await ann.send(ListRooms())
            while not isinstance(await ann.receive(), Rooms):
                pass
            assert len(server.peers) == 1
            await ann.aclose()
            await boom.aclose()
            nursery.cancel_scope.cancel()
    assert "connection from" in caplog.text and "a bug" in caplog.text


def peer_on_a_narrow_socket(outgoing_queue: int) -> tuple[Peer, socket.socket, socket.socket]:
    """A server's peer on one end of a socket pair whose buffers hold little, and both ends."""
    ours, theirs = socket.socketpair()
    for sock, option in ((ours, socket.SO_SNDBUF), (theirs, socket.SO_RCVBUF)):
        sock.setsockopt(socket.SOL_SOCKET, option, 4096)
    server = UnoServer(ServerConfig(outgoing_queue=outgoing_queue))
    peer = Peer(server, trio.SocketStream(trio.socket.from_stdlib_socket(ours)), "pair")
    return peer, ours, theirs


async def test_a_client_that_stops_reading_is_dropped_once_its_queue_is_full() -> None:
    peer, ours, theirs = peer_on_a_narrow_socket(outgoing_queue=8)
    sent = 0
    while not peer.closed:
        sent += 1
        peer.send(Ping(nonce=sent))
        assert sent < 100_000
    assert peer.close_reason == "slow"
    assert sent > 8 + 1  # the kernel took some at once; then 8 waited; one more was too many
    theirs.close()
    ours.close()


async def test_what_the_kernel_refuses_follows_in_order_when_the_client_reads_again() -> None:
    peer, ours, theirs = peer_on_a_narrow_socket(outgoing_queue=10_000)
    count = 3000  # far more than the socket buffers hold: most wait for the writer task
    for nonce in range(1, count + 1):
        peer.send(Ping(nonce=nonce))
    assert peer.transport.queued and not peer.closed
    theirs.setblocking(False)
    unpacker = msgpack.Unpacker(raw=False)
    nonces: list[int] = []
    extra_sent = False
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(peer._write_loop)
            while len(nonces) < count:
                await trio.lowlevel.wait_readable(theirs)
                unpacker.feed(theirs.recv(65536))
                nonces += [message["nonce"] for message in unpacker]
                if len(nonces) > 1000 and not extra_sent:
                    count += 1
                    peer.send(Ping(nonce=count))  # (queued behind the rest: never first)
                    extra_sent = True
            nursery.cancel_scope.cancel()
    assert nonces == list(range(1, count + 1))
    theirs.close()
    ours.close()


async def test_a_welcome_arrives_over_a_real_socket() -> None:
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            _, port = await serve_on_loopback(nursery, ServerConfig(seed=1))
            link = await open_link("127.0.0.1", port)
            assert isinstance(await link.hello("zoë"), Welcome)
            await link.aclose()
            nursery.cancel_scope.cancel()


async def test_without_the_reactor_a_socket_is_read_by_its_own_task() -> None:
    # (as on systems without epoll, or when handle_stream serves a socket outside serve())
    ours, theirs = socket.socketpair()
    server = UnoServer(ServerConfig(seed=1))
    assert server.reactor is None
    with trio.fail_after(10):
        async with trio.open_nursery() as nursery:
            nursery.start_soon(server.handle_stream,
                               trio.SocketStream(trio.socket.from_stdlib_socket(ours)), "pair")
            link = Link(trio.SocketStream(trio.socket.from_stdlib_socket(theirs)))
            assert isinstance(await link.hello("zoë"), Welcome)
            await link.send(ListRooms())
            while not isinstance(await link.receive(), Rooms):
                pass
            await link.aclose()
            while server.peers:  # the end of the stream ends the connection
                await trio.sleep(0.01)
            nursery.cancel_scope.cancel()
