"""The review page's API (docs/web.md): a finished game's review is the same JSON as
``binokel review --json``, computed off the event loop with its progress shown, kept in the
store; bad requests get a 4xx with the reason and start nothing."""

from __future__ import annotations

import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from binokel.web.app import create_app
from binokel.web.guard import Allowed
from binokel.web.store import Store

from .reviewed import (
    FAST,
    TABLE,
    expected_review,
    finished_actions,
    put_finished_table,
    without_seconds,
)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
TESTSERVER = Allowed.of(hosts=["testserver"])


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    store = Store(tmp_path / "web.sqlite3")
    put_finished_table(store)
    yield store
    store.close()


@pytest.fixture
def client(store: Store) -> Iterator[TestClient]:
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER,
                               review_bot=FAST)) as test_client:
        yield test_client


def wait_for_review(client: TestClient, url: str) -> tuple[list[dict[str, Any]], Any]:
    """Every progress answer (202) until the review (200) comes."""
    progress: list[dict[str, Any]] = []
    deadline = time.monotonic() + 300  # a hang guard, not a speed check
    while time.monotonic() < deadline:
        response = client.get(url)
        if response.status_code != 202:
            assert response.status_code == 200, response.text
            return progress, response.json()
        progress.append(response.json())
        time.sleep(0.2)  # (no event: the API answers 202 until the review is done; polled)
    raise AssertionError(f"no review after 300 s: {progress[-1:]}")


def test_a_finished_games_review_is_binokel_review_json(client: TestClient,
                                                         store: Store) -> None:
    progress, answer = wait_for_review(client, f"/api/tables/{TABLE}/review?seat=1")
    assert progress and progress[0]["status"] == "running"  # started by the first request
    done = [p["done"] for p in progress]
    assert done == sorted(done) and all(p["done"] <= p["total"] for p in progress)
    assert answer["status"] == "done" and answer["seat"] == 1
    review = answer["review"]
    assert without_seconds(review) == expected_review(1)
    assert review["players"] == ["Anna", "heuristic", "heuristic"]
    assert {h["seat"] for h in review["hands"]} == {1}
    assert review["summary"]["decisions"] > 20
    # Kept in the store: asked again, or by a restarted server, it is there at once.
    assert store.load_review(TABLE, 1, FAST) is not None
    assert client.get(f"/api/tables/{TABLE}/review?seat=1").json() == answer
    with TestClient(create_app(store, bot_delay=0, allowed=TESTSERVER,
                               review_bot=FAST)) as again:
        response = again.get(f"/api/tables/{TABLE}/review?seat=1")
        assert response.status_code == 200 and response.json() == answer


def test_the_review_page_is_served(client: TestClient) -> None:
    response = client.get(f"/t/{TABLE}/review")
    assert response.status_code == 200 and "/static/review.js" in response.text


@pytest.mark.parametrize(("url", "status", "reason"), [
    ("/api/tables/nosuchtable/review", 404, "no such table"),
    ("/api/tables/no.such/review", 404, "no such table"),
    (f"/api/tables/{TABLE}/review?seat=3", 400, "seat 3: this game has seats 0 to 2"),
    (f"/api/tables/{TABLE}/review?seat=-1", 400, "seat must be a seat number, 0 to 2"),
    (f"/api/tables/{TABLE}/review?seat=x", 400, "seat must be a seat number, 0 to 2"),
    (f"/api/tables/{TABLE}/review?seat=99999999999", 400, "seat must be a seat number"),
    ("/api/tables/playing1/review", 409, "A review is for a finished game; this one is playing"),
    ("/api/tables/abandon1/review", 409, "this one is abandoned"),
])
def test_bad_review_requests_get_the_reason_and_start_nothing(
        client: TestClient, store: Store, url: str, status: int, reason: str) -> None:
    half = finished_actions()[:40]
    put_finished_table(store, "playing1", status="playing", actions=half)
    put_finished_table(store, "abandon1", status="abandoned", actions=half)
    response = client.get(url)
    assert response.status_code == status
    assert reason in response.json()["error"]
    assert client.app.state.reviews.jobs == {}  # type: ignore[attr-defined]


def test_a_busy_server_says_so(client: TestClient) -> None:
    client.app.state.reviews.max_pending = 0  # type: ignore[attr-defined]
    response = client.get(f"/api/tables/{TABLE}/review?seat=0")
    assert response.status_code == 503
    assert "try again in a minute" in response.json()["error"]


def broken_review(connection: Any, *args: Any) -> None:
    """A review process that fails (stands in for a crash)."""
    connection.send(("error", "ValueError: planted failure"))
    connection.close()


def test_a_failed_review_is_reported_and_tried_again(client: TestClient) -> None:
    reviews = client.app.state.reviews  # type: ignore[attr-defined]
    reviews.work = broken_review
    url = f"/api/tables/{TABLE}/review?seat=2"
    assert client.get(url).status_code == 202
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        response = client.get(url)
        if response.status_code != 202:
            break
        time.sleep(0.1)  # (no event: the API answers 202 until the review is done; polled)
    assert response.status_code == 500
    assert "The review failed: ValueError: planted failure" in response.json()["error"]
    assert reviews.jobs == {}
    assert client.get(url).status_code == 202  # asked again, it tries again


def test_the_servers_reviewer_is_binokel_reviews(capsys: pytest.CaptureFixture[str]) -> None:
    from binokel.cli.main import main
    from binokel.review.game import DEFAULT_BOT
    from binokel.web.reviews import DEFAULT_REVIEWER

    assert DEFAULT_REVIEWER == DEFAULT_BOT
    assert main(["serve", "--review-bot", "heuristic", "--db", ":memory:"]) == 2
    assert "--review-bot: 'heuristic' cannot review: reviews need expert" in \
        capsys.readouterr().err
