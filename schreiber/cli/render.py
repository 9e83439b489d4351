"""Everything schreiber prints: tables for people, and for scripts the JSON and CSV that
views/payloads.py builds (every CSV written through report/csvio.py). The one place that prints."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tabulate import tabulate

from schreiber.i18n import N_, _, ngettext
from schreiber.views.text import signed
from schreiber.views.text import money as euros
from schreiber.views.hands import describe
from schreiber.views import hands as hand_view_of

if TYPE_CHECKING:
    from types import ModuleType

    from schreiber.ledger.payments import OpenDebts
    from schreiber.ledger.reports import Report
    from schreiber.ledger.service import Edited, HandView, TableInfo, TableView
    from schreiber.ledger.stats import Stats
    from schreiber.ledger.transfer import Imported
    from schreiber.ledger.upkeep import CheckResult, LedgerInfo
    from schreiber.rules.model import Hand
    from schreiber.rules.table import BockRound, RuleSet, Statistics, TeamPlay
    from schreiber.views.payloads import Sheet


def _out(text: str = "") -> None:
    sys.stdout.write(text + "\n")


def _payloads() -> ModuleType:
    """views/payloads.py, imported when JSON or CSV is asked for (`add` never asks)."""
    from schreiber.views import payloads

    return payloads


def print_json(payload: Any) -> None:
    """A payload of views/payloads.py as one line of JSON (non-ASCII letters as they are)."""
    _out(json.dumps(payload, ensure_ascii=False))


def print_csv(sheet: Sheet, excel: bool = False) -> None:
    """A payload's header and rows as CSV, through csvio and its formula guard (plain or for Excel)."""
    from schreiber.report import csvio

    csvio.write_table(sheet.headers, sheet.rows, sys.stdout, excel=excel)


def width() -> int | None:
    """The columns to fit: COLUMNS if set, else the terminal's; None when piped (nothing to fit)."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        import shutil

        return shutil.get_terminal_size().columns
    return None


def colour() -> bool:
    """Colour on a terminal only, and never with NO_COLOR."""
    return not os.environ.get("NO_COLOR") and sys.stdout.isatty()


def paint(text: str, **style: Any) -> str:
    if not colour():
        return text
    import typer

    return typer.style(text, **style)


# A signed number or a loss of money ("−€1.80", "−1,80 €": the minus before the digits or the €).
_NUMBER = re.compile(r"(?<![\w=])([+−]€?\d+(?:[.,]\d+)*)")


def tint(text: str) -> str:
    """Plus green, minus red, on a terminal."""
    if not colour():
        return text
    return _NUMBER.sub(lambda m: paint(m.group(1), fg="green" if m.group(1)[0] == "+" else "red"), text)


def _grid(rows: Sequence[Sequence[Any]], headers: Sequence[str], left: Sequence[int] = ()) -> str:
    """A plain table, right-aligned as numbers are, but the columns in `left` (names, words) left-aligned."""
    align = None if not left else ["left" if i in left else "right" for i in range(len(headers))]
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True, stralign="right", colalign=align)


def _widest(text: str) -> int:
    return max((len(_ANSI.sub("", line)) for line in text.splitlines()), default=0)


_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def fit(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    *,
    drop: Sequence[int] = (),
    wrap: int | None = None,
    align: str = "right",
    tablefmt: str = "simple",
) -> str:
    """A table that fits the terminal: columns in `drop` go first (in that order), then the column
    `wrap` is wrapped inside its cells; never a line wider than the terminal can show, if avoidable."""
    limit = width()
    keep = list(range(len(headers)))

    def render(maxwidth: int | None = None) -> str:
        hs = [headers[i] for i in keep]
        rs = [[row[i] for i in keep] for row in rows]
        widths = None
        if maxwidth is not None and wrap in keep:
            widths = [maxwidth if i == wrap else None for i in keep]
        return tabulate(rs, headers=hs, tablefmt=tablefmt, disable_numparse=True, stralign=align, maxcolwidths=widths)

    text = render()
    if limit is None:
        return text
    for column in drop:
        if _widest(text) <= limit:
            break
        keep.remove(column)
        text = render()
    if _widest(text) > limit and wrap in keep:
        cells = [len(str(row[wrap])) for row in rows] + [len(headers[wrap])]
        room = max(8, limit - (_widest(text) - max(cells)))
        text = render(room)
    return text


def wrapped(text: str, indent: str = "  ") -> str:
    """A long line wrapped to the terminal, later lines indented."""
    limit = width()
    if limit is None or len(text) <= limit:
        return text
    import textwrap

    return "\n".join(textwrap.wrap(text, width=limit, subsequent_indent=indent, break_on_hyphens=False))


# -- tables -----------------------------------------------------------------------------------


def _title(info: TableInfo) -> str:
    name = f" “{info.name}”" if info.name else ""
    closed = _(" (closed)") if info.closed else ""
    return _("Session {id}{name}: {rules}, {date}{closed}").format(
        id=info.id, name=name, rules=info.rules, date=info.date, closed=closed
    )


def table_info(info: TableInfo, created: bool = False) -> None:
    _out(wrapped(_title(info) + (_(" — now active") if info.active else "")))
    _out(_("  players: {names}").format(names=", ".join(info.players)))
    if info.teams:
        _out(_("  teams: {teams}").format(teams=_(" vs ").join("+".join(t) for t in info.teams)))
    if info.tariff:
        _out(_("  tariff: {cents} ct per point").format(cents=info.tariff))
    if created:
        _out(_("  add the first hand with `schreiber add TYPE …`."))


def tables(infos: Sequence[TableInfo], fmt: str = "table") -> None:
    if fmt == "json":
        return print_json(_payloads().tables_json(infos))
    if fmt == "csv":
        return print_csv(_payloads().tables_csv(infos))
    if not infos:
        _out(_("No sessions yet; start one with `schreiber session new --rules schafkopf --players A B C D`."))
        return
    rows = [
        [
            ("* " if i.active else "") + str(i.id),
            i.date.isoformat(),
            i.rules,
            i.name or "",
            ", ".join(i.players),
            str(i.hands),
            _("closed") if i.closed else _("active") if i.active else _("open"),
        ]
        for i in infos
    ]
    # Too wide: the name goes first, then the status; the players wrap inside their cell.
    headers = [_("id"), _("date"), _("rules"), _("name"), _("players"), _("hands"), _("status")]
    _out(fit(rows, headers, drop=(3, 6), wrap=4, align="left"))


def table_view(view: TableView) -> None:
    info = view.table
    table_info(info)
    rules = view.rules
    for key, value in info.settings.items():
        setting = rules.settings.get(key)
        shown = setting.show(value) if setting else str(value)
        _out(f"  {key} = {shown}")
    _out(_("  hands: {hands}; next dealer: {dealer}").format(hands=info.hands, dealer=view.next_dealer))
    for line in view.status:
        _out(f"  {line}")


# -- rules ------------------------------------------------------------------------------------


def rule_sets() -> None:
    from schreiber.rules import registry

    rows = [[name, _(registry.get(name).summary)] for name in registry.names()]
    _out(fit(rows, [_("rule set"), _("what it is")], wrap=1, align="left", tablefmt="plain"))


def rule_set(rules: RuleSet) -> None:
    _out(wrapped(f"{rules.name}: {_(rules.summary)}"))
    _out(_("{low}–{high} players at the table.").format(low=rules.min_players, high=rules.max_players) + "\n")
    types = [[t, _(d)] for t, d in rules.types.items()]
    _out(fit(types, [_("hand type"), _("what it is")], wrap=1, align="left", tablefmt="plain"))
    _out()
    rows = [[k, s.show(s.default), _(s.help)] for k, s in rules.settings.items()]
    _out(fit(rows, [_("setting"), _("default"), _("what it does")], wrap=2, align="left", tablefmt="plain"))
    more = _("`schreiber rules show {name} TYPE` shows the options one hand type takes, with an example.").format(
        name=rules.name
    )
    _out("\n" + wrapped(more, ""))


# -- hands ------------------------------------------------------------------------------------


def _points_block(view: TableView, hand_view: HandView) -> str:
    players = view.table.players
    out = set(hand_view.sitting_out) | set(hand_view.absent)
    row_hand = [_("hand")] + [("–" if p in out else signed(hand_view.payout.points[p])) for p in players]
    row_total = [_("total")] + [signed(hand_view.totals[p]) for p in players]
    return tint(_grid([row_hand, row_total], ["", *players]))


def _totals_block(view: TableView) -> str:
    players = view.table.players
    return tint(_grid([[_("total")] + [signed(view.totals[p]) for p in players]], ["", *players]))


def added(view: TableView) -> None:
    h = view.hands[-1]
    _out(
        wrapped(
            _("Hand {number}: {hand} — {formula}").format(
                number=h.number, hand=describe(h.hand), formula=h.payout.formula
            )
        )
    )
    if h.payout.split:
        _out(wrapped(f"  {h.payout.split}", "    "))
    if h.made_bock is not None:
        _out(paint(_made_bock(h.made_bock), fg="yellow"))
    _out(_points_block(view, h))
    if h.payout.soloist is not None and h.dealer == view.next_dealer:
        # The table keeps the dealer after a solo (schafkopf's solo_selber_geber, a Pflichtsolo): say why.
        _out(_("Solo: {name} deals again").format(name=h.dealer))
    _next_lines(view)


def _next_lines(view: TableView) -> None:
    _out(_("Next dealer: {name}").format(name=view.next_dealer))
    if view.state.sitting_out:
        _out(_("Sits out next: {names}").format(names=", ".join(view.state.sitting_out)))
    for line in view.status:
        _out(paint(line, fg="yellow") if line.startswith(("Bock", "Doppelbock")) else line)
    small = _small_drawing(view)
    if small:
        _out(small)


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
        _out(_("Hand {number} already has these facts; nothing was changed.").format(number=number))
        return
    _out(
        _("Hand {number} changed: {hand} — {formula}").format(
            number=number, hand=describe(h.hand), formula=h.payout.formula
        )
    )
    for fact, old, new in result.changes:
        _out(f"  {fact}: {_fact_text(old)} → {_fact_text(new)}")
    _later_line(result.later_changed)
    _out(_totals_block(view))
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
    _out(
        ngettext(
            "  {count} later hand pays differently now.", "  {count} later hands pay differently now.", count
        ).format(count=count)
    )


def voided(hand: HandView, result: Edited) -> None:
    _out(_void_line(hand))
    for number, dealer in result.kept_dealers:
        _out(
            _("  Hand {number} keeps its dealer as recorded: {name} (stored as --dealer {name}).").format(
                number=number, name=dealer
            )
        )
    _later_line(result.later_changed)
    _out(_totals_block(result.view))
    _next_lines(result.view)


def restored(hand: HandView, result: Edited) -> None:
    _out(
        _("Hand {number} restored: {hand} — {formula}").format(
            number=hand.number, hand=describe(hand.hand), formula=hand.payout.formula
        )
    )
    _later_line(result.later_changed)
    _out(_totals_block(result.view))
    _next_lines(result.view)


def seated(view: TableView, joined: str | None = None, left: str | None = None) -> None:
    state = view.state
    seated_now = ", ".join(state.players)
    if joined:
        _out(
            _("{name} joins the table from the next hand on; seated now: {names}.").format(
                name=joined, names=seated_now
            )
        )
    else:
        _out(
            _("{name} leaves the table from the next hand on; seated now: {names}.").format(name=left, names=seated_now)
        )
    _next_lines(view)


def settled(paid: Sequence[tuple[str, str, int]], still_open: Sequence[tuple[str, str, int]]) -> None:
    if not paid:
        _out(
            _("None of the open transfers involve the players named.")
            if still_open
            else _("Nothing was open to settle.")
        )
    for debtor, creditor, cents in paid:
        _out(_paid(debtor, creditor, cents))
    if still_open:
        _out(_("Still open:"))
        for debtor, creditor, cents in still_open:
            _out(_owes(debtor, creditor, cents))
    elif paid:
        _out(_("The table is settled."))


def _paid(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} paid {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def _owes(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} owes {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def _pays(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} pays {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def open_debts(debts: OpenDebts, fmt: str) -> None:
    if fmt == "json":
        return print_json(_payloads().debts_json(debts))
    if fmt == "csv":
        return print_csv(_payloads().debts_csv(debts))
    if not debts.tables:
        _out(_("Nothing is owed: every evening is settled."))
        return
    _out(_("Still owed:"))
    for d in debts.tables:
        _out(f"{d.heading or d.title}:")
        for debtor, creditor, cents in d.owed:
            _out(_owes(debtor, creditor, cents))
    if len(debts.tables) > 1:
        _out("\n" + _("All evenings together, who pays whom:"))
        for debtor, creditor, cents in debts.transfers:
            _out(_pays(debtor, creditor, cents))


def _void_line(hand: HandView) -> str:
    return _("Hand {number} ({hand}) is void; it stays in the ledger, marked void.").format(
        number=hand.number, hand=describe(hand.hand)
    )


def undone(hand: HandView, view: TableView) -> None:
    _out(_void_line(hand))
    _out(_totals_block(view))
    _next_lines(view)


def hands(view: TableView, fmt: str = "table") -> None:
    if fmt == "json":
        return print_json(_payloads().hands_json(view))
    if fmt == "csv":
        return print_csv(_payloads().hands_csv(view))
    players = view.table.players
    if not view.hands:
        _out(wrapped(_("{title}: no hands yet.").format(title=_title(view.table))))
        return
    limit = width()
    _out(wrapped(_title(view.table)))
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
        table = _grid(rows, headers)
        if limit is None or _widest(table) <= limit:
            break
        # Too wide: the dealer and the value go first, then the running totals move to a last row.
        table = fit(rows, headers, drop=(1, 3), wrap=2)
        if _widest(table) <= limit:
            break
    _out(tint(table))
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
    _out(wrapped(_title(info) + _(" — every hand as typed")))
    if not rows:
        _out(_("no hands yet."))
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
        _out(fit(table, ["#", _("status"), _("hand"), _("facts"), _("entered")], drop=(4,), wrap=3, align="left"))
    if events:
        _out("\n" + _("At the table:"))
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
        _out(fit(lines, [_("when"), _("what"), _("entered")], drop=(2,), wrap=1, align="left"))


# A hand's status as stored, for `list --history`.
_STATUS = {"live": N_("live"), "void": N_("void"), "superseded": N_("superseded")}


def hand(hand_view: HandView, view: TableView, fmt: str) -> None:
    if fmt == "json":
        return print_json(_payloads().hand_json(hand_view, view))
    p = hand_view.payout
    info = view.table
    _out(
        wrapped(
            _("Hand {number} of session {id} ({rules}, {date}): {hand}").format(
                number=hand_view.number, id=info.id, rules=info.rules, date=info.date, hand=describe(hand_view.hand)
            )
        )
    )
    _out(_("  dealt by: {name}").format(name=hand_view.dealer))
    if hand_view.sitting_out:
        _out(_("  sitting out: {names}").format(names=", ".join(hand_view.sitting_out)))
    for key, value in hand_view_of.facts(hand_view.hand):
        _out(wrapped(f"  {key}: {value}", "    "))
    if hand_view.made_bock is not None:
        _out(paint("  " + _made_bock(hand_view.made_bock), fg="yellow"))
    _out("")
    if p.terms:
        _out(
            tint(fit([[t.label, hand_view_of.op(t)] for t in p.terms], [_("term"), _("amount")], wrap=0, align="left"))
        )
    _out(wrapped(_("Value: {formula}").format(formula=p.formula)))
    if p.split:
        _out(wrapped(_("Split: {split}").format(split=p.split)))
    _out(_points_block(view, hand_view))


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


# -- reports ----------------------------------------------------------------------------------


# The report's columns as a person reads them (CSV and JSON keep the English names).
_REPORT_HEADERS = {
    "rank": N_("rank"),
    "player": N_("player"),
    "points": N_("points"),
    "hands": N_("hands"),
    "won": N_("won"),
    "solos": N_("solos"),
    "money": N_("money"),
    "musssolo": N_("musssolo"),
    "schafkoepfe": N_("Schafköpfe"),
    "striche": N_("strokes"),
    "lost": N_("lost"),
}


def report(rep: Report, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(_payloads().report_json(rep))
    if fmt == "csv":
        return print_csv(_payloads().report_csv(rep), excel=excel)
    _out(
        wrapped(
            ngettext("Report: {title} — {count} hand", "Report: {title} — {count} hands", rep.hands).format(
                title=rep.title, count=rep.hands
            )
        )
    )
    if rep.by_rules:
        # Points of different rule sets are not comparable: one ranking per rule set, money summed after.
        for rules, group in rep.by_rules:
            _out(
                "\n"
                + ngettext("{rules} — {count} hand", "{rules} — {count} hands", group.hands).format(
                    rules=rules, count=group.hands
                )
            )
            _report_table(group)
        if rep.money:
            _out("\n" + _("Money across all rule sets:"))
            money = sorted(rep.players, key=lambda p: (-(p.cents or 0), p.name.casefold()))
            _out(tint(_grid([[line.name, euros(line.cents or 0)] for line in money], [_("player"), _("money")])))
    else:
        _report_table(rep)
    if rep.kasse:
        _out("\n" + _("Into the Kasse ({money} together):").format(money=euros(sum(rep.kasse.values()))))
        for name, cents in rep.kasse.items():
            _out(f"  {name} {euros(cents)}")
    _kitty(rep)
    if rep.paid:
        _out("\n" + _("Paid already (schreiber settle):"))
        for debtor, creditor, cents in rep.paid:
            _out(_paid(debtor, creditor, cents))
    if rep.transfers:
        _out("\n" + (_("Who pays whom:") if not rep.paid else _("Still owed, who pays whom:")))
        for debtor, creditor, cents in rep.transfers:
            _out(_pays(debtor, creditor, cents))
    for line in rep.status:
        _out(line)


def _kitty(rep: Report) -> None:
    """The evening's Verlustspielgeld: paid into its kitty, apart from who pays whom (RULES.md §9)."""
    if not any(rep.verlustspiel.values()):
        return
    _out(
        "\n"
        + _("Verlustspielgeld into the evening's kitty ({money} together):").format(
            money=euros(sum(rep.verlustspiel.values()))
        )
    )
    for name, cents in rep.verlustspiel.items():
        if cents:  # who lost no game owes nothing: the list names those who pay
            _out(f"  {name} {euros(cents)}")


def _report_table(rep: Report) -> None:
    headers = _payloads().report_columns(rep)
    signs = _payloads().report_signed(rep)  # the scores, with their sign (+30, −2), as the Wertung declares
    display = []
    for line in rep.players:
        values = line.values()
        row: list[Any] = [line.rank, line.name]
        for key in headers[2:]:
            if key == "money":
                row.append(euros(line.cents or 0))
            elif key in signs:
                row.append(signed(values.get(key, 0)))
            else:
                row.append(values.get(key, ""))
        display.append(row)
    words = {**_REPORT_HEADERS, **_payloads().report_words(rep)}
    shown = [_(words.get(h, h)) for h in headers]
    said = _payloads().report_wertung(rep).said
    if said:
        _out(wrapped(_(said)))
    _out(tint(tabulate(display, headers=shown, tablefmt="simple", disable_numparse=True, stralign="right")))


def imported(results: Sequence[Imported]) -> None:
    for r in results:
        hands = ngettext("{count} hand", "{count} hands", r.hands).format(count=r.hands)
        matched = _(" (matched by date, rule set, players and hands)") if r.by_facts else ""
        if r.outcome == "new":
            _out(_("Imported session {session} with {hands}.").format(session=r.session, hands=hands))
        elif r.outcome == "extended" and not r.added:
            if r.events or not r.payments:
                _out(
                    _(
                        "Added the joins and leaves of session {key} of the file to session {session}{matched}; its hands were there already."
                    ).format(key=r.key, session=r.session, matched=matched)
                )
            if r.payments:
                _out(
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
            _out(
                _("Added {which} to session {session}{matched}; the earlier ones were there already.").format(
                    which=which, session=r.session, matched=matched
                )
            )
        elif r.outcome == "same":
            _out(
                _(
                    "Session {key} of the file is already in the ledger as session {session}{matched}; nothing was changed."
                ).format(key=r.key, session=r.session, matched=matched)
            )
        else:
            _out(
                _(
                    "Session {key} of the file is already in the ledger as session {session}{matched}, "
                    "which has more hands ({hands}); nothing was changed."
                ).format(key=r.key, session=r.session, matched=matched, hands=hands)
            )
        if r.payments and r.added:
            _out(
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

    _out(wrapped(_title(view.table)))
    _out(drawing.drawing_text(_teams(view)))


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
        _out(f"{label + ':':<{width}}{value}")


def ledger_check(result: CheckResult) -> None:
    """One line per problem, or one line saying what was proven."""
    for problem in result.problems:
        _out(_("problem: {problem}").format(problem=problem))
    if not result.problems:
        _out(
            _(
                "ok: the store is intact; {tables}, {hands}, every cached payout equals the fold, schema revision {revision} is current."
            ).format(
                tables=ngettext("{count} table", "{count} tables", result.tables).format(count=result.tables),
                hands=ngettext("{count} hand", "{count} hands", result.hands).format(count=result.hands),
                revision=result.revision,
            )
        )


# -- statistics ------------------------------------------------------------------------------------


def _fitted(rows: Sequence[Sequence[Any]], headers: Sequence[str], width: int = 80) -> str:
    """The grid, or when it is wider than `width`, several grids of the columns side by side's worth,
    each beginning with the first (the player)."""
    text = _grid(rows, headers)
    if max((len(line) for line in text.splitlines()), default=0) <= width or len(headers) <= 2:
        return text
    parts = []
    start = 1
    while start < len(headers):
        end = start + 1
        while end < len(headers):
            trial = _grid([[r[0], *r[start : end + 1]] for r in rows], [headers[0], *headers[start : end + 1]])
            if max(len(line) for line in trial.splitlines()) > width:
                break
            end += 1
        parts.append(_grid([[r[0], *r[start:end]] for r in rows], [headers[0], *headers[start:end]]))
        start = end
    return "\n\n".join(parts)


def _pw(d: dict[str, int]) -> str:
    return f"{d['won']}/{d['played']}"


def stats(result: Stats, fmt: str, excel: bool = False) -> None:
    """Several small tables per rule set (each fits 80 columns); json and csv give every number."""
    if fmt == "csv":
        return print_csv(_payloads().stats_csv(result), excel=excel)
    # The terminal reads the JSON's numbers too: what a person sees is what a script gets.
    data = _payloads().stats_json(result)
    if fmt == "json":
        return print_json(data)
    if not data["groups"]:
        _out(_("No hands in this scope."))
        return
    for i, g in enumerate(data["groups"]):
        if i:
            _out()
        hands = ngettext("{count} hand", "{count} hands", g["hands"]).format(count=g["hands"])
        sessions = ngettext("{count} session", "{count} sessions", len(g["sessions"])).format(count=len(g["sessions"]))
        _out(_("{rules} — {hands} in {sessions}").format(rules=g["rules"], hands=hands, sessions=sessions))
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
        _out(_fitted(rows, headers))
        _out("\n" + _("Hand types (declared or, without a declarer, taken part in: won/played):"))
        type_names = list(g["types"])
        for start in range(0, len(type_names), 5):
            chunk = type_names[start : start + 5]
            rows = [[_("all"), *(f"{g['types'][t]} {round(100 * g['share'][t])}%" for t in chunk)]]
            rows += [
                [p["name"], *(_pw(p["by_type"][t]) if t in p["by_type"] else "" for t in chunk)] for p in g["players"]
            ]
            _out(_fitted(rows, [_("player"), *(_short(t) for t in chunk)]))
        extra = own.stat_tables(g["players"]) if own is not None and g["players"] else []
        if extra and own is not None:  # extra is only ever non-empty with own; mypy cannot see that
            _out("\n" + _(own.stat_title) + ":")
            for j, table in enumerate(extra):
                _out(("\n" if j else "") + _fitted(table[1:], [_(_STAT_HEADERS.get(h, h)) for h in table[0]]))
            if own.stat_notes:
                import textwrap

                for note in own.stat_notes:
                    _out(textwrap.fill(_(note), width=min(width() or 80, 80), break_on_hyphens=False))
        _out("\n" + _("Evenings and runs:"))
        rows = [
            [p["name"], _evening(p["best_evening"]), _evening(p["worst_evening"]), p["longest_run"]]
            for p in g["players"]
        ]
        _out(_fitted(rows, [_("player"), _("best evening"), _("worst evening"), _("won in a row")]))
        if g["partnerships"]:
            _out("\n" + _("Best partnerships (declarer and partner):"))
            rows = [["+".join(x["players"]), x["hands"], x["won"], signed(x["points"])] for x in g["partnerships"][:5]]
            _out(_fitted(rows, [_("pair"), _("hands"), _("won"), _("points")]))
        for team in g.get("teams", []):
            _out(_("Team {team}: {strokes} strokes").format(team=team["team"], strokes=team["strokes"]))


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
