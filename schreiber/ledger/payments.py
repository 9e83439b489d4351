"""What `settle` recorded as paid, and what is still owed, table by table and across tables."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from schreiber.i18n import N_, _
from schreiber.ledger.names import pick
from schreiber.ledger.reports import report, session_title
from schreiber.ledger.scope import Scope, tables as _tables
from schreiber.ledger.service import Ledger
from schreiber.scoring.settlement import transfers
from schreiber.rules.model import SettingsError
from schreiber.store.models import Payment, Player, Table


@dataclass(frozen=True)
class TableDebts:
    table_id: int
    title: str
    owed: list[tuple[str, str, int]]
    heading: str = ""  # the title in the language spoken


@dataclass(frozen=True)
class OpenDebts:
    """Per table, the transfers still owed after the payments recorded; and all of them netted."""

    tables: list[TableDebts]
    transfers: list[tuple[str, str, int]]


def _owed(ledger: Ledger, s: Any, table: Table, cents: dict[str, int]) -> dict[str, int]:
    """Each player's balance of one table after the payments recorded for it (0 = square)."""
    balance = dict(cents)
    for payer, payee, amount in s.execute(
        select(Payment.payer_id, Payment.payee_id, Payment.cents).where(Payment.table_id == table.id)
    ):
        payer_name, payee_name = s.get(Player, payer).name, s.get(Player, payee).name
        balance[payer_name] = balance.get(payer_name, 0) + amount
        balance[payee_name] = balance.get(payee_name, 0) - amount
    return balance


def open_debts(ledger: Ledger, scope: Scope) -> OpenDebts:
    """What is still owed, table by table, and netted across the tables of the scope."""
    rep = report(ledger, scope, per_table=True)
    tables = []
    net: dict[str, int] = defaultdict(int)
    with ledger.transaction() as s:
        for t in _tables(ledger, s, scope):
            balance = _owed(ledger, s, t, rep.table_cents.get(t.id, {}))
            owed = transfers(balance)
            if owed:
                # The JSON keeps the English title, so that a script reads the same in every language.
                tables.append(TableDebts(t.id, session_title(t, str), owed, session_title(t, _)))
                for name, c in balance.items():
                    net[name] += c
    return OpenDebts(tables, transfers(net))


def settle(
    ledger: Ledger, table_id: int | None, paid: list[str]
) -> tuple[list[tuple[str, str, int]], list[tuple[str, str, int]]]:
    """Record as paid the table's open transfers (those with a player of `paid` on either side, or all);
    returns (what was recorded now, what is still open)."""
    with ledger.transaction() as s:
        table_id = ledger.table_row(s, table_id).id
    rep = report(ledger, Scope(table_id=table_id), per_table=True)
    if not rep.money:
        raise SettingsError(
            _("settle: session {table_id} plays for no money (no --tariff); there is nothing to pay.").format(
                table_id=table_id
            )
        )
    with ledger.transaction() as s:
        table = ledger.table_row(s, table_id, for_update=True)
        balance = _owed(ledger, s, table, rep.table_cents.get(table.id, {}))
        owed = transfers(balance)
        names = sorted(balance)
        chosen = {pick(n, names, "--paid", N_("a player at this table")) for n in paid}
        now = [t for t in owed if not chosen or t[0] in chosen or t[1] in chosen]
        ids = {name: ledger.player(s, name).id for name in names}
        for payer, payee, cents in now:
            s.add(Payment(table_id=table.id, payer_id=ids[payer], payee_id=ids[payee], cents=cents))
        s.flush()
        return now, [t for t in owed if t not in now]
