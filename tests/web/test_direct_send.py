"""The direct write of a table's messages (binokel.web.fastws): the same frames the ASGI path
writes, only while the socket is open and keeping up, and in order with messages still queued.
"""

from __future__ import annotations

import asyncio
import base64
from typing import Any

import pytest

from binokel.web.connection import SocketListener
from binokel.web.fastws import SEND_TEXT, direct_protocol, text_frame

uvicorn = pytest.importorskip("uvicorn")
frames = pytest.importorskip("websockets.frames")


@pytest.mark.parametrize("size", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_is_what_websockets_writes(size: int) -> None:
    data = ("♠x" * size).encode()[:size]
    expected = frames.Frame(frames.Opcode.TEXT, data).serialize(mask=False, extensions=[])
    assert text_frame(data) == expected


class Transport:
    """What uvicorn's protocol writes, kept."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 5000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default)

    def pause_reading(self) -> None: ...

    def resume_reading(self) -> None: ...

    def set_write_buffer_limits(self, *args: Any, **kwargs: Any) -> None: ...


HANDSHAKE = (b"GET /ws/t HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nUpgrade: websocket\r\n"
             b"Connection: Upgrade\r\nSec-WebSocket-Key: "
             + base64.b64encode(b"0123456789abcdef")
             + b"\r\nSec-WebSocket-Version: 13\r\n\r\n")


def test_the_server_protocol_writes_a_message_at_once_only_while_the_socket_keeps_up() -> None:
    protocol_class = direct_protocol()
    if protocol_class is None:
        pytest.skip("this uvicorn has no sans-I/O WebSocket protocol")
    seen: dict[str, Any] = {}
    release = asyncio.Event()

    async def app(scope: Any, receive: Any, send: Any) -> None:
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        seen["send_text"] = scope["extensions"][SEND_TEXT]
        await release.wait()

    async def scenario() -> None:
        from uvicorn.server import ServerState
        config = uvicorn.Config(app, ws=protocol_class, lifespan="off")
        config.load()
        protocol = protocol_class(config, ServerState(), {})
        transport = Transport()
        protocol.connection_made(transport)
        protocol.data_received(HANDSHAKE)
        for _ in range(10):
            await asyncio.sleep(0)
        send_text = seen["send_text"]
        assert transport.written and transport.written[-1].startswith(b"HTTP/1.1 101")
        transport.written.clear()
        assert send_text("état ♠") is True
        assert transport.written == [text_frame("état ♠".encode())]
        protocol.pause_writing()  # a slow reader: the ASGI send waits, so must the caller
        assert send_text("later") is False
        protocol.resume_writing()
        assert send_text("later") is True
        protocol.connection_lost(None)
        assert send_text("gone") is False
        assert transport.written == [text_frame("état ♠".encode()), text_frame(b"later")]
        release.set()
        await asyncio.sleep(0)

    asyncio.run(scenario())


class Socket:
    """A WebSocket whose direct write answers as told, and whose ASGI send may have to wait."""

    def __init__(self, direct: bool | None, *, asgi_waits: bool = False) -> None:
        self.direct_answer = direct
        self.direct_writes: list[str | bytes] = []
        self.asgi_writes: list[str] = []
        self.asgi_waits = asgi_waits
        self.gate = asyncio.Event()
        extensions = {} if direct is None else {SEND_TEXT: self.write_direct}
        self.scope: dict[str, Any] = {"type": "websocket", "extensions": extensions}

    def write_direct(self, text: str | bytes) -> bool:
        if self.direct_answer:
            self.direct_writes.append(text)
        return bool(self.direct_answer)

    async def send(self, message: dict[str, Any]) -> None:
        if self.asgi_waits:
            await self.gate.wait()
        self.asgi_writes.append(message["text"])


def test_a_listener_writes_directly_where_offered_and_through_asgi_otherwise() -> None:
    async def scenario() -> None:
        direct = Socket(True)
        SocketListener(direct).send("a")  # type: ignore[arg-type]
        assert (direct.direct_writes, direct.asgi_writes) == (["a"], [])
        refused = Socket(False)
        SocketListener(refused).send("b")  # type: ignore[arg-type]
        assert (refused.direct_writes, refused.asgi_writes) == ([], ["b"])
        plain = Socket(None)
        SocketListener(plain).send("c")  # type: ignore[arg-type]
        assert plain.asgi_writes == ["c"]

    asyncio.run(scenario())


def test_messages_stay_in_order_when_the_socket_had_to_wait() -> None:
    async def scenario() -> None:
        socket = Socket(False, asgi_waits=True)
        listener = SocketListener(socket)  # type: ignore[arg-type]
        listener.send("1")  # the socket is slow: this one waits
        socket.direct_answer = True  # it keeps up again, but "1" is still on its way
        listener.send("2")
        listener.send("3")
        assert socket.direct_writes == []  # nothing overtakes the waiting message
        socket.gate.set()
        assert listener.writer is not None
        await listener.writer
        assert socket.asgi_writes == ["1", "2", "3"]
        listener.send("4")
        assert socket.direct_writes == ["4"]

    asyncio.run(scenario())


def test_a_message_already_in_utf8_is_written_as_it_is_or_decoded_for_asgi() -> None:
    async def scenario() -> None:
        direct = Socket(True)
        SocketListener(direct).send_utf8("♠ état".encode())  # type: ignore[arg-type]
        assert direct.direct_writes == ["♠ état".encode()]
        refused = Socket(False)
        SocketListener(refused).send_utf8("♠ état".encode())  # type: ignore[arg-type]
        assert refused.asgi_writes == ["♠ état"]
        plain = Socket(None)
        SocketListener(plain).send_utf8(b"{}")  # type: ignore[arg-type]
        assert plain.asgi_writes == ["{}"]

    asyncio.run(scenario())
