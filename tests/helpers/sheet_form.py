"""What the sheet form's tests share (tests/web/test_sheet_form*.py): a tournament's players, the organiser's
key, a same-origin header, and the table and standings as the CLI shows them."""

from __future__ import annotations

PLAYERS = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]
BOSS = "the-organisers-own-key-for-this-test"
SAME = {"Origin": "http://testserver"}


def seated(cli, table: int) -> list[tuple[str, int]]:
    plan = cli.json("tournament", "tables", "--format", "json")["tables"][table - 1]
    numbers = {p["name"]: p["number"] for p in cli.json("tournament", "show", "--format", "json")["players"]}
    return [(name, numbers[name]) for name in plan["players"]]


def points(cli) -> dict[str, int]:
    return {p["name"]: p["points"] for p in cli.json("tournament", "standings", "--format", "json")["players"]}
