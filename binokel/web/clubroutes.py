"""The club tournaments' pages and API routes (``/club``), added to the app by
:func:`club_routes`.

Pages: ``/club`` (a new tournament), ``/club/ID`` (the organiser's page; the secret in the
link's fragment), ``/club/ID/board`` (the projector: large type, no controls, refreshed by a
cheap poll answered 304 while nothing changed), ``/club/ID/standings`` (phones),
``/club/ID/results`` (the final ranking for the browser's print, A4) and ``/club/ID/cards`` (one
card per table).

API: every write is a POST whose JSON body holds the organiser's secret; a malformed request
gets 400 naming the field, a wrong tournament or secret 404, a change the tournament refuses 422
naming what forbids it (nothing changed).  The standings and their CSV are public (GET).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from .clubs import ClubManager, ClubRefused
from .protocol import ProtocolError
from .wording import refusal

STATIC = Path(__file__).parent / "static"
OP_FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "add": {"name": str}, "rename": {"player": str, "name": str}, "withdraw": {"player": str},
    "paid": {"player": str, "paid": bool}, "draw": {}, "close": {"round": int},
    "sheet": {"round": int, "table": int, "totals": list},
    "correct": {"round": int, "player": str, "delta": int, "who": str, "why": str}}
NEW_FIELDS: dict[str, type | tuple[type, ...]] = {
    "name": str, "rules": str, "rounds": int, "hands": int, "seed": str, "by_standing": bool}
NEW_REQUIRED = ("name", "rules", "rounds", "hands")


def _fields(body: Any, fields: dict[str, Any], required: tuple[str, ...] | None, where: str
            ) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise ProtocolError(f"{where}: send an object")
    extra = sorted(set(body) - set(fields))
    if extra:
        raise ProtocolError(f"{where}: unknown field {extra[0]!r}")
    for name in (required if required is not None else tuple(fields)):
        if name not in body:
            raise ProtocolError(f"{where}: {name} is missing")
    for name, value in body.items():
        kind = fields[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ProtocolError(f"{where}: {name} must be {_kind_name(kind)}")
        if isinstance(value, str) and len(value) > 200:
            raise ProtocolError(f"{where}: {name} is too long (at most 200 characters)")
    return body


def _kind_name(kind: Any) -> str:
    return {str: "a text", int: "a whole number", bool: "true or false",
            list: "a list"}.get(kind, "another kind")


def parse_new(body: Any) -> dict[str, Any]:
    return _fields(body, NEW_FIELDS, NEW_REQUIRED, "tournament")


def parse_token(body: Any) -> str:
    if not isinstance(body, dict) or not isinstance(body.get("token"), str) \
            or not 10 <= len(body["token"]) <= 64:
        raise ProtocolError("token: the organiser's secret is missing")
    return str(body["token"])


def parse_op(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict) or set(body) != {"token", "op"}:
        raise ProtocolError("send {token, op}")
    op = body["op"]
    if not isinstance(op, dict) or op.get("kind") not in OP_FIELDS:
        raise ProtocolError(f"op: kind must be one of {', '.join(OP_FIELDS)}")
    rest = _fields({k: v for k, v in op.items() if k != "kind"}, OP_FIELDS[op["kind"]], None,
                   f"op {op['kind']}")
    return {"kind": op["kind"], **rest}


def _refused(exc: Exception) -> JSONResponse:
    if isinstance(exc, ClubRefused):
        return JSONResponse(refusal(str(exc)), status_code=exc.status)
    status = 415 if type(exc).__name__ == "MediaTypeError" else 400
    return JSONResponse(refusal(str(exc)), status_code=status)


def club_routes(clubs: ClubManager, read_json: Callable[[Request], Awaitable[Any]],
                link_base: Callable[[Request], str], qr: Callable[[str], bytes]
                ) -> list[BaseRoute]:
    """The pages and the API; ``link_base`` is the address players' phones reach the server
    by, ``qr`` draws a link's QR code (the invites' own)."""

    def page(name: str) -> Callable[[Request], Awaitable[Response]]:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name, media_type="text/html; charset=utf-8")
        return serve

    async def create(request: Request) -> Response:
        try:
            asked = parse_new(await read_json(request))
            club_id, token = await run_in_threadpool(clubs.create, asked)
            view = await run_in_threadpool(clubs.organiser, club_id, token)
        except (ProtocolError, ClubRefused) as exc:
            return _refused(exc)
        return JSONResponse({"id": club_id, "token": token, "url": f"/club/{club_id}#{token}",
                             "club": view}, status_code=201)

    async def show(request: Request) -> Response:
        try:
            token = parse_token(await read_json(request))
            return JSONResponse(await run_in_threadpool(
                clubs.organiser, request.path_params["club_id"], token))
        except (ProtocolError, ClubRefused) as exc:
            return _refused(exc)

    async def change(request: Request) -> Response:
        try:
            body = await read_json(request)
            op = parse_op(body)
            return JSONResponse(await run_in_threadpool(
                clubs.change, request.path_params["club_id"], body["token"], op))
        except (ProtocolError, ClubRefused) as exc:
            return _refused(exc)

    async def standings(request: Request) -> Response:
        club_id = request.path_params["club_id"]
        try:
            tag = await run_in_threadpool(clubs.etag, club_id)
            if request.headers.get("if-none-match") == tag:
                return Response(status_code=304, headers={"etag": tag})
            view = await run_in_threadpool(clubs.public, club_id)
        except ClubRefused as exc:
            return _refused(exc)
        return JSONResponse(view, headers={"etag": tag})

    async def csv(request: Request) -> Response:
        club_id = request.path_params["club_id"]
        try:
            text = await run_in_threadpool(clubs.csv, club_id)
        except ClubRefused as exc:
            return _refused(exc)
        return PlainTextResponse(text, media_type="text/csv; charset=utf-8", headers={
            "content-disposition": f'attachment; filename="standings-{club_id}.csv"'})

    async def cards(request: Request) -> Response:
        """The round's table cards, each with its pad's link as a QR code (organiser only)."""
        try:
            token = parse_token(await read_json(request))
            view = await run_in_threadpool(clubs.organiser, request.path_params["club_id"],
                                           token)
        except (ProtocolError, ClubRefused) as exc:
            return _refused(exc)
        base = link_base(request)
        out = []
        for table in view["tables"]:
            link = base + table["link"]
            svg = await asyncio.to_thread(qr, link)
            out.append({**table, "link": link, "qr": svg.decode()})
        return JSONResponse({"name": view["name"], "round": view["drawn"], "cards": out})

    return [
        Route("/club", page("club.html")),
        Route("/club/{club_id}", page("club.html")),
        Route("/club/{club_id}/cards", page("club.html")),
        Route("/club/{club_id}/board", page("clubboard.html")),
        Route("/club/{club_id}/standings", page("clubboard.html")),
        Route("/club/{club_id}/results", page("clubboard.html")),
        Route("/api/clubs", create, methods=["POST"]),
        Route("/api/clubs/{club_id}", show, methods=["POST"]),
        Route("/api/clubs/{club_id}/ops", change, methods=["POST"]),
        Route("/api/clubs/{club_id}/cards", cards, methods=["POST"]),
        Route("/api/clubs/{club_id}/standings", standings, methods=["GET"]),
        Route("/api/clubs/{club_id}/standings.csv", csv, methods=["GET"]),
    ]
