"""The JSON and CSV of the command-line contract (CLI.md), built in one place.

Each function takes what the ledger returned (a table's view, a report, the statistics, a seat plan
…) and gives plain data: a dict or a list for `--format json`, or a `Sheet` (header and rows) for
`--format csv`. Keys and headers never translate and numbers stay numbers; money in a CSV is a
`Decimal` of euros. The terminal prints these (cli/render.py, every CSV through csvio.py and
its formula guard) and the page answers with them (web/entry.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from schreiber.csvio import euros
from schreiber.scoring import wertung as wertungen
from schreiber.views.hands import describe
from schreiber.views.sheet import Sheet

if TYPE_CHECKING:
    from schreiber.ledger.payments import OpenDebts
    from schreiber.ledger.reports import PlayerLine, Report
    from schreiber.ledger.tables.results import HandView, TableInfo, TableView
    from schreiber.ledger.stats import Stats
    from schreiber.ledger.registration import EntrantView
    from schreiber.ledger.sheets import SheetView
    from schreiber.ledger.standings import StandingsView
    from schreiber.ledger.tournament.plans import RoundPlan, TournamentInfo


def _flag(value: bool) -> str:
    return str(value).lower()


# -- tables (session list) --------------------------------------------------------------------


def tables_json(infos: Sequence[TableInfo]) -> list[dict[str, Any]]:
    """`session list --format json`."""
    return [
        {
            "id": i.id,
            "date": i.date.isoformat(),
            "rules": i.rules,
            "name": i.name,
            "players": list(i.players),
            "hands": i.hands,
            "closed": i.closed,
            "active": i.active,
            # The hands the table plays (its series, or `session new --hands N`); null for an evening of no length.
            "of": i.series.of if i.series is not None else None,
        }
        for i in infos
    ]


def tables_csv(infos: Sequence[TableInfo]) -> Sheet:
    """`session list --format csv`."""
    return Sheet(
        ["id", "date", "rules", "name", "players", "hands", "closed", "active", "of"],
        (
            [
                i.id,
                i.date.isoformat(),
                i.rules,
                i.name or "",
                ", ".join(i.players),
                i.hands,
                _flag(i.closed),
                _flag(i.active),
                i.series.of if i.series is not None else "",
            ]
            for i in infos
        ),
    )


# -- hands (list, show) -----------------------------------------------------------------------


def hands_json(view: TableView) -> dict[str, Any]:
    """`list --format json`: every hand of the table with its payouts and running totals."""
    return {
        "session": view.table.id,
        "players": list(view.table.players),
        "hands": [
            {
                "number": h.number,
                "type": h.hand.type,
                "dealer": h.dealer,
                "description": describe(h.hand),
                "value": h.payout.value,
                "formula": h.payout.formula,
                "sitting_out": list(h.sitting_out),
                "payouts": dict(h.payout.points),
                "totals": dict(h.totals),
                "facts": h.hand.to_facts(),
            }
            for h in view.hands
        ],
        "totals": dict(view.totals),
    }


def hands_csv(view: TableView) -> Sheet:
    """`list --format csv`: a row per hand, each player's payout and running total side by side."""
    players = view.table.players
    return Sheet(
        ["number", "dealer", "type", "description", "value", *[c for p in players for c in (p, f"{p}_total")]],
        (
            [
                h.number,
                h.dealer,
                h.hand.type,
                describe(h.hand),
                h.payout.value,
                *[c for p in players for c in (h.payout.points.get(p, 0), h.totals[p])],
            ]
            for h in view.hands
        ),
    )


def hand_json(hand_view: HandView, view: TableView) -> dict[str, Any]:
    """`show N --format json`, and the JSON API's answer to a recorded hand."""
    p = hand_view.payout
    return {
        "number": hand_view.number,
        "type": hand_view.hand.type,
        "session": view.table.id,
        "dealer": hand_view.dealer,
        "sitting_out": list(hand_view.sitting_out),
        "facts": hand_view.hand.to_facts(),
        "value": p.value,
        "formula": p.formula,
        "split": p.split,
        "payouts": dict(p.points),
        "breakdown": [{"label": t.label, "op": t.op, "amount": t.amount} for t in p.terms],
        "totals": hand_view.totals,
    }


# -- report, open debts -----------------------------------------------------------------------


def _transfers(owed: Iterable[tuple[str, str, int]]) -> list[dict[str, Any]]:
    return [{"from": a, "to": b, "cents": c} for a, b, c in owed]


# What a player owes the evening's kitty is listed apart from the ranking and from who pays whom (RULES.md §9).
KITTY = ("verlustspiel",)


def report_wertung(rep: Report) -> wertungen.Wertung:
    """What the report ranks by: the list's points, or the Wertung its tables chose (Seeger-Fabian)."""
    return wertungen.get(rep.wertung)


def report_words(rep: Report) -> dict[str, str]:
    """The Wertung's own words for its columns (marked, translated when shown): a score of its own headed by
    its name ("seeger": "Seeger-Fabian")."""
    wertung = report_wertung(rep)
    return {wertung.column: wertung.words} if wertung.own_score else {}


def report_signed(rep: Report) -> tuple[str, ...]:
    """The report's columns written with their sign (+30, −2), as its Wertung declares: its scores."""
    return tuple(report_wertung(rep).signed)


def report_extras(rep: Report) -> list[str]:
    """The rule set's own columns of a report beyond its Wertung's (Musssolo, Schafköpfe …), in the order
    they first appear; the kitty's are listed apart."""
    shown = {*report_wertung(rep).columns, *KITTY}
    keys: list[str] = []
    for line in rep.players:
        for key in line.extras:
            if key not in keys and key not in shown:
                keys.append(key)
    return keys


def report_columns(rep: Report) -> list[str]:
    """The columns of a report's ranking, as keys: the CSV's header, and what the terminal translates. The
    Wertung's columns come first, its score leading (points, hands, won, solos for the list's points)."""
    return [
        "rank",
        "player",
        *report_wertung(rep).columns,
        *report_extras(rep),
        *(["money"] if rep.money else []),
    ]


def report_kitty(rep: Report) -> list[str]:
    """The kitty's columns a report has (Verlustspielgeld), for the CSV."""
    return [key for key in KITTY if any(key in line.extras for line in rep.players)]


def _report_players(rep: Report, ranked: bool = True) -> list[dict[str, Any]]:
    players = []
    for line in rep.players:
        entry: dict[str, Any] = {
            **({"rank": line.rank} if ranked else {}),
            "name": line.name,
            "points": line.points,
            "hands": line.hands,
            "won": line.won,
            "solos": line.solos,
        }
        if line.cents is not None:
            entry["cents"] = line.cents
        entry.update(line.extras)
        players.append(entry)
    return players


def report_json(rep: Report) -> dict[str, Any]:
    """`report --format json`."""
    # A Wertung of its own (Seeger-Fabian) adds its name and each player's rank, which may be shared (1, 2, 2, 4);
    # a report of the list's points keeps the keys it always had.
    own = report_wertung(rep).own_score
    players = _report_players(rep, ranked=own and not rep.by_rules)
    if rep.by_rules:
        # Points of different rule sets are never added: over several, `groups` carries them.
        for entry in players:
            entry["points"] = None
    return {
        "players": players,
        "hands": rep.hands,
        "sessions": rep.sessions,
        **({"wertung": rep.wertung} if own else {}),
        "transfers": _transfers(rep.transfers),
        **({"kasse": rep.kasse} if rep.kasse else {}),
        **({"verlustspiel": rep.verlustspiel} if rep.verlustspiel else {}),
        # One group per rule set (points never added across them), and money summed across all.
        "groups": [
            {
                "rules": rules,
                "hands": g.hands,
                "sessions": g.sessions,
                **({"wertung": g.wertung} if report_wertung(g).own_score else {}),
                "players": _report_players(g, ranked=report_wertung(g).own_score),
            }
            for rules, g in rep.groups
        ],
        "money": rep.cents if rep.money else None,
    }


def report_csv(rep: Report) -> Sheet:
    """`report --format csv`: the ranking; money is a column `euros`, a number (-1.10), never "−1,10 €"."""
    columns = [k for k in report_columns(rep)[2:] if k != "money"] + report_kitty(rep)

    def row(rank: int, line: PlayerLine) -> list[Any]:
        values = line.values()
        cells: list[Any] = [line.rank or rank, line.name, *(values.get(k, "") for k in columns)]
        if rep.money:
            cells.append(euros(line.cents or 0))
        return cells

    headers = ["rank", "player", *columns, *(["euros"] if rep.money else [])]
    if not rep.by_rules:
        return Sheet(headers, [row(rank, line) for rank, line in enumerate(rep.players, start=1)])
    # Over several rule sets a row per rule set and player (a column `rules` first): points of
    # different rule sets are never added.
    return Sheet(
        ["rules", *headers],
        [
            [rules, *row(rank, line)]
            for rules, group in rep.by_rules
            for rank, line in enumerate(group.players, start=1)
        ],
    )


def debts_json(debts: OpenDebts) -> dict[str, Any]:
    """`report --open --format json`: what each table still owes, and who pays whom across them."""
    return {
        "sessions": [{"session": d.table_id, "title": d.title, "owed": _transfers(d.owed)} for d in debts.tables],
        "transfers": _transfers(debts.transfers),
    }


def debts_csv(debts: OpenDebts) -> Sheet:
    """`report --open --format csv`: a row per table and transfer still owed."""
    return Sheet(
        ["session", "from", "to", "cents"], ([d.table_id, a, b, c] for d in debts.tables for a, b, c in d.owed)
    )


# -- statistics -------------------------------------------------------------------------------


def stats_json(stats: Stats) -> dict[str, Any]:
    """`stats --format json`: the fields of CLI.md, then each rule set's extras (see README)."""
    groups = []
    for g in stats.groups:
        players = []
        for p in g.players:
            entry = asdict(p)
            extras = entry.pop("extras")
            entry.update(extras)
            players.append(entry)
        groups.append(
            {
                "rules": g.rules,
                "hands": g.hands,
                "types": g.types,
                "players": players,
                "share": g.share,
                "sessions": g.sessions,
                "partnerships": [asdict(p) | {"players": list(p.players)} for p in g.partnerships],
                **g.extras,
            }
        )
    return {"groups": groups}


def stats_csv(stats: Stats) -> Sheet:
    """`stats --format csv`: every number of the JSON as a row (rules, player, stat, value)."""
    rows: list[list[Any]] = []
    for g in stats_json(stats)["groups"]:
        rows.append([g["rules"], "", "hands", g["hands"]])
        for t, n in g["types"].items():
            rows.append([g["rules"], "", f"types.{t}", n])
        for p in g["players"]:
            for key, value in _flat(p):
                if key != "name":
                    rows.append([g["rules"], p["name"], key, value])
        for pair in g["partnerships"]:
            both = "+".join(pair["players"])
            for key in ("hands", "won", "points"):
                rows.append([g["rules"], both, f"partnership.{key}", pair[key]])
    return Sheet(["rules", "player", "stat", "value"], rows)


def _flat(d: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """Nested keys joined by dots (`as_player.won`); None as an empty cell."""
    out: list[tuple[str, Any]] = []
    for key, value in d.items():
        if isinstance(value, dict):
            out += _flat(value, f"{prefix}{key}.")
        else:
            out.append((f"{prefix}{key}", "" if value is None else value))
    return out


# -- tournaments ------------------------------------------------------------------------------


def plan_json(plan: RoundPlan) -> dict[str, Any]:
    """`tournament tables --format json`: the round's tables, players in seat order."""
    return {
        "tournament": plan.tournament.id,
        "round": plan.round,
        "repeats": plan.repeats,
        "tables": [
            {
                "table": t.table,
                "session": t.session,
                "players": list(t.players),
                "hands": t.hands,
                "of": t.of,
                "finished": plan.done(t),
            }
            for t in plan.tables
        ],
    }


def plan_csv(plan: RoundPlan) -> Sheet:
    """`tournament tables --format csv`: a row per seat."""
    return Sheet(
        ["round", "table", "session", "seat", "number", "name"],
        (
            [plan.round, t.table, t.session, seat, number, name]
            for t in plan.tables
            for seat, (name, number) in enumerate(zip(t.players, t.numbers), start=1)
        ),
    )


def finder_json(plan: RoundPlan, by: str, seats: Sequence[Any]) -> dict[str, Any]:
    """`tournament tables --by name|number --format json`: "Where do I sit?", everyone in that order."""
    players = [{"name": x.name, "number": x.number, "table": x.table, "seat": x.seat} for x in seats]
    return {"tournament": plan.tournament.id, "round": plan.round, "by": by, "players": players}


def finder_csv(plan: RoundPlan, seats: Sequence[Any]) -> Sheet:
    """`tournament tables --by name|number --format csv`: a row per player, in that order."""
    return Sheet(
        ["round", "number", "name", "table", "seat"], ([plan.round, x.number, x.name, x.table, x.seat] for x in seats)
    )


def standings_json(view: StandingsView) -> dict[str, Any]:
    """`tournament standings --format json`: every key for every game; a count the game does not keep (Skat's
    Soli, Schafkopf's games won and lost as declarer) is null. A category ranking (TEAMS.md §10.2) adds
    `kategorie`, and each player's `overall` (his main rank) beside `rank` (his category rank)."""
    out = _standings_json(view)
    if view.kategorie is not None:
        out["kategorie"] = view.kategorie
        for line, r in zip(out["players"], view.rows):
            line["overall"] = r.overall
    return out


def _standings_json(view: StandingsView) -> dict[str, Any]:
    return {
        "tournament": view.tournament.id,
        "rounds": view.rounds,
        "wertung": view.tournament.wertung,
        "players": [
            {
                "rank": r.rank,
                "number": r.number,
                "name": r.name,
                "score": r.score,
                "points": r.points,
                "soli": r.soli,
                "won": r.won,
                "lost": r.lost,
                "by_lot": r.by_lot,
                "rounds": list(r.rounds),
                "withdrawn": r.withdrawn,
            }
            for r in view.rows
        ],
        "after": view.after,
        "unfinished": [{"round": u.round, "table": u.table, "hands": u.hands, "of": u.of} for u in view.unfinished],
        "final": view.final,
        "unconfirmed": view.unconfirmed,
    }


def standings_csv(view: StandingsView) -> Sheet:
    """`tournament standings --format csv`: a column per round, empty for a round not played (and `soli`, `won`,
    `lost` empty where the game does not count them); `unfinished` names
    the tables a player sits at that are still playing ("1/5 8/32": round 1, table 5, 8 of 32 hands)."""
    waiting: dict[int, list[str]] = {}
    for u in view.unfinished:
        for number in u.numbers:
            waiting.setdefault(number, []).append(f"{u.round}/{u.table} {u.hands}/{u.of}")
    sheet = _standings_sheet(view, waiting)
    if view.kategorie is None:
        return sheet
    # A category ranking (TEAMS.md §10.2): `rank` is the category rank, `overall` the main rank beside it.
    return Sheet(
        ["rank", "overall", *list(sheet.headers)[1:]],
        [[row[0], r.overall, *row[1:]] for row, r in zip(sheet.rows, view.rows)],
    )


def _standings_sheet(view: StandingsView, waiting: dict[int, list[str]]) -> Sheet:
    return Sheet(
        [
            "rank",
            "number",
            "name",
            "score",
            "points",
            "soli",
            "won",
            "lost",
            "by_lot",
            *[f"round_{i}" for i in range(1, view.rounds + 1)],
            "withdrawn",
            "unfinished",
        ],
        [
            [
                r.rank,
                r.number,
                r.name,
                r.score,
                r.points,
                *["" if x is None else x for x in (r.soli, r.won, r.lost)],
                _flag(r.by_lot),
                *["" if x is None else x for x in r.rounds],
                _flag(r.withdrawn),
                " ".join(waiting.get(r.number, [])),
            ]
            for r in view.rows
        ],
    )


def tournament_json(
    info: TournamentInfo, entrants: Sequence[EntrantView], sheets: Sequence[SheetView], clock: Any = None
) -> dict[str, Any]:
    """`tournament show --format json`: the tournament, its players, and every sheet with the ones replaced;
    the newest round's clock (`round_started` UTC, `rundenzeit` minutes) when it has one."""
    started = clock.started.isoformat(timespec="seconds") + "Z" if clock and clock.started else None
    return {
        "tournament": info.id,
        "name": info.name,
        "rules": info.rules,
        "date": info.date.isoformat(),
        "wertung": info.wertung,
        "rounds": info.rounds,
        "hands": info.hands,
        "settings": dict(info.settings),
        "players": [
            {
                "number": e.number,
                "name": e.name,
                "withdrawn": e.withdrawn,
                "arrived": e.arrived,
                **({"kategorien": list(e.kategorien)} if e.kategorien else {}),  # TEAMS.md §10.2, where he has any
            }
            for e in entrants
        ],
        # The waiting list in order (`tournament set plaetze=N`): it moves up as players unregister.
        "waiting": [
            {"number": e.number, "name": e.name}
            for e in sorted(entrants, key=lambda e: e.waiting or 0)
            if e.waiting is not None
        ],
        "sheets": [
            {
                "round": x.round,
                "table": x.table,
                "session": x.session,
                "thrown": x.thrown,
                "replaced": x.version is not None,
                "version": x.version,
                "replaced_at": x.replaced_at.isoformat(timespec="seconds") if x.replaced_at else None,
                "entries": [
                    {
                        "number": line.number,
                        "name": line.name,
                        "points": line.points,
                        "soli": line.soli,
                        "won": line.won,
                        "lost": line.lost,
                    }
                    for line in x.lines
                ],
            }
            for x in sheets
        ],
        "round_started": started,
        "rundenzeit": clock.minutes if clock and clock.minutes else None,
    }


# -- the cashbook: views/cash_payloads.py, named here for the callers --------------------------------

from schreiber.views.cash_payloads import CASH_COLUMNS, cash_csv, cash_json  # noqa: E402,F401
