"""The JSON and CSV of `tournament cash` (RULES.md §9, TEAMS.md §10.2 and its CLI part): amounts in cents in the
JSON, euros in the CSV; keys and headers never translate."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schreiber.csvio import euros
from schreiber.views.sheet import Sheet
from schreiber.views.team_payloads import team_cash_json

if TYPE_CHECKING:
    from schreiber.ledger.cashbook import CashView

CASH_COLUMNS = (
    "number",
    "name",
    "rank",
    "startgeld",
    "paid",
    "verlustspiel",
    "reuegeld",
    "prize",
    "prize_paid",
    "balance",
)
PRIZE_COLUMNS = ("list", "place", "cents", "sach", "value", "by_lot")


def cash_json(view: CashView) -> dict[str, Any]:
    """`tournament cash --format json`: amounts in cents; `kasse` = pot − preise + kategorien_startgeld −
    kategorien_preise − sonderpreise − plus_preis − sachpreise (TEAMS.md §10.2 rule 11)."""
    design = view.design
    given = {c.name: 0 for c in design.kategorien}
    for line in view.book.lines:
        for got in line.prizes:
            if got.list in given:
                given[got.list] += got.cents
    return {
        "tournament": view.tournament.id,
        "pot": view.book.pot,
        "payout": view.book.payout,
        "kasse": view.book.kasse,
        "doppelpreis": design.doppelpreis,
        "sachpreise_bezahlt": "gespendet" if design.gespendet else "kasse",
        "kasse_parts": dict(view.book.parts),
        "kategorien": [
            {
                "name": c.name,
                "startgeld": c.startgeld,
                "paid": view.category_paid.get(c.name, 0),
                "prizes": given[c.name],
            }
            for c in design.kategorien
        ],
        "players": [
            {
                **{key: getattr(line, key) for key in CASH_COLUMNS[:3]},
                "kategorien": list(view.kategorien.get(line.number, ())),
                **{key: getattr(line, key) for key in CASH_COLUMNS[3:]},
                "prizes": prizes(view, line),
            }
            for line in view.book.lines
        ],
        **({"teams": team_cash_json(view.teams)} if view.teams else {}),
        "final": view.final,
        # RULES.md §9: the time the first prize paid out fixed every prize place's amount, or null.
        "prizes_fixed": view.prizes_fixed.isoformat(timespec="seconds") if view.prizes_fixed else None,
    }


def prize(got: Any, handed: bool = False) -> dict[str, Any]:
    """One prize: its list, its place and its cash; goods with their name and value (and whether handed over), and
    `by_lot` where the Los order decided it."""
    out: dict[str, Any] = {"list": got.list, "place": got.place, "cents": got.cents}
    if got.sach is not None:
        out |= {"sach": got.sach, "value": got.value, "handed": handed}
    if got.by_lot:
        out["by_lot"] = True
    return out


def prizes(view: CashView, line: Any) -> list[dict[str, Any]]:
    """Each prize the player gets: every list's (TEAMS.md §10.2), and each team share (`team:<competition>`)."""
    teams = view.team_shares.get(line.number, ())
    own = [prize(got, line.number in view.handed) for got in line.prizes]
    return own + [{"list": f"team:{c}", "team": name, "cents": cents} for c, name, cents in teams]


def cash_csv(view: CashView) -> Sheet:
    """`tournament cash --format csv`: a row per prize (a player without one: one row, its prize columns empty),
    money as euros (numbers)."""
    rows = []
    for line in view.book.lines:
        head = [line.number, line.name, line.rank, *(euros(getattr(line, key)) for key in CASH_COLUMNS[3:])]
        got = prizes(view, line)
        if not got:
            rows.append([*head, *([""] * len(PRIZE_COLUMNS))])
        for p in got:
            rows.append(
                [
                    *head,
                    p["list"],
                    "" if p.get("place") is None else p["place"],
                    euros(p["cents"]),
                    p.get("sach", ""),
                    euros(p["value"]) if "value" in p else "",
                    str(bool(p.get("by_lot"))).lower(),
                ]
            )
    return Sheet([*CASH_COLUMNS, *PRIZE_COLUMNS], rows)


__all__ = ["CASH_COLUMNS", "cash_csv", "cash_json", "prize", "prizes"]
