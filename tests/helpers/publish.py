"""The published site as a reader and a crawler see it: T1 of §6 with C1's money, S1 of §8 played through the
commands, the tables of a page read back, and every link of the tree followed."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from tests.helpers.cash import C1_SET, t1_day

ROLES = ["Anna", "Berta", "Carl", "Dora", "Emil", "Fritz", "Gerda", "Hans"]

# S1 of RULES.md §8: each tournament's results (score, rank) as data.
S1 = [
    [("Anna", 150), ("Berta", 120), ("Carl", 110), ("Dora", 90), ("Emil", 60), ("Fritz", 30)],
    [("Berta", 140), ("Dora", 130), ("Anna", 100), ("Emil", 80), ("Gerda", 20)],
    [("Carl", 170), ("Anna", 90), ("Emil", 85), ("Berta", 70), ("Dora", 65), ("Gerda", 50)],
]
# Each field padded to a count the draw can seat (6 cannot: 8), by extra players who score 0 and rank last.
PADDING = {0: ["Xaver1", "Xaver2"], 1: [], 2: ["Xaver3", "Xaver4"]}


def t1_c1(cli) -> dict[str, str]:
    """T1 of §6 with C1's money of §9 (Startgeld paid by all but Hans), the players named as T1 names them."""
    role = t1_day(cli, *C1_SET)
    for name, player in role.items():
        cli.ok("player", "rename", player, name)
    cli.ok("tournament", "pay", *[r for r in ROLES if r != "Hans"])
    return role


def s1_season(cli, *settings: str) -> list[int]:
    """Season S1 of §8 (`season new … --rules preisschafkopf`), its three tournaments of one round each played
    with every player's §8 score as his round result; returns the tournaments' ids."""
    cli.ok("season", "new", "Jahreswertung", "--rules", "preisschafkopf", *settings)
    ids = []
    for i, results in enumerate(S1):
        out = cli.ok(
            "tournament", "new", f"Turnier {i + 1}", "--rules", "preisschafkopf", "--rounds", "1", "--seed", str(i),
            "--date", f"2026-0{i + 1}-15", "--season", "1",
        )  # fmt: skip
        ids.append(int(out.split()[1]))
        points = dict(results) | {name: 0 for name in PADDING[i]}
        cli.ok("tournament", "register", *points)
        cli.ok("tournament", "draw")
        for table in cli.json("tournament", "tables", "--format", "json")["tables"]:
            cli.ok("tournament", "result", "1", str(table["table"]), *[f"{p}={points[p]}" for p in table["players"]])
    return ids


class _Tables(HTMLParser):
    """Every table of a page as rows of cell texts; every link and stylesheet address; the headings in order."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.links: list[str] = []
        self.headings: list[int] = []
        self._cell: list[str] | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("href", "src"):
            if found.get(key) is not None:
                self.links.append(found[key] or "")
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell = []
        elif re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables and self.tables[-1]:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def read(path: Path) -> _Tables:
    parsed = _Tables()
    parsed.feed(path.read_text(encoding="utf-8"))
    return parsed


def rows(path: Path, table: int = 0) -> list[list[str]]:
    """The rows of the page's `table`-th table, header first."""
    return read(path).tables[table]


ABSOLUTE = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//|/)", re.I)


def crawl(folder: Path) -> tuple[list[str], list[str]]:
    """(broken links, absolute addresses) over every page and stylesheet of the tree."""
    broken, absolute = [], []
    for page in sorted(folder.rglob("*.html")):
        for link in read(page).links:
            if ABSOLUTE.match(link):
                absolute.append(f"{page.relative_to(folder)}: {link}")
                continue
            target = (page.parent / link.split("#")[0]).resolve()
            if not target.is_file() or folder.resolve() not in target.parents:
                broken.append(f"{page.relative_to(folder)}: {link}")
    for sheet in folder.rglob("*.css"):
        for link in re.findall(r"url\(([^)]*)\)|@import\s+['\"]([^'\"]+)", sheet.read_text(encoding="utf-8")):
            absolute.append(f"{sheet.relative_to(folder)}: {link}")
    return broken, absolute


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# The shapes of CLI.md ("Tournaments", "Seasons and players", "Publishing results") that data.json keeps: each key
# with the types its value may have.
INT, TEXT, NONE, BOOL, LIST, NUMBER = int, str, type(None), bool, list, (int, float)
TOURNAMENT = {"tournament": INT, "rounds": INT, "wertung": TEXT, "players": LIST, "after": INT, "unfinished": LIST,
              "final": BOOL, "unconfirmed": INT, "plan": LIST, "schema": INT}  # fmt: skip
STANDING = {"rank": INT, "number": INT, "name": (TEXT, NONE), "score": INT, "points": INT, "soli": (INT, NONE),
            "won": (INT, NONE), "lost": (INT, NONE), "by_lot": BOOL, "rounds": LIST, "withdrawn": BOOL, "prize": INT}  # fmt: skip
PLAN = {"tournament": INT, "round": INT, "repeats": INT, "tables": LIST}
PLAN_TABLE = {"table": INT, "session": INT, "players": LIST, "hands": INT, "of": INT, "finished": BOOL}
SEASON = {"season": INT, "wertung": TEXT, "tournaments": LIST, "players": LIST, "awards": dict, "schema": INT,
          "final": BOOL, "unconfirmed": INT}  # fmt: skip
SEASON_ROW = {"rank": (INT, NONE), "number": INT, "name": (TEXT, NONE), "score": NUMBER, "starts": INT, "rounds": INT,
              "qualified": BOOL, "results": LIST}  # fmt: skip
RESULT = {"tournament": INT, "score": INT, "rank": INT, "field": INT}
AWARDS = ("most_starts", "best_average_rank", "worst_average_rank", "best_score")


def _fits(where: str, value: dict, shape: dict, optional: tuple[str, ...] = ()) -> list[str]:
    problems = [f"{where}: {key} missing" for key in shape if key not in value]
    problems += [f"{where}: {key} not in the shape" for key in value if key not in shape and key not in optional]
    problems += [
        f"{where}: {key} is {type(value[key]).__name__}"
        for key, kind in shape.items()
        if key in value and (not isinstance(value[key], kind) or (kind is INT and isinstance(value[key], bool)))
    ]
    return problems


def tournament_shape(data: dict) -> list[str]:
    """What in a tournament's data.json does not fit the documented shapes ([] when all does)."""
    problems = _fits("tournament", data, TOURNAMENT, optional=("teams",))
    for p in data.get("players", []):
        problems += _fits(f"player {p.get('number')}", p, STANDING, optional=("privat",))
        problems += [] if p["name"] is not None or p.get("privat") is True else ["a player without name nor privat"]
        problems += [f"round {x!r}" for x in p.get("rounds", []) if not isinstance(x, (int, NONE))]
    for plan in data.get("plan", []):
        problems += _fits(f"plan {plan.get('round')}", plan, PLAN)
        for table in plan.get("tables", []):
            problems += _fits(f"plan {plan.get('round')} table", table, PLAN_TABLE)
    for u in data.get("unfinished", []):
        problems += _fits("unfinished", u, {"round": INT, "table": INT, "hands": INT, "of": INT})
    return problems


def season_shape(data: dict) -> list[str]:
    """What in a season's data.json does not fit the documented shapes ([] when all does)."""
    problems = _fits("season", data, SEASON)
    for p in data.get("players", []):
        problems += _fits(f"player {p.get('number')}", p, SEASON_ROW, optional=("privat",))
        for x in p.get("results", []):
            problems += [] if x is None else _fits("result", x, RESULT, optional=("running",))
    awards = data.get("awards", {})
    problems += [f"award {key} missing" for key in AWARDS if key not in awards]
    for key, award in awards.items():
        shape = {"players": LIST, "value": (NUMBER, NONE)}
        extra = ("tournament", "tournaments") if key == "best_score" else ()
        problems += _fits(f"award {key}", award, shape, optional=extra)
    return problems
