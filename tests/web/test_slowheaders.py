"""A connection refused by the slow-header guard (too many from one network, or too fast) is
closed before uvicorn sets it up: a flood of them costs the event loop little (issue 46,
decision web-20)."""

from __future__ import annotations

import asyncio
from typing import Any

from binokel.web.slowheaders import guarded


class Base:
    """Stands in for uvicorn's HTTP protocol: counts the connections it set up."""

    set_up = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        Base.set_up += 1
        self.options = kwargs

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def connection_lost(self, exc: Exception | None) -> None:
        del self.transport

    def data_received(self, data: bytes) -> None:
        raise AssertionError("read from a refused connection")


class Transport:
    def __init__(self, host: str) -> None:
        self.host = host
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return (self.host, 40000) if name == "peername" else default

    def close(self) -> None:
        self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def get_protocol(self) -> Any:
        return None


def test_a_flood_of_refused_connections_is_never_set_up() -> None:
    async def flood() -> tuple[list[Transport], list[Any]]:
        protocol = guarded(Base, per_second=1, burst=3, per_client=64)
        transports = [Transport("127.66.0.1") for _ in range(50)]
        made = []
        for transport in transports:
            p = protocol(config="the server's", server_state=None)
            p.connection_made(transport)
            made.append(p)
        for p, transport in zip(made, transports, strict=True):
            if transport.closed:  # (the base would fail: a refused one never reaches it)
                p.connection_lost(None)
        return transports, made

    Base.set_up = 0
    transports, made = asyncio.run(flood())
    assert sum(t.closed for t in transports) == 47
    assert Base.set_up == 3, f"{Base.set_up} connections set up, 3 let in"
    assert all(p.options == {"config": "the server's", "server_state": None}
               for p in made if not p._refused)


def test_a_network_holding_its_share_of_waiting_connections_is_refused() -> None:
    async def hold() -> list[Transport]:
        protocol = guarded(Base, per_second=0, per_client=4)
        transports = [Transport("2001:db8::1"), *(Transport(f"2001:db8::{i}") for i in
                                                  range(2, 8)), Transport("127.0.0.1")]
        for transport in transports:
            protocol().connection_made(transport)
        return transports

    Base.set_up = 0
    transports = asyncio.run(hold())
    # One /64: four wait for their headers, the next three are refused; another network is not.
    assert [t.closed for t in transports] == [False] * 4 + [True] * 3 + [False]
    assert Base.set_up == 5
