"""``stats --json``, ``games --json`` and ``games --csv``: one document each for
programs, schema versioned, in English keys whatever the language, past the rows the
records set aside, and every field documented in the README."""

from __future__ import annotations

import csv
import io
import json
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from buscaminas.records.documents import BEST_TIME_FIELDS, GAME_FIELDS, SCHEMA
from buscaminas.records.storage import DATABASE_NAME, Store
from tests.record_support import EXPERT, corrupt, make_record, run, won_twice_in
from tests.terminal_support import ROOT, run_piped


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two games won from a pipe on a 5×3 board with 2 mines."""
    return won_twice_in(tmp_path_factory.mktemp("played"))


def document(data: Path, *tool: str, language: str = "en") -> dict[str, Any]:
    status, out, err = run(data, *tool, language=language)
    assert (status, err) == (0, "")
    loaded = json.loads(out)
    assert isinstance(loaded, dict)
    return loaded


def test_games_json_is_one_document_of_every_field(played: Path) -> None:
    games = document(played, "games", "--json")
    assert games["schema"] == SCHEMA == 1
    assert isinstance(games["games"], list)
    first, second = games["games"]
    assert list(first) == list(GAME_FIELDS)
    assert (first["number"], second["number"]) == (1, 2)
    assert first["started_at"].endswith("Z")
    started = datetime.fromisoformat(first["started_at"])
    assert started.utcoffset() == UTC.utcoffset(None)
    assert abs((datetime.now(UTC) - started).total_seconds()) < 600
    assert {key: first[key] for key in ("preset", "width", "height", "mines", "kind")} == {
        "preset": None, "width": 5, "height": 3, "mines": 2, "kind": "classic"
    }
    assert first["result"] == "won" and first["replay"] is True
    assert first["scripted"] is True and first["own"] is False and first["points"] == 0
    assert (first["clicks"], first["effective_clicks"], first["hints"]) == (4, 4, 0)
    assert (first["practice"], second["practice"]) == (False, True), "the same board again"
    assert isinstance(first["seconds"], float) and first["three_bv"] >= 1


def test_games_csv_has_a_header_and_a_row_a_game_as_rfc_4180_writes_them(played: Path) -> None:
    status, out, err = run(played, "games", "--csv", "--all")
    assert (status, err) == (0, "")
    assert out.endswith("\r\n") and out.count("\r\n") == 3 and "\n" not in out.replace("\r\n", "")
    header, *rows = list(csv.reader(io.StringIO(out, newline="")))
    assert header == list(GAME_FIELDS)
    listed = document(played, "games", "--json")["games"]
    assert isinstance(listed, list)
    for row, game in zip(rows, listed, strict=True):
        expected = [
            "" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
            for value in game.values()
        ]
        assert row == expected


def test_the_piped_csv_ends_its_rows_in_crlf_once(played: Path) -> None:
    result = run_piped("games", "--csv", "--data-dir", str(played), "--lang", "en")
    raw = result.stdout.encode()  # universal newlines read "\r\n" as "\n", "\r\r\n" as two
    assert result.returncode == 0 and raw.count(b"\n") == 3 and b"\r" not in raw


def test_spanish_keeps_the_keys_the_header_and_the_values_in_english(played: Path) -> None:
    english = document(played, "games", "--json")
    spanish = document(played, "games", "--json", language="es")
    assert spanish == english
    assert run(played, "games", "--csv", language="es")[1].startswith("number,started_at,")
    assert document(played, "stats", "--json", language="es") == document(
        played, "stats", "--json"
    )


def test_stats_json_counts_each_board_and_lists_its_fastest_wins(tmp_path: Path) -> None:
    store = Store(tmp_path / DATABASE_NAME, on_warning=lambda line: None)
    for day, seconds in enumerate((30.0, 20.0)):
        store.add_game(make_record(day, seconds=seconds, code="R0SE-HS08-3GW0-A0T6-SKRA"))
    store.add_game(make_record(2, won=False))
    store.add_game(make_record(3, board=EXPERT, assisted=True))
    stats = document(tmp_path, "stats", "--json")
    assert stats["schema"] == 1
    beginner, expert = stats["boards"]
    assert {key: beginner[key] for key in ("preset", "width", "height", "mines")} == {
        "preset": "beginner", "width": 8, "height": 8, "mines": 10
    }
    assert (beginner["played"], beginner["won"], beginner["abandoned"]) == (3, 2, 0)
    assert (beginner["current_streak"], beginner["best_streak"]) == (0, 2)
    assert [best["seconds"] for best in beginner["best_times"]] == [20.0, 30.0]
    assert list(beginner["best_times"][0]) == list(BEST_TIME_FIELDS)
    assert beginner["best_times"][0]["three_bv_per_second"] == 1.5  # 30 3BV in 20 s
    assert beginner["best_times"][0]["code"] == "R0SE-HS08-3GW0-A0T6-SKRA"
    assert beginner["other_wins"] == []
    assert expert["played"] == 0 and expert["assisted"] == {"played": 1, "won": 1}


def test_no_games_is_an_empty_document_not_words(tmp_path: Path) -> None:
    assert document(tmp_path, "games", "--json") == {"schema": 1, "games": []}
    assert document(tmp_path, "stats", "--json") == {"schema": 1, "boards": []}
    assert run(tmp_path, "games", "--csv")[1] == ",".join(GAME_FIELDS) + "\r\n"
    assert run(tmp_path, "games", "--ids")[1] == ""


def test_a_row_set_aside_leaves_every_document_whole(played: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(played, data)
    corrupt(data / DATABASE_NAME, "games", 1, "started_at", "2024-05-01T12:00:00")
    status, out, err = run(data, "games", "--json")
    assert status == 0 and "set aside" in err, "told on standard error, once"
    assert [game["number"] for game in json.loads(out)["games"]] == [2]
    for tool in (["games", "--csv"], ["stats", "--json"], ["games", "--ids"]):
        status, out, err = run(data, *tool)
        assert (status, err) == (0, ""), tool
        if tool[1] == "--csv":
            assert [row[0] for row in csv.reader(io.StringIO(out))] == ["number", "2"]
        elif tool[1] == "--ids":
            assert out == "2\n"
        else:
            (board,) = json.loads(out)["boards"]  # the second game alone, seen before
            assert board["practice"] == {"played": 1, "won": 1}
            assert board["scripted"] == {"played": 0, "won": 0}


def test_json_csv_and_ids_go_one_at_a_time() -> None:
    result = run_piped("games", "--json", "--csv", "--lang", "en")
    assert result.returncode == 2 and "not allowed with argument" in result.stderr


def test_the_readme_says_what_every_field_means(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## For scripts\n")[1].split("\n## ")[0]
    tables = "\n".join(line for line in section.splitlines() if line.startswith("| `"))
    Store(tmp_path / DATABASE_NAME, on_warning=lambda line: None).add_game(make_record())
    stats = document(tmp_path, "stats", "--json")
    (board,) = stats["boards"]
    for key in (*GAME_FIELDS, *board):
        assert f"`{key}`" in tables, f"{key} has no row in the README's tables"
    for key in (*stats, *board["best_times"][0], *document(tmp_path, "games", "--json")):
        assert f"`{key}`" in section, f"{key} is not in the README"
