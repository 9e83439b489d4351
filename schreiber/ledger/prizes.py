"""Paid is paid (RULES.md §9 "Prizes are fixed at the first payout"): the first prize paid out fixes the
amount of every prize place; from then on whatever would move the standings is refused, naming the paid
prizes, unless the command line's `--force` is given. `guard` is the one check every such write calls.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.rules.model import SettingsError
from schreiber.store.models import Entrant, Player, Tournament, TournamentCash, TournamentPayment, TournamentTable

if TYPE_CHECKING:  # `guard` runs with every hand added: it imports nothing the check itself does not need
    from schreiber.scoring import cash

PREIS = "preis"
SACH = "sach"  # goods handed over (TEAMS.md §10.2 rule 11): a row of 1, taken back a row of −1


def paid(s: Session, tournament_id: int, kind: str = PREIS) -> dict[int, int]:
    """Start number -> cents of `kind` handed over (payments taken back counted off); only those not 0."""
    return {
        number: int(cents)
        for number, cents in s.execute(
            select(Entrant.number, func.sum(TournamentPayment.cents))
            .join(
                Entrant, (Entrant.player_id == TournamentPayment.player_id) & (Entrant.tournament_id == tournament_id)
            )
            .where(TournamentPayment.tournament_id == tournament_id, TournamentPayment.kind == kind)
            .group_by(Entrant.number)
        )
        if cents
    }


def fixed(s: Session, tournament_id: int) -> tuple[cash.Fixed | None, dt.datetime | None]:
    """The prizes as fixed by the first payout and when (a datetime), or (None, None) while none is paid."""
    from schreiber.scoring import cash

    row = s.get(TournamentCash, tournament_id)
    if row is None or row.fixed is None or row.fixed_at is None:
        return None, None
    return cash.Fixed(int(row.fixed["payout"]), tuple(int(c) for c in row.fixed["prizes"])), row.fixed_at


def fix(s: Session, tournament_id: int, book: cash.Cashbook) -> None:
    """Keep the payout and the prize of every place as `book` has them now, unless already fixed."""
    from schreiber.scoring import cash

    row = s.get(TournamentCash, tournament_id)
    if row is None:  # a prize needs a prize list, so the settings are kept already; this only guards
        row = TournamentCash(tournament_id=tournament_id, settings=cash.CashSettings().stored())
        s.add(row)
    if row.fixed is None:
        row.fixed = {"payout": book.payout, "prizes": list(book.prizes)}
        row.fixed_at = dt.datetime.now().replace(microsecond=0)  # the treasurer's wall clock, as he reads it


def unfix_when_none_paid(s: Session, tournament_id: int) -> None:
    """The last prize taken back unfixes the prizes: the cashbook computes them from the pot again."""
    s.flush()
    if not paid(s, tournament_id) and not any(c > 0 for c in paid(s, tournament_id, SACH).values()):
        row = s.get(TournamentCash, tournament_id)
        if row is not None:
            row.fixed, row.fixed_at = None, None


def guard(
    s: Session, what: str, *, force: bool | None, tournament_id: int | None = None, table_id: int | None = None
) -> None:
    """Refuse a write that would move the standings of a tournament whose prizes are paid out (of the
    tournament, or of the tournament `table_id` is a table of), unless `force`. `force` None: the caller
    (a page) has no `--force`, so the sentence does not offer one."""
    if force:
        return
    query = select(TournamentCash.tournament_id).where(TournamentCash.fixed_at.is_not(None))
    if table_id is not None:
        query = query.join(TournamentTable, TournamentTable.tournament_id == TournamentCash.tournament_id).where(
            TournamentTable.table_id == table_id
        )
    else:
        query = query.where(TournamentCash.tournament_id == tournament_id)
    found = s.scalar(query.limit(1))
    if found is None:
        return
    raise SettingsError(refusal(s, found, what, offer_force=force is not None))


def refusal(s: Session, tournament_id: int, what: str, offer_force: bool = True) -> str:
    """The one sentence naming the prizes paid out, and (at the command line) what `--force` does."""
    from schreiber.rules.words import money

    names = dict(
        s.execute(
            select(Entrant.number, Player.name)
            .join(Player, Player.id == Entrant.player_id)
            .where(Entrant.tournament_id == tournament_id)
        ).all()
    )
    out = sorted(paid(s, tournament_id).items(), key=lambda item: (-item[1], item[0]))
    listed = ", ".join(f"{names.get(number, number)} ({number}) {money(cents)}" for number, cents in out)
    goods = sorted(
        number for number, count in paid(s, tournament_id, SACH).items() if count > 0 and number not in dict(out)
    )
    if goods:  # goods handed over (TEAMS.md §10.2 rule 11) fix the prizes too
        listed = ", ".join(
            [listed] * bool(listed)
            + [_("{name} ({number}) goods").format(name=names.get(n, n), number=n) for n in goods]
        )
    name = s.get(Tournament, tournament_id).name
    if offer_force:
        return _(
            "{what}: prizes of {tournament} are paid out already ({paid}), and this would change its standings; "
            "--force does it anyway (the paid prizes stay paid; `schreiber tournament cash` shows what is then still due "
            "or to give back)."
        ).format(what=what, tournament=name, paid=listed)
    return _(
        "Prizes of {tournament} are paid out already ({paid}), so its standings cannot change here; "
        "only the organiser can correct them at the command line."
    ).format(tournament=name, paid=listed)


__all__ = ["PREIS", "fix", "fixed", "guard", "paid", "refusal", "unfix_when_none_paid"]
