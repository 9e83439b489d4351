"""What `stats` prints: several small tables per rule set, each fitting 80 columns."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from schreiber.cli.terminal import echo, fitted, print_csv, print_json, width
from schreiber.i18n import N_, _, ngettext
from schreiber.views import payloads
from schreiber.views.text import money as euros
from schreiber.views.text import signed

if TYPE_CHECKING:
    from schreiber.ledger.stats import Stats
    from schreiber.rules.table import Statistics


def _pw(d: dict[str, int]) -> str:
    return f"{d['won']}/{d['played']}"


def stats(result: Stats, fmt: str, excel: bool = False) -> None:
    """Several small tables per rule set (each fits 80 columns); json and csv give every number."""
    if fmt == "csv":
        return print_csv(payloads.stats_csv(result), excel=excel)
    # The terminal reads the JSON's numbers too: what a person sees is what a script gets.
    data = payloads.stats_json(result)
    if fmt == "json":
        return print_json(data)
    if not data["groups"]:
        echo(_("No hands in this scope."))
        return
    for i, g in enumerate(data["groups"]):
        if i:
            echo()
        hands = ngettext("{count} hand", "{count} hands", g["hands"]).format(count=g["hands"])
        sessions = ngettext("{count} session", "{count} sessions", len(g["sessions"])).format(count=len(g["sessions"]))
        echo(_("{rules} — {hands} in {sessions}").format(rules=g["rules"], hands=hands, sessions=sessions))
        money = any(p["cents"] is not None for p in g["players"])
        own = _own_statistics(g["rules"])
        # Where a game has no partners and its opponents score nothing (Skat), no such columns.
        sides = getattr(own, "stat_sides", True)
        headers = [
            _("player"),
            _("hands"),
            _("won"),
            _("points"),
            *([_("money")] if money else []),
            _("declared"),
            *([_("partner"), _("opponent")] if sides else []),
        ]
        rows = [
            [
                p["name"],
                p["hands"],
                p["won"],
                signed(p["points"]),
                *([euros(p["cents"] or 0)] if money else []),
                _pw(p["as_player"]),
                *([_pw(p["as_partner"]), _pw(p["as_opponent"])] if sides else []),
            ]
            for p in g["players"]
        ]
        echo(fitted(rows, headers))
        echo("\n" + _("Hand types (declared or, without a declarer, taken part in: won/played):"))
        type_names = list(g["types"])
        for start in range(0, len(type_names), 5):
            chunk = type_names[start : start + 5]
            rows = [[_("all"), *(f"{g['types'][t]} {round(100 * g['share'][t])}%" for t in chunk)]]
            rows += [
                [p["name"], *(_pw(p["by_type"][t]) if t in p["by_type"] else "" for t in chunk)] for p in g["players"]
            ]
            echo(fitted(rows, [_("player"), *(_short(t) for t in chunk)]))
        extra = own.stat_tables(g["players"]) if own is not None and g["players"] else []
        if extra and own is not None:  # extra is only ever non-empty with own; mypy cannot see that
            echo("\n" + _(own.stat_title) + ":")
            for j, table in enumerate(extra):
                echo(("\n" if j else "") + fitted(table[1:], [_(_STAT_HEADERS.get(h, h)) for h in table[0]]))
            if own.stat_notes:
                import textwrap

                for note in own.stat_notes:
                    echo(textwrap.fill(_(note), width=min(width() or 80, 80), break_on_hyphens=False))
        echo("\n" + _("Evenings and runs:"))
        rows = [
            [p["name"], _evening(p["best_evening"]), _evening(p["worst_evening"]), p["longest_run"]]
            for p in g["players"]
        ]
        echo(fitted(rows, [_("player"), _("best evening"), _("worst evening"), _("won in a row")]))
        if g["partnerships"]:
            echo("\n" + _("Best partnerships (declarer and partner):"))
            rows = [["+".join(x["players"]), x["hands"], x["won"], signed(x["points"])] for x in g["partnerships"][:5]]
            echo(fitted(rows, [_("pair"), _("hands"), _("won"), _("points")]))
        for team in g.get("teams", []):
            echo(_("Team {team}: {strokes} strokes").format(team=team["team"], strokes=team["strokes"]))


# The columns of the rule sets' own tables, as a person reads them (CSV and JSON keep the keys).
_STAT_HEADERS = {
    "player": N_("player"),
    "solos": N_("solos"),
    "tout": "tout",
    "sie": "sie",
    "klopfen": "klopfen",
    "kontra": "kontra",
    "re": "re",
    "laufende": "laufende",
    "ramsch": "ramsch",
    "lost": N_("lost"),
    "jungfrau": "jungfrau",
    "durchmarsch": "durchmarsch",
    "absagen": "absagen",
    "foxes": N_("foxes"),
    "karlchen": "karlchen",
    "dk": "dk",
    "pflicht": "pflicht",
    "spritzen": "spritzen",
    "strokes": N_("strokes"),
    "heads": N_("heads"),
}


def _short(t: str) -> str:
    return t if len(t) <= 12 else t[:11] + "."


def _evening(e: dict[str, Any] | None) -> str:
    return "" if e is None else f"{signed(e['points'])} ({e['date']})"


def _own_statistics(rules: str) -> Statistics | None:
    """The rule set's own statistics (its `Statistics`), or None."""
    from schreiber.rules import registry
    from schreiber.rules.table import Statistics

    ruleset = registry.get(rules)
    return ruleset if isinstance(ruleset, Statistics) else None
