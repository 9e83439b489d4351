"""Tournament T1 of eight players as the organiser types it: seats, sheets and what a refusal must leave."""

from __future__ import annotations


EIGHT = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]


def seats(cli, round_: int | None = None) -> dict:
    args = ["tournament", "tables", "--format", "json"] + (["--round", str(round_)] if round_ else [])
    return cli.json(*args)


def state(cli) -> tuple:
    """Everything a refused command must leave as it was (what each of these prints, or its refusal)."""
    return tuple(
        (ran.code, ran.out, ran.err)
        for ran in (
            cli("tournament", "list"),
            cli("tournament", "show"),
            cli("tournament", "standings", "--format", "json"),
            cli("tournament", "tables", "--format", "json"),
            cli("session", "list", "--format", "json"),
            cli("report", "--all", "--format", "json"),
        )
    )


T1_SHEETS = {
    1: [{"Anna": 40, "Berta": 15, "Carl": 0, "Dora": 25}, {"Emil": 30, "Fritz": 30, "Gerda": 10, "Hans": 5}],
    2: [{"Anna": 10, "Emil": 20, "Gerda": 45, "Berta": 5}, {"Carl": 35, "Fritz": 10, "Dora": 5, "Hans": 20}],
}


def type_t1_sheets(cli, first: list[set[str]], lost: dict[str, int] | None = None) -> dict[str, str]:
    """T1's sheets typed in after both rounds are drawn (`first`: round 1's tables). The draw seats the players,
    so T1's roles (Anna … Hans) go to the registered players it put where T1 has them: round 2 seats two of each
    round-1 table together. `lost`: games lost as declarer in round 1 (`--lost`). Returns each role's player."""
    a, b = (set(t["players"]) for t in seats(cli, 2)["tables"])
    x, y = first
    role = dict(
        zip(
            ["Anna", "Berta", "Carl", "Dora", "Emil", "Gerda", "Fritz", "Hans"],
            sorted(x & a) + sorted(x & b) + sorted(y & a) + sorted(y & b),
        )
    )
    for round_, tables in T1_SHEETS.items():
        for sheet in tables:
            actual = {role[r] for r in sheet}
            number = next(t["table"] for t in seats(cli, round_)["tables"] if set(t["players"]) == actual)
            # RULES.md §6: Anna 1 (round 1), Emil 1 in each round — each fits the points of its sheet.
            soli = [f"{role[r]}=1" for r in ("Anna", "Emil") if r in sheet and (r == "Emil" or round_ == 1)]
            lost_here = [f"{role[r]}={n}" for r, n in (lost or {}).items() if r in sheet and round_ == 1]
            cli.ok(
                "tournament",
                "result",
                str(round_),
                str(number),
                *[f"{role[r]}={p}" for r, p in sheet.items()],
                *[w for x in soli for w in ("--soli", x)],
                *[w for x in lost_here for w in ("--lost", x)],
            )
    return role


def whole_state(cli) -> tuple:
    """What a refused command must leave as it was: the tournament with its sheets, the draw, the standings."""
    return tuple(
        (ran.code, ran.out, ran.err)
        for ran in (
            cli("tournament", "list"),
            cli("tournament", "show", "--format", "json"),
            cli("tournament", "standings", "--format", "json"),
            cli("tournament", "tables", "--format", "json"),
            cli("session", "list", "--format", "json"),
            cli("report", "--all", "--format", "json"),
        )
    )


def refused(cli, *args: str, says: str) -> str:
    """Runs a command that must be refused: exit 2, one line naming `says`, and nothing changed."""
    before = whole_state(cli)
    ran = cli(*args)
    assert ran.code == 2, ran
    assert says in ran.err, ran.err
    assert len(ran.err.strip().splitlines()) == 1 and "Traceback" not in ran.err
    assert whole_state(cli) == before
    return ran.err


def sheet_of(table: dict, values) -> list[str]:
    """A sheet as NAME=POINTS words: `values` in the seat order of `table` (a plan's table)."""
    return [f"{name}={value}" for name, value in zip(table["players"], values)]
