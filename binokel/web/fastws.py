"""uvicorn's sans-I/O WebSocket protocol with one addition: a table's message is written to the
socket at once, without the ASGI layers.

Every message a table sends went through five coroutines (Starlette's ``WebSocket.send``, its
two exception-handling wrappers, uvicorn's ``send`` and the wait for the socket to be
writable) before one ``transport.write``.  :class:`DirectSendProtocol` is uvicorn's own
``websockets-sansio`` protocol that also puts a plain function into the connection's ASGI
scope, ``scope["extensions"]["binokel.send_text"]``: called with a text (or its UTF-8), it
writes the text's frame at once and answers True, or answers False (nothing written)
whenever the ASGI path has to decide instead — the socket is not open yet or any more, or it
is paused for a slow reader.
:class:`~binokel.web.connection.SocketListener` uses it when it is there and the ASGI ``send``
otherwise (other servers, Starlette's test client).  Everything else (the handshake, reading,
pings, closing) is uvicorn's; ``binokel serve`` picks this protocol where uvicorn has the
sans-I/O one (docs/decisions/web-06-direct-send.md has the measurements).

>>> text_frame(b"hi")
b'\\x81\\x02hi'
>>> len(text_frame(b"x" * 300)), text_frame(b"x" * 300)[:4]
(304, b'\\x81~\\x01,')
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

__all__ = ["SEND_TEXT", "SendText", "direct_protocol", "text_frame"]

#: The ASGI scope extension's key.
SEND_TEXT = "binokel.send_text"

#: The extension: write this text (or its UTF-8) now (True) or leave it to the ASGI ``send``
#: (False).
SendText = Callable[[str | bytes], bool]


def text_frame(data: bytes) -> bytes:
    """A whole text frame of RFC 6455 from the server (FIN set, not masked, no extension)."""
    size = len(data)
    if size < 126:
        return struct.pack("!BB", 0x81, size) + data
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + data
    return struct.pack("!BBQ", 0x81, 127, size) + data


#: What :meth:`DirectSendProtocol.send_text_now` reads of uvicorn's protocol.
_READS = ("conn", "transport", "writable", "disconnected", "close_sent", "handshake_complete",
          "initial_response")


def direct_protocol() -> type | None:
    """The protocol class for uvicorn's ``ws=`` (None where this uvicorn lacks the sans-I/O
    protocol it is made from)."""
    try:
        from uvicorn.protocols.websockets.websockets_sansio_impl import (
            WebSocketsSansIOProtocol,
        )
        from websockets.protocol import State
    except ImportError:  # pragma: no cover - an older uvicorn or websockets
        return None

    class DirectSendProtocol(WebSocketsSansIOProtocol):
        """uvicorn's sans-I/O WebSocket protocol, plus ``binokel.send_text``."""

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            # (the ASGI task has not run yet; a uvicorn whose protocol lacks what
            # send_text_now reads gets no extension: its messages go the ASGI way)
            if (scope is not None and all(hasattr(self, name) for name in _READS)
                    and not self.close_sent):
                scope.setdefault("extensions", {})[SEND_TEXT] = self.send_text_now

        def send_text_now(self, text: str | bytes) -> bool:
            conn = self.conn
            if (self.disconnected or self.close_sent or not self.handshake_complete
                    or self.initial_response is not None or not self.writable.is_set()
                    or conn.state is not State.OPEN or conn.extensions
                    or self.transport.is_closing()):
                return False
            self.transport.write(text_frame(text if isinstance(text, bytes) else text.encode()))
            return True

    return DirectSendProtocol
