"""The web server through its HTTP and WebSocket doors (Starlette's test client, no network).

Seat tokens: only a seat's own token acts for it.  Every malformed, oversized, out-of-turn or
illegal message gets an ``error`` event with the reason and changes nothing.  A restarted
server resumes every table from the stored seed and actions.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.cli.cmd_serve import BOUNDS
from binokel.games.binokel.game import new_game
from binokel.web.app import Rate, create_app
from binokel.web.connection import RATE_BURST, RATE_PER_SECOND
from binokel.web.guard import Allowed
from binokel.web.store import Store

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
#: The host name Starlette's test client sends.
TESTSERVER = Allowed.of(hosts=["testserver"])


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "web.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER)) as test_client:
        yield test_client
    store.close()


def new_table(client: TestClient, seats: list[str], *, take: int | None = 0,
              rules: str = "binokel") -> dict[str, Any]:
    response = client.post("/api/tables", json={"rules": rules, "seats": seats, "take": take,
                                                "name": "Anna"})
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of a kind (skipping others)."""
    for _ in range(200):
        message: dict[str, Any] = json.loads(ws.receive_text())
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def hello(ws: Any, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return receive(ws, "state")


def test_create_join_and_list_tables(client: TestClient) -> None:
    made = new_table(client, ["human", "open", "open"])
    assert made["token"] and made["url"] == f"/t/{made['id']}"
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [made["id"]]
    info = listed[0]
    assert [s["kind"] for s in info["seats"]] == ["human", "open", "open"]
    assert "seed" not in json.dumps(info) and made["token"] not in json.dumps(info)
    joined = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1, "name": "Bert"})
    assert joined.status_code == 200 and joined.json()["token"] != made["token"]
    again = client.post(f"/api/tables/{made['id']}/join", json={"seat": 1, "name": "Eve"})
    assert again.status_code == 409 and "taken" in again.json()["error"]


@pytest.mark.parametrize(("body", "reason"), [
    ({"rules": "skat", "seats": ["open"] * 3}, "unknown rule set"),
    ({"rules": "binokel", "seats": ["open"] * 2}, "played by 3"),
    ({"rules": "binokel", "seats": ["open", "open", "bot:cheater"]}, "is not"),
    ({"rules": "binokel", "seats": "open"}, "seats must be a list"),
    ({"rules": "binokel", "seats": ["open"] * 3, "take": "0"}, "take must be"),
])
def test_bad_table_requests_are_refused_with_a_reason(client: TestClient, body: dict[str, Any],
                                                      reason: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400 and reason in response.json()["error"]


def test_oversized_request_body_is_refused(client: TestClient) -> None:
    response = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and "too large" in response.json()["error"]


def test_pages_and_static_files_are_served_with_a_strict_policy(client: TestClient) -> None:
    for path in ("/", "/t/abcdef", "/rules/binokel", "/static/app.js", "/static/style.css"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert "default-src 'self'" in response.headers["content-security-policy"]
    assert client.get("/api/rules/binokel").json()["min_bid"] == 150
    meta = client.get("/api/meta").json()
    assert "binokel" in [r["name"] for r in meta["rule_sets"]]
    assert "random" in meta["bots"]["binokel"]


def test_a_seat_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    made = new_table(client, ["human", "open", "open"])
    table_id = made["id"]
    bert = client.post(f"/api/tables/{table_id}/join", json={"seat": 1, "name": "B"}).json()
    with client.websocket_connect(f"/ws/{table_id}") as ws_anna, \
            client.websocket_connect(f"/ws/{table_id}") as ws_bert:
        anna_state = hello(ws_anna, made["token"])
        bert_state = hello(ws_bert, bert["token"])
        assert anna_state["seat"] == 0 and bert_state["seat"] == 1
        to_move = bert_state["view"]["to_move"]
        # Whoever is not on turn cannot act, with either token.
        idle_ws, idle_seat = (ws_anna, 0) if to_move != 0 else (ws_bert, 1)
        idle_ws.send_text(json.dumps({"type": "act", "action": "pass"}))
        error = receive(idle_ws, "error")
        assert "not your turn" in error["reason"]
        # A seat's view has legal actions only for itself, and never another hand.
        assert anna_state["view"]["hand"] != bert_state["view"]["hand"]
        assert idle_seat != to_move
    # A made-up or other table's token only watches.
    other = new_table(client, ["human", "open", "open"])
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": other["token"]}))
        assert "does not belong" in receive(ws, "error")["reason"]
        state = receive(ws, "state")
        assert state["seat"] is None and state["view"]["hand"] is None
        ws.send_text(json.dumps({"type": "act", "action": "pass"}))
        assert "Spectators cannot act" in receive(ws, "error")["reason"]
    # Nothing changed on the table.
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        assert hello(ws, None)["n"] == 0


@pytest.mark.parametrize(("raw", "reason"), [
    ("not json", "not valid JSON"),
    ("[1, 2]", "JSON object"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "act"}', '"action"'),
    ('{"type": "act", "action": 160}', "action must be text"),
    ('{"type": "act", "action": "pass", "sneaky": 1}', "unexpected field"),
    ('{"type": "act", "actions": []}', "1 to 16"),
    ('{"type": "act", "action": "' + "x" * 5000 + '"}', "too large"),
    ('{"type": "act", "action": "trump Z"}', "not an action"),
    ('{"type": "act", "action": "900"}', "next bid"),
    ('{"type": "next"}', "hands must be"),
    ('{"type": "next", "hands": "1"}', "hands must be"),
    ('{"type": "next", "hands": true}', "hands must be"),
    ('{"type": "next", "hands": 0}', "hands must be"),
    ('{"type": "next", "hands": 10001}', "hands must be"),
    ('{"type": "next", "hands": 1}', "not finished yet"),
    ('{"type": "next", "hands": 1, "x": 1}', "unexpected field"),
    ('{"type": "rematch"}', "once this game is over"),
    ('{"type": "rematch", "table": "abc"}', "unexpected field"),
])
def test_bad_messages_get_an_error_and_change_nothing(client: TestClient, raw: str,
                                                      reason: str) -> None:
    made = new_table(client, ["human", "open", "open"])
    table_id = made["id"]
    tokens = [made["token"]] + [
        client.post(f"/api/tables/{table_id}/join", json={"seat": s}).json()["token"]
        for s in (1, 2)]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello"}))
        first = receive(ws, "state")
        mover = first["view"]["to_move"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        before = hello(ws, tokens[mover])
        ws.send_text(raw)
        assert reason in receive(ws, "error")["reason"]
        ws.send_text(json.dumps({"type": "ping"}))
        receive(ws, "pong")
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        after = hello(ws, tokens[mover])
        assert after["n"] == before["n"] == 0 and after["view"] == before["view"]


def test_a_stale_page_cannot_act_twice(client: TestClient) -> None:
    made = new_table(client, ["human", "open", "open"])
    table_id = made["id"]
    tokens = {0: made["token"]}
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/tables/{table_id}/join",
                                   json={"seat": seat}).json()["token"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        mover = hello(ws, None)["view"]["to_move"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, tokens[mover])
        ws.send_text(json.dumps({"type": "act", "action": "pass", "n": state["n"] + 3}))
        assert "moved on" in receive(ws, "error")["reason"]
        ws.send_text(json.dumps({"type": "act", "action": "pass", "n": state["n"]}))
        assert receive(ws, "state")["n"] == 1


def test_flooding_a_connection_is_rate_limited(client: TestClient) -> None:
    made = new_table(client, ["human", "open", "open"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["token"])
        for _ in range(60):
            ws.send_text(json.dumps({"type": "ping"}))
        replies = [json.loads(ws.receive_text()) for _ in range(60)]
        refused = [r for r in replies if r["type"] == "error"]
        assert refused and "Too many messages" in refused[0]["reason"]


def test_the_rate_limit_by_default_is_10_a_second_and_bursts_of_30() -> None:
    from binokel.cli.main import build_parser

    args = build_parser("serve").parse_args(["serve"])
    assert (args.max_messages_per_second, args.max_message_burst) == (10.0, 30)
    assert (Rate().per_second, Rate().burst) == (RATE_PER_SECOND, RATE_BURST) == (10.0, 30)
    assert Rate().limiter() is not None


@pytest.mark.parametrize("rate", [Rate(0, 0), Rate(0, 30), Rate(10, 0), Rate(1000, 200)])
def test_a_lifted_rate_limit_lets_a_burst_of_100_through(db: Path, rate: Rate) -> None:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER, rate=rate)) as client:
        made = new_table(client, ["human", "open", "open"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            for _ in range(100):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = [json.loads(ws.receive_text())["type"] for _ in range(100)]
    store.close()
    assert replies == ["pong"] * 100


def test_a_lower_rate_limit_refuses_sooner(db: Path) -> None:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER,
                               rate=Rate(0.5, 3))) as client:
        made = new_table(client, ["human", "open", "open"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            for _ in range(5):
                ws.send_text(json.dumps({"type": "ping"}))
            replies = [json.loads(ws.receive_text()) for _ in range(5)]
    store.close()
    # The hello was the first of the burst of 3.
    assert [r["type"] for r in replies] == ["pong", "pong", "error", "error", "error"]
    assert "at most 0.5 a second" in replies[2]["reason"]


@pytest.mark.parametrize(("option", "value", "reason"), [
    ("--max-messages-per-second", "-1", "--max-messages-per-second must be a number from 0"),
    ("--max-messages-per-second", "nan", "--max-messages-per-second must be a number from 0"),
    ("--max-messages-per-second", "inf", "--max-messages-per-second must be a number from 0"),
    ("--max-message-burst", "-5", "--max-message-burst must not be negative"),
])
def test_a_bad_rate_limit_is_refused_with_the_flag_named(
        capsys: pytest.CaptureFixture[str], option: str, value: str, reason: str) -> None:
    from binokel.cli.main import main

    assert main(["serve", option, value, "--db", ":memory:"]) == 2
    assert reason in capsys.readouterr().err


@pytest.mark.parametrize(("flag", "bound", "zero"), BOUNDS)
def test_each_number_flag_out_of_bounds_is_refused_with_the_flag_named(
        capsys: pytest.CaptureFixture[str], flag: str, bound: str, zero: str) -> None:
    from binokel.cli.main import main

    bad = {"not negative": "-1", "from 0 up": "inf", "positive": "0", "at least 1": "0"}[bound]
    said = {"not negative": "must not be negative", "from 0 up": "must be a number from 0 up",
            "positive": "must be positive", "at least 1": "must be at least 1"}[bound]
    assert main(["serve", flag, bad, "--db", ":memory:"]) == 2
    err = capsys.readouterr().err
    assert f"{flag} {said}" in err
    assert (f"(0: {zero})" in err) == bool(zero)


@pytest.mark.parametrize(("per_second", "burst"), [(-1.0, 30), (float("nan"), 30), (10.0, -1)])
def test_a_bad_rate_is_refused_by_the_app_too(per_second: float, burst: int) -> None:
    with pytest.raises(ValueError, match="no limit"):
        Rate(per_second, burst)


def play_until(client: TestClient, table_id: str, token: str, *, moves: int) -> dict[str, Any]:
    """Make at least ``moves`` of our own moves (the computer players answer in between);
    return once it is our turn to play a card, so that nothing else can happen at the table."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, token)
        made = 0
        while True:
            view = state["view"]
            if view["to_move"] == state["seat"] and view["legal_actions"]:
                if made >= moves and view["phase"] == "play":
                    return state
                legal = view["legal_actions"]
                choice = next((a for a in legal if a.startswith(("trump", "lay"))), legal[0])
                if view["phase"] == "auction":
                    choice = legal[-1]  # keep bidding, so that we declare and play on
                ws.send_text(json.dumps({"type": "act", "action": choice, "n": state["n"]}))
                made += 1
            state = receive(ws, "state")


def test_a_restarted_server_resumes_the_table_mid_hand(db: Path) -> None:
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER)) as client:
        made = new_table(client, ["human", "bot:random", "bot:random"])
        before = play_until(client, made["id"], made["token"], moves=9)
    store.close()
    assert before["view"]["phase"] == "play" and before["n"] > 9

    store = Store(db)  # a new process would open the same file
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER)) as client:
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            after = hello(ws, made["token"])
            assert after["seat"] == 0
            assert after["n"] == before["n"]
            assert after["view"]["hand"] == before["view"]["hand"]
            assert after["view"]["trick"] == before["view"]["trick"]
        # ... and play goes on from there.
        later = play_until(client, made["id"], made["token"], moves=2)
        assert later["n"] > after["n"]
    store.close()


def test_a_restart_lets_a_waiting_computer_player_move(db: Path) -> None:
    store = Store(db)
    app = create_app(store, bot_delay=0, allowed=TESTSERVER)
    manager = app.state.manager
    # A table stored with a computer player to move, and no server running its turn.
    seed = next(f"wait-{i}" for i in range(50) if new_game(seed=f"wait-{i}").to_move != 0)
    table, token, _ = manager.create("binokel", ["human", "bot:random", "bot:random"], take=0,
                                     seed=seed)
    assert token is not None and table.state.to_move != 0
    table_id = table.id
    store.close()
    store = Store(db)
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER)) as client, \
            client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, token)
        while state["view"]["to_move"] != 0:
            state = receive(ws, "state")
        assert state["n"] >= 1
    store.close()


def test_records_download_only_once_the_game_is_over(client: TestClient) -> None:
    made = new_table(client, ["human", "bot:random", "bot:random"])
    table_id = made["id"]
    early = client.get(f"/api/tables/{table_id}/record")
    assert early.status_code == 409 and "finished or abandoned" in early.json()["error"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        hello(ws, made["token"])
        ws.send_text(json.dumps({"type": "abandon"}))
        state = receive(ws, "state")
        while state["table"]["status"] != "abandoned":
            state = receive(ws, "state")
        assert state["table"]["record"] is True
    record = client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    assert "binokel" in record.text.lower() and "Anna" in record.text


def test_hint_names_a_legal_action(client: TestClient) -> None:
    made = new_table(client, ["human", "bot:random", "bot:random"])
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        state = hello(ws, made["token"])
        while state["view"]["to_move"] != 0:
            state = receive(ws, "state")
        ws.send_text(json.dumps({"type": "hint"}))
        hint = receive(ws, "hint")
        assert hint["action"] in state["view"]["legal_actions"]
        # The expert gives the hint, with each move it weighed, best first.
        weighed = hint["values"]
        assert weighed and weighed[0][0] == hint["action"]
        assert {a for a, _ in weighed} <= set(state["view"]["legal_actions"])
        assert [v for _, v in weighed] == sorted((v for _, v in weighed), reverse=True)


def test_binocle_tables_are_served_too(client: TestClient) -> None:
    pytest.importorskip("binokel.games.binocle")
    made = new_table(client, ["human", "bot:random"], rules="binocle")
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        state = hello(ws, made["token"])
        assert state["table"]["game"] == "binocle"
        assert len(state["view"]["hand"]) == 12
        assert state["view"]["stock_size"] > 0


@pytest.mark.parametrize("rules", ["binokel", "binocle"])
def test_record_of_a_player_with_a_comma_in_the_name_downloads_and_replays(
        client: TestClient, rules: str) -> None:
    from binokel.games import load_record, replay

    seats = ["human", "bot:random", "bot:random"] if rules == "binokel" else ["human", "bot:random"]
    response = client.post("/api/tables", json={"rules": rules, "seats": seats, "take": 0,
                                                "name": "Müller, Anna"})
    assert response.status_code == 201, response.text
    made = response.json()
    with client.websocket_connect(f"/ws/{made['id']}") as ws:
        hello(ws, made["token"])
        ws.send_text(json.dumps({"type": "abandon"}))
        state = receive(ws, "state")
        while state["table"]["status"] != "abandoned":
            state = receive(ws, "state")
    record = client.get(f"/api/tables/{made['id']}/record")
    assert record.status_code == 200, record.text
    loaded = load_record(record.text)
    assert "Müller Anna" in record.text
    replay(loaded)  # raises if the record does not re-check


def test_the_tables_an_address_may_open_are_capped(client: TestClient) -> None:
    from binokel.web.tables import MAX_TABLES_PER_CLIENT

    for _ in range(MAX_TABLES_PER_CLIENT):
        new_table(client, ["human", "open", "open"])
    refused = client.post("/api/tables", json={"rules": "binokel", "take": 0,
                                               "seats": ["human", "open", "open"]})
    assert refused.status_code == 400
    assert "tables in play already" in refused.json()["error"]
    assert len(client.get("/api/tables").json()["tables"]) == MAX_TABLES_PER_CLIENT


def test_a_player_who_leaves_is_replaced_by_a_computer_and_watches(client: TestClient) -> None:
    made = new_table(client, ["human", "bot:random", "bot:random"])
    table_id = made["id"]
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        state = hello(ws, made["token"])
        assert state["seat"] == 0 and state["view"]["hand"]
        ws.send_text(json.dumps({"type": "leave"}))
        assert receive(ws, "welcome")["seat"] is None
        state = receive(ws, "state")
        # Now a spectator: the public view only, no hand, and no more acting for the seat.
        assert state["seat"] is None and state["view"]["hand"] is None
        seat = state["table"]["seats"][0]
        assert seat["kind"] == "bot" and seat["name"] == "Anna (computer)"
        ws.send_text(json.dumps({"type": "act", "action": "pass"}))
        assert "Spectators cannot act" in receive(ws, "error")["reason"]
        ws.send_text(json.dumps({"type": "leave"}))
        assert "Only a seated player" in receive(ws, "error")["reason"]
        # The computer plays the seat: the game moves on without anyone at the table.
        n = state["n"]
        while state["n"] < n + 6:
            state = receive(ws, "state")
    # The old token is a spectator's now, after a reconnect too.
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": made["token"]}))
        assert "does not belong" in receive(ws, "error")["reason"]
        assert receive(ws, "state")["seat"] is None
    info = client.get(f"/api/tables/{table_id}").json()
    assert info["seats"][0]["kind"] == "bot" and info["status"] == "playing"


def test_the_invite_qr_code_holds_the_tables_link(client: TestClient) -> None:
    made = new_table(client, ["human", "open", "open"])
    response = client.get(f"/api/tables/{made['id']}/invite.svg")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert f"<title>http://testserver/t/{made['id']}</title>" in response.text
    assert client.get("/api/tables/nosuchtable/invite.svg").status_code == 404


@pytest.mark.parametrize("level", ["info", "warning"])
def test_the_servers_own_lines_are_shown_at_its_log_level(level: str, capsys: Any) -> None:
    import logging

    from binokel.cli.cmd_serve import _log_like_uvicorn

    logger = logging.getLogger("binokel")
    kept = logger.handlers[:], logger.level, logger.propagate
    try:
        _log_like_uvicorn(level)
        logging.getLogger("binokel.web").info("table t1 expired: nobody there")
        logging.getLogger("binokel.web").warning("the sweep held the server 945 ms")
    finally:
        logger.handlers[:], logger.level, logger.propagate = kept
    shown = capsys.readouterr().err
    assert "WARNING:  the sweep held the server 945 ms" in shown
    # Python alone shows no info line, and a warning without its level.
    assert ("INFO:     table t1 expired: nobody there" in shown) == (level == "info")
