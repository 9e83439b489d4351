"""What `report`, `report --open` and `settle` print: the ranking, the money, who pays whom."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from schreiber.cli.terminal import echo, grid, print_csv, print_json, tint, wrapped
from schreiber.i18n import N_, _, ngettext
from schreiber.views import payloads
from schreiber.views.text import money as euros
from schreiber.views.text import signed

if TYPE_CHECKING:
    from schreiber.ledger.payments import OpenDebts
    from schreiber.ledger.reports import Report


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
        return print_json(payloads.report_json(rep))
    if fmt == "csv":
        return print_csv(payloads.report_csv(rep), excel=excel)
    echo(
        wrapped(
            ngettext("Report: {title} — {count} hand", "Report: {title} — {count} hands", rep.hands).format(
                title=rep.title, count=rep.hands
            )
        )
    )
    if rep.by_rules:
        # Points of different rule sets are not comparable: one ranking per rule set, money summed after.
        for rules, group in rep.by_rules:
            echo(
                "\n"
                + ngettext("{rules} — {count} hand", "{rules} — {count} hands", group.hands).format(
                    rules=rules, count=group.hands
                )
            )
            _report_table(group)
        if rep.money:
            echo("\n" + _("Money across all rule sets:"))
            money = sorted(rep.players, key=lambda p: (-(p.cents or 0), p.name.casefold()))
            echo(tint(grid([[line.name, euros(line.cents or 0)] for line in money], [_("player"), _("money")])))
    else:
        _report_table(rep)
    if rep.kasse:
        echo("\n" + _("Into the Kasse ({money} together):").format(money=euros(sum(rep.kasse.values()))))
        for name, cents in rep.kasse.items():
            echo(f"  {name} {euros(cents)}")
    _kitty(rep)
    if rep.paid:
        echo("\n" + _("Paid already (schreiber settle):"))
        for debtor, creditor, cents in rep.paid:
            echo(_paid(debtor, creditor, cents))
    if rep.transfers:
        echo("\n" + (_("Who pays whom:") if not rep.paid else _("Still owed, who pays whom:")))
        for debtor, creditor, cents in rep.transfers:
            echo(_pays(debtor, creditor, cents))
    for line in rep.status:
        echo(line)


def _kitty(rep: Report) -> None:
    """The evening's Verlustspielgeld: paid into its kitty, apart from who pays whom (RULES.md §9)."""
    if not any(rep.verlustspiel.values()):
        return
    echo(
        "\n"
        + _("Verlustspielgeld into the evening's kitty ({money} together):").format(
            money=euros(sum(rep.verlustspiel.values()))
        )
    )
    for name, cents in rep.verlustspiel.items():
        if cents:  # who lost no game owes nothing: the list names those who pay
            echo(f"  {name} {euros(cents)}")


def _report_table(rep: Report) -> None:
    headers = payloads.report_columns(rep)
    signs = payloads.report_signed(rep)  # the scores, with their sign (+30, −2), as the Wertung declares
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
    words = {**_REPORT_HEADERS, **payloads.report_words(rep)}
    shown = [_(words.get(h, h)) for h in headers]
    said = payloads.report_wertung(rep).said
    if said:
        echo(wrapped(_(said)))
    echo(tint(tabulate(display, headers=shown, tablefmt="simple", disable_numparse=True, stralign="right")))


def settled(paid: Sequence[tuple[str, str, int]], still_open: Sequence[tuple[str, str, int]]) -> None:
    if not paid:
        echo(
            _("None of the open transfers involve the players named.")
            if still_open
            else _("Nothing was open to settle.")
        )
    for debtor, creditor, cents in paid:
        echo(_paid(debtor, creditor, cents))
    if still_open:
        echo(_("Still open:"))
        for debtor, creditor, cents in still_open:
            echo(_owes(debtor, creditor, cents))
    elif paid:
        echo(_("The table is settled."))


def _paid(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} paid {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def _owes(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} owes {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def _pays(debtor: str, creditor: str, cents: int) -> str:
    return _("  {debtor} pays {creditor} {money}").format(debtor=debtor, creditor=creditor, money=euros(cents))


def open_debts(debts: OpenDebts, fmt: str) -> None:
    if fmt == "json":
        return print_json(payloads.debts_json(debts))
    if fmt == "csv":
        return print_csv(payloads.debts_csv(debts))
    if not debts.tables:
        echo(_("Nothing is owed: every evening is settled."))
        return
    echo(_("Still owed:"))
    for d in debts.tables:
        echo(f"{d.heading or d.title}:")
        for debtor, creditor, cents in d.owed:
            echo(_owes(debtor, creditor, cents))
    if len(debts.tables) > 1:
        echo("\n" + _("All evenings together, who pays whom:"))
        for debtor, creditor, cents in debts.transfers:
            echo(_pays(debtor, creditor, cents))
