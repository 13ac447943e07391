"""The score pad's page and API routes (``/pad``), added to the app by :func:`pad_routes`.

Every API request is a POST with a JSON body that holds the pad's secret (so the secret never
sits in a URL or a server log), and passes the same guard as the rest of the server: the
Host and Origin checks, the body's size and depth limits, and strict fields
(:mod:`binokel.web.padproto`).  Answers: 201 for a new pad, 200 with the sheet, 400 naming the
field of a malformed request, 404 for a wrong pad or secret, 415 for a body that is not JSON,
422 naming the rule for an entry the rules refuse (nothing changed), 429 for too many pads.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from .games import all_rule_sets, describe, seat_count
from .guard import client_key
from .padproto import parse_meld_request, parse_new_pad, parse_pad_op, parse_token
from .pads import PadManager, PadRefused
from .protocol import ProtocolError
from .wording import refusal

log = logging.getLogger("binokel.web")
PAD_PAGE = Path(__file__).parent / "static" / "pad.html"


def _refused(exc: Exception) -> JSONResponse:
    # MediaTypeError (a body that is not JSON) is a ProtocolError that asks for 415.
    if isinstance(exc, PadRefused):
        body = refusal(str(exc))
        if exc.rule:
            body["rule"] = exc.rule
        return JSONResponse(body, status_code=exc.status)
    status = 415 if type(exc).__name__ == "MediaTypeError" else 400
    return JSONResponse(refusal(str(exc)), status_code=status)


def pad_routes(pads: PadManager, read_json: Callable[[Request], Awaitable[Any]]
               ) -> list[BaseRoute]:
    """The page at ``/pad`` and ``/pad/ID``, and the API under ``/api/pads``; ``read_json``
    is the app's bounded reader of a request body."""

    async def page(request: Request) -> Response:
        return FileResponse(PAD_PAGE, media_type="text/html; charset=utf-8")

    async def rule_sets(request: Request) -> Response:
        return JSONResponse({"rule_sets": [
            {"name": name, "game": kind.name, "players": seat_count(kind, name),
             "rules": describe(kind, name)} for name, kind in all_rule_sets().items()]})

    async def create(request: Request) -> Response:
        try:
            asked = parse_new_pad(await read_json(request))
            if asked.rules not in all_rule_sets():
                raise PadRefused(f"rules: there is no rule set {asked.rules!r}", 400)
            pad_id, token = await run_in_threadpool(
                pads.create, asked.rules, asked.players, first_dealer=asked.first_dealer,
                client=client_key(request.client.host) if request.client else "")
            sheet = await run_in_threadpool(pads.sheet, pad_id, token)
        except (ProtocolError, PadRefused) as exc:
            return _refused(exc)
        return JSONResponse({"id": pad_id, "token": token, "url": f"/pad/{pad_id}#{token}",
                             "sheet": sheet}, status_code=201)

    async def show(request: Request) -> Response:
        try:
            body = parse_token(await read_json(request))
            return JSONResponse(await run_in_threadpool(
                pads.sheet, request.path_params["pad_id"], body["token"]))
        except (ProtocolError, PadRefused) as exc:
            return _refused(exc)

    async def change(request: Request) -> Response:
        pad_id = request.path_params["pad_id"]
        try:
            body = parse_token(await read_json(request), frozenset({"op"}))
            # The change's lists are checked against the pad's players, and scoring works the
            # whole sheet out: both off the event loop that serves the tables, on one load.
            return JSONResponse(await run_in_threadpool(
                pads.apply_request, pad_id, body["token"],
                lambda players: parse_pad_op(body.get("op"), players=players)))
        except (ProtocolError, PadRefused) as exc:
            return _refused(exc)

    async def csv(request: Request) -> Response:
        return await download(request, "csv")

    async def record(request: Request) -> Response:
        return await download(request, "record")

    async def download(request: Request, kind: str) -> Response:
        pad_id = request.path_params["pad_id"]
        try:
            body = parse_token(await read_json(request))
            if kind == "csv":
                return PlainTextResponse(await run_in_threadpool(pads.csv, pad_id, body["token"]),
                                         media_type="text/csv; charset=utf-8", headers={
                    "content-disposition": f'attachment; filename="pad-{pad_id}.csv"'})
            text = await run_in_threadpool(pads.record, pad_id, body["token"])
            return PlainTextResponse(text, headers={
                "content-disposition": f'attachment; filename="pad-{pad_id}.txt"'})
        except (ProtocolError, PadRefused) as exc:
            return _refused(exc)

    async def melds(request: Request) -> Response:
        try:
            body = await read_json(request)
            cards, trump = parse_meld_request(body)
            return JSONResponse(await run_in_threadpool(
                pads.melds, request.path_params["pad_id"], body["token"], cards, trump))
        except (ProtocolError, PadRefused) as exc:
            return _refused(exc)

    return [
        Route("/pad", page),
        Route("/pad/{pad_id}", page),
        Route("/api/pad-rules", rule_sets),
        Route("/api/pads", create, methods=["POST"]),
        Route("/api/pads/{pad_id}", show, methods=["POST"]),
        Route("/api/pads/{pad_id}/ops", change, methods=["POST"]),
        Route("/api/pads/{pad_id}/csv", csv, methods=["POST"]),
        Route("/api/pads/{pad_id}/record", record, methods=["POST"]),
        Route("/api/pads/{pad_id}/melds", melds, methods=["POST"]),
    ]
