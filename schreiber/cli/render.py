"""What the commands of an evening print: sessions, rule sets, hands, an import, the strokes and
the ledger's own state; for scripts the JSON and CSV that views/payloads.py builds. The toolkit
they print with is cli/terminal.py; reports and money are in report_render.py, `stats` in
stats_render.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from schreiber.cli.terminal import echo, fit, grid, paint, print_csv, print_json, tint, widest, width, wrapped
from schreiber.i18n import N_, _, ngettext
from schreiber.views import hands as hand_view_of
from schreiber.views.hands import describe
from schreiber.views.text import signed

if TYPE_CHECKING:
    from types import ModuleType

    from schreiber.ledger.tables.hands import Edited
    from schreiber.ledger.tables.results import HandView, TableInfo, TableView
    from schreiber.ledger.transfer.matching import Imported
    from schreiber.ledger.upkeep import CheckResult, LedgerInfo
    from schreiber.rules.model import Hand
    from schreiber.rules.table import BockRound, RuleSet, TeamPlay


def _payloads() -> ModuleType:
    """views/payloads.py, imported when JSON or CSV is asked for (`add` never asks)."""
    from schreiber.views import payloads

    return payloads


# -- tables -----------------------------------------------------------------------------------


def _title(info: TableInfo) -> str:
    name = f" “{info.name}”" if info.name else ""
    closed = _(" (closed)") if info.closed else ""
    return _("Session {id}{name}: {rules}, {date}{closed}").format(
        id=info.id, name=name, rules=info.rules, date=info.date, closed=closed
    )


def table_info(info: TableInfo, created: bool = False, length: bool = True) -> None:
    echo(wrapped(_title(info) + (_(" — now active") if info.active else "")))
    echo(_("  players: {names}").format(names=", ".join(info.players)))
    if info.teams:
        echo(_("  teams: {teams}").format(teams=_(" vs ").join("+".join(t) for t in info.teams)))
    if info.tariff:
        echo(_("  tariff: {cents} ct per point").format(cents=info.tariff))
    if length and info.series is not None:
        echo(_("  hands: {hands} of {of}").format(hands=info.hands, of=info.series.of))
    if created:
        echo(_("  add the first hand with `schreiber add TYPE …`."))


def tables(infos: Sequence[TableInfo], fmt: str = "table") -> None:
    if fmt == "json":
        return print_json(_payloads().tables_json(infos))
    if fmt == "csv":
        return print_csv(_payloads().tables_csv(infos))
    if not infos:
        echo(_("No sessions yet; start one with `schreiber session new --rules schafkopf --players A B C D`."))
        return
    rows = [
        [
            ("* " if i.active else "") + str(i.id),
            i.date.isoformat(),
            i.rules,
            i.name or "",
            ", ".join(i.players),
            f"{i.hands}/{i.series.of}" if i.series is not None else str(i.hands),
            _("closed") if i.closed else _("active") if i.active else _("open"),
        ]
        for i in infos
    ]
    # Too wide: the name goes first, then the status; the players wrap inside their cell.
    headers = [_("id"), _("date"), _("rules"), _("name"), _("players"), _("hands"), _("status")]
    echo(fit(rows, headers, drop=(3, 6), wrap=4, align="left"))


def table_view(view: TableView) -> None:
    info = view.table
    table_info(info, length=False)
    rules = view.rules
    for key, value in info.settings.items():
        if key == "hands" and info.series is not None:  # the evening's length: said with the hands played, below
            continue
        setting = rules.settings.get(key)
        shown = setting.show(value) if setting else str(value)
        echo(f"  {key} = {shown}")
    if view.ended:
        echo(f"  {view.ended}")
        return
    if info.series is not None:
        echo(
            _("  hands: {hands} of {of}; next dealer: {dealer}").format(
                hands=info.hands, of=info.series.of, dealer=view.next_dealer
            )
        )
    else:
        echo(_("  hands: {hands}; next dealer: {dealer}").format(hands=info.hands, dealer=view.next_dealer))
    for line in view.status:
        echo(f"  {line}")


# -- rules ------------------------------------------------------------------------------------


def rule_sets() -> None:
    from schreiber.rules import registry

    rows = [[name, _(registry.get(name).summary)] for name in registry.names()]
    echo(fit(rows, [_("rule set"), _("what it is")], wrap=1, align="left", tablefmt="plain"))


def rule_set(rules: RuleSet) -> None:
    echo(wrapped(f"{rules.name}: {_(rules.summary)}"))
    echo(_("{low}–{high} players at the table.").format(low=rules.min_players, high=rules.max_players) + "\n")
    types = [[t, _(d)] for t, d in rules.types.items()]
    echo(fit(types, [_("hand type"), _("what it is")], wrap=1, align="left", tablefmt="plain"))
    echo()
    rows = [[k, s.show(s.default), _(s.help)] for k, s in rules.settings.items()]
    echo(fit(rows, [_("setting"), _("default"), _("what it does")], wrap=2, align="left", tablefmt="plain"))
    more = _("`schreiber rules show {name} TYPE` shows the options one hand type takes, with an example.").format(
        name=rules.name
    )
    echo("\n" + wrapped(more, ""))


# -- hands ------------------------------------------------------------------------------------


def _points_block(view: TableView, hand_view: HandView) -> str:
    players = view.table.players
    out = set(hand_view.sitting_out) | set(hand_view.absent)
    row_hand = [_("hand")] + [("–" if p in out else signed(hand_view.payout.points[p])) for p in players]
    row_total = [_("total")] + [signed(hand_view.totals[p]) for p in players]
    return tint(grid([row_hand, row_total], ["", *players]))


def _totals_block(view: TableView) -> str:
    players = view.table.players
    return tint(grid([[_("total")] + [signed(view.totals[p]) for p in players]], ["", *players]))


def added(view: TableView) -> None:
    h = view.hands[-1]
    echo(
        wrapped(
            _("Hand {number}: {hand} — {formula}").format(
                number=h.number, hand=describe(h.hand), formula=h.payout.formula
            )
        )
    )
    if h.payout.split:
        echo(wrapped(f"  {h.payout.split}", "    "))
    if h.made_bock is not None:
        echo(paint(_made_bock(h.made_bock), fg="yellow"))
    echo(_points_block(view, h))
    if h.payout.soloist is not None and h.dealer == view.next_dealer and not view.ended:
        # The table keeps the dealer after a solo (schafkopf's solo_selber_geber, a Pflichtsolo): say why.
        echo(_("Solo: {name} deals again").format(name=h.dealer))
    _next_lines(view)


def _next_lines(view: TableView) -> None:
    if view.ended:  # nobody deals next: the table has played its series
        echo(view.ended)
        small = _small_drawing(view)
        if small:
            echo(small)
        return
    echo(_("Next dealer: {name}").format(name=view.next_dealer))
    if view.state.sitting_out:
        echo(_("Sits out next: {names}").format(names=", ".join(view.state.sitting_out)))
    for line in view.status:
        echo(paint(line, fg="yellow") if line.startswith(("Bock", "Doppelbock")) else line)
    small = _small_drawing(view)
    if small:
        echo(small)


def _small_drawing(view: TableView) -> str:
    from schreiber.rules.table import TeamPlay

    if not isinstance(view.rules, TeamPlay):
        return ""
    from schreiber.report import drawing

    return "\n".join(drawing.team_small(team) for team in view.rules.teams_view(view.table.settings, view.state))


def edited(number: int, result: Edited) -> None:
    view = result.view
    h = next(x for x in view.hands if x.number == number)
    if not result.changes:
        echo(_("Hand {number} already has these facts; nothing was changed.").format(number=number))
        return
    echo(
        _("Hand {number} changed: {hand} — {formula}").format(
            number=number, hand=describe(h.hand), formula=h.payout.formula
        )
    )
    for fact, old, new in result.changes:
        echo(f"  {fact}: {_fact_text(old)} → {_fact_text(new)}")
    _later_line(result.later_changed)
    echo(_totals_block(view))
    _next_lines(view)


def _fact_text(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)


def _later_line(count: int) -> None:
    echo(
        ngettext(
            "  {count} later hand pays differently now.", "  {count} later hands pay differently now.", count
        ).format(count=count)
    )


def voided(hand: HandView, result: Edited) -> None:
    echo(_void_line(hand))
    for number, dealer in result.kept_dealers:
        echo(
            _("  Hand {number} keeps its dealer as recorded: {name} (stored as --dealer {name}).").format(
                number=number, name=dealer
            )
        )
    _later_line(result.later_changed)
    echo(_totals_block(result.view))
    _next_lines(result.view)


def restored(hand: HandView, result: Edited) -> None:
    echo(
        _("Hand {number} restored: {hand} — {formula}").format(
            number=hand.number, hand=describe(hand.hand), formula=hand.payout.formula
        )
    )
    _later_line(result.later_changed)
    echo(_totals_block(result.view))
    _next_lines(result.view)


def seated(view: TableView, joined: str | None = None, left: str | None = None) -> None:
    state = view.state
    seated_now = ", ".join(state.players)
    if joined:
        echo(
            _("{name} joins the table from the next hand on; seated now: {names}.").format(
                name=joined, names=seated_now
            )
        )
    else:
        echo(
            _("{name} leaves the table from the next hand on; seated now: {names}.").format(name=left, names=seated_now)
        )
    _next_lines(view)


def _void_line(hand: HandView) -> str:
    return _("Hand {number} ({hand}) is void; it stays in the ledger, marked void.").format(
        number=hand.number, hand=describe(hand.hand)
    )


def undone(hand: HandView, view: TableView) -> None:
    echo(_void_line(hand))
    echo(_totals_block(view))
    _next_lines(view)


def hands(view: TableView, fmt: str = "table") -> None:
    if fmt == "json":
        return print_json(_payloads().hands_json(view))
    if fmt == "csv":
        return print_csv(_payloads().hands_csv(view))
    players = view.table.players
    if not view.hands:
        echo(wrapped(_("{title}: no hands yet.").format(title=_title(view.table))))
        return
    limit = width()
    echo(wrapped(_title(view.table)))
    for running in (True, False):
        rows = []
        for h in view.hands:
            out = set(h.sitting_out) | set(h.absent)
            cells = [
                ("–" if p in out else signed(h.payout.points[p])) + (f" ({signed(h.totals[p])})" if running else "")
                for p in players
            ]
            rows.append([str(h.number), h.dealer, describe(h.hand), str(h.payout.value) + _bock_mark(h), *cells])
        if not running:
            # Without the running totals in each cell, they stand in one row at the end.
            rows.append(["", "", _("total"), "", *[signed(view.totals[p]) for p in players]])
        headers = ["#", _("dealer"), _("hand"), _("value"), *players]
        table = grid(rows, headers)
        if limit is None or widest(table) <= limit:
            break
        # Too wide: the dealer and the value go first, then the running totals move to a last row.
        table = fit(rows, headers, drop=(1, 3), wrap=2)
        if widest(table) <= limit:
            break
    echo(tint(table))
    _next_lines(view)


def _bock_mark(hand_view: HandView) -> str:
    """ " Bock" after the value of a hand played in a Bock round (" Doppelbock" in one of ×4), else ""."""
    for term in hand_view.payout.terms:
        if term.op == "×" and term.label in ("Bock", "Doppelbock"):
            return " " + term.label
    return ""


def history(
    info: TableInfo,
    rows: Sequence[tuple[int, str, Hand, Any]],
    events: Sequence[tuple[int, str, str | None, int | None, Any]] = (),
) -> None:
    echo(wrapped(_title(info) + _(" — every hand as typed")))
    if not rows:
        echo(_("no hands yet."))
    else:
        table = [
            [
                str(number),
                _(_STATUS.get(status, status)),
                describe(hand),
                "; ".join(f"{k}: {v}" for k, v in hand_view_of.facts(hand)),
                f"{entered:%Y-%m-%d %H:%M}" if entered else "",
            ]
            for number, status, hand, entered in rows
        ]
        echo(fit(table, ["#", _("status"), _("hand"), _("facts"), _("entered")], drop=(4,), wrap=3, align="left"))
    if events:
        echo("\n" + _("At the table:"))
        lines = []
        for after, kind, name, extra, when in events:
            if kind == "join":
                what = (_("{name} joins at seat {seat}") if extra else _("{name} joins")).format(name=name, seat=extra)
            elif kind == "leave":
                what = _("{name} leaves").format(name=name)
            else:
                what = (_("hand {number} voided") if kind == "void" else _("hand {number} restored")).format(
                    number=extra
                )
            lines.append(
                [
                    _("after hand {number}").format(number=after) if kind in ("join", "leave") else "",
                    what,
                    f"{when:%Y-%m-%d %H:%M}" if when else "",
                ]
            )
        echo(fit(lines, [_("when"), _("what"), _("entered")], drop=(2,), wrap=1, align="left"))


# A hand's status as stored, for `list --history`.
_STATUS = {"live": N_("live"), "void": N_("void"), "superseded": N_("superseded")}


def hand(hand_view: HandView, view: TableView, fmt: str) -> None:
    if fmt == "json":
        return print_json(_payloads().hand_json(hand_view, view))
    p = hand_view.payout
    info = view.table
    echo(
        wrapped(
            _("Hand {number} of session {id} ({rules}, {date}): {hand}").format(
                number=hand_view.number, id=info.id, rules=info.rules, date=info.date, hand=describe(hand_view.hand)
            )
        )
    )
    echo(_("  dealt by: {name}").format(name=hand_view.dealer))
    if hand_view.sitting_out:
        echo(_("  sitting out: {names}").format(names=", ".join(hand_view.sitting_out)))
    for key, value in hand_view_of.facts(hand_view.hand):
        echo(wrapped(f"  {key}: {value}", "    "))
    if hand_view.made_bock is not None:
        echo(paint("  " + _made_bock(hand_view.made_bock), fg="yellow"))
    echo("")
    if p.terms:
        echo(
            tint(fit([[t.label, hand_view_of.op(t)] for t in p.terms], [_("term"), _("amount")], wrap=0, align="left"))
        )
    echo(wrapped(_("Value: {formula}").format(formula=p.formula)))
    if p.split:
        echo(wrapped(_("Split: {split}").format(split=p.split)))
    echo(_points_block(view, hand_view))


def _made_bock(round_: BockRound) -> str:
    if round_.factor == 2:
        said = ngettext(
            "This hand made a Bock round: ×{factor} for {count} hand.",
            "This hand made a Bock round: ×{factor} for {count} hands.",
            round_.hands_left,
        )
    else:
        said = ngettext(
            "This hand made a Doppelbock round: ×{factor} for {count} hand.",
            "This hand made a Doppelbock round: ×{factor} for {count} hands.",
            round_.hands_left,
        )
    return said.format(factor=round_.factor, count=round_.hands_left)


def imported(results: Sequence[Imported]) -> None:
    for r in results:
        hands = ngettext("{count} hand", "{count} hands", r.hands).format(count=r.hands)
        matched = _(" (matched by date, rule set, players and hands)") if r.by_facts else ""
        if r.outcome == "new":
            echo(_("Imported session {session} with {hands}.").format(session=r.session, hands=hands))
        elif r.outcome == "extended" and not r.added:
            if r.events or not r.payments:
                echo(
                    _(
                        "Added the joins and leaves of session {key} of the file to session {session}{matched}; its hands were there already."
                    ).format(key=r.key, session=r.session, matched=matched)
                )
            if r.payments:
                echo(
                    ngettext(
                        "Added {count} payment of session {key} of the file to session {session}{matched}; its hands were there already.",
                        "Added {count} payments of session {key} of the file to session {session}{matched}; its hands were there already.",
                        r.payments,
                    ).format(count=r.payments, key=r.key, session=r.session, matched=matched)
                )
        elif r.outcome == "extended":
            first = r.first_added or r.hands - r.added + 1
            which = (
                _("hand {first}").format(first=first)
                if r.added == 1
                else _("hands {first}–{last}").format(first=first, last=first + r.added - 1)
            )
            echo(
                _("Added {which} to session {session}{matched}; the earlier ones were there already.").format(
                    which=which, session=r.session, matched=matched
                )
            )
        elif r.outcome == "same":
            echo(
                _(
                    "Session {key} of the file is already in the ledger as session {session}{matched}; nothing was changed."
                ).format(key=r.key, session=r.session, matched=matched)
            )
        else:
            echo(
                _(
                    "Session {key} of the file is already in the ledger as session {session}{matched}, "
                    "which has more hands ({hands}); nothing was changed."
                ).format(key=r.key, session=r.session, matched=matched, hands=hands)
            )
        if r.payments and r.added:
            echo(
                ngettext(
                    "Recorded {count} payment of the file (settle) for session {session}.",
                    "Recorded {count} payments of the file (settle) for session {session}.",
                    r.payments,
                ).format(count=r.payments, session=r.session)
            )


def _teams(view: TableView) -> Any:
    """The team view of a team-play table (the command checked `TeamPlay` before asking for strokes)."""
    return cast("TeamPlay", view.rules).teams_view(view.table.settings, view.state)


def strokes(view: TableView) -> None:
    from schreiber.report import drawing

    echo(wrapped(_title(view.table)))
    echo(drawing.drawing_text(_teams(view)))


def strokes_svg(view: TableView) -> str:
    from schreiber.report import drawing

    return drawing.drawing_svg(_teams(view))


# -- the ledger itself (db info, db check) ---------------------------------------------------------


def ledger_info(info: LedgerInfo) -> None:
    rows = [
        (_("ledger"), info.where),
        (_("schema revision"), info.revision or _("none")),
        (_("tables"), info.tables),
        (_("hands"), info.hands),
        (_("players"), info.players),
    ]
    width = max(17, max(len(label) for label, _value in rows) + 2)
    for label, value in rows:
        echo(f"{label + ':':<{width}}{value}")


def ledger_check(result: CheckResult) -> None:
    """One line per problem, or one line saying what was proven."""
    for problem in result.problems:
        echo(_("problem: {problem}").format(problem=problem))
    if not result.problems:
        echo(
            _(
                "ok: the store is intact; {tables}, {hands}, every cached payout equals the fold, schema revision {revision} is current."
            ).format(
                tables=ngettext("{count} table", "{count} tables", result.tables).format(count=result.tables),
                hands=ngettext("{count} hand", "{count} hands", result.hands).format(count=result.hands),
                revision=result.revision,
            )
        )


# The renderers of reports and money (report_render.py) and of `stats` (stats_render.py) were part
# of this module; the command modules still reach every renderer through runner._render(), so their names
# are found here, loaded when first asked for (an evening's `add` never loads them).
_MOVED = {
    "report_render": ("report", "open_debts", "settled"),
    "stats_render": ("stats",),
}


def __getattr__(name: str) -> Any:
    import importlib

    for module, names in _MOVED.items():
        if name in names:
            return getattr(importlib.import_module(f"schreiber.cli.{module}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
