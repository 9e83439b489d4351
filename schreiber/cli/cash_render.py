"""What the money commands of a tournament print: the cashbook, payments, the money settings; for
scripts the JSON and CSV of views/payloads.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from schreiber.cli.terminal import echo, grid, print_csv, print_json, wrapped
from schreiber.i18n import _, ngettext
from schreiber.views import payloads
from schreiber.views.heading import standings_heading
from schreiber.views.text import money

if TYPE_CHECKING:
    from schreiber.scoring.cash import CashSettings
    from schreiber.ledger.cashbook import CashView, Paid
    from schreiber.ledger.categories import CategoryPaid
    from schreiber.scoring.settings import Applied


def settings_line(settings: CashSettings) -> str:
    """The money settings as `--set` takes them (cents), for `tournament show` and `tournament set`."""
    return ", ".join(f"{key}={value}" for key, value in settings.stored().items() if key != "rundenzeit")


def settings(settings_: CashSettings) -> None:
    echo(wrapped(_("  money (cents): {settings}").format(settings=settings_line(settings_))))


def changed(applied: Applied) -> None:
    if applied.money_named:
        echo(
            wrapped(_("The money settings are now: {settings} (cents).").format(settings=settings_line(applied.money)))
        )
    own = dict(applied.own)
    if "rundenzeit" in own:  # the round's clock, said in words: the minutes, and how to have none
        echo(
            _("A round plays {minutes} minutes (the clock on the wall; 0: none).").format(minutes=own.pop("rundenzeit"))
        )
    if "verein" in own:  # the club's name on the picture to share, said in words
        club = own.pop("verein")
        echo(
            wrapped(
                _("The club's name on the picture to share is now “{name}”.").format(name=club)
                if club
                else _("The picture to share names no club now.")
            )
        )
    if own:
        echo(
            wrapped(
                _("The tournament's settings changed: {settings}.").format(
                    settings=", ".join(f"{k}={v}" for k, v in own.items())
                )
            )
        )


def paid(payments: Sequence[Paid]) -> None:
    for p in payments:
        if p.kind == "sach":  # goods handed over (TEAMS.md §10.2 rule 11)
            line = (
                _("{name} ({number}) has been handed {goods} (worth {money}).")
                if p.cents >= 0
                else _("The goods handed to {name} ({number}) are taken back: {goods}.")
            )
            echo(line.format(name=p.name, number=p.number, goods=p.goods, money=money(abs(p.cents))))
            continue
        if p.kind == "preis":
            line = (
                _("{name} ({number}) has been paid the prize of {money}.")
                if p.cents > 0
                else _("The payout of {money} to {name} ({number}) is taken back.")
            )
        else:
            line = (
                _("{name} ({number}) has paid the Startgeld of {money}.")
                if p.cents > 0
                else _("The Startgeld of {money} paid by {name} ({number}) is taken back.")
            )
        echo(line.format(name=p.name, number=p.number, money=money(abs(p.cents))))


def book(view: CashView, fmt: str, excel: bool = False) -> None:
    if fmt == "json":
        return print_json(payloads.cash_json(view))
    if fmt == "csv":
        return print_csv(payloads.cash_csv(view), excel=excel)
    t, b, s = view.tournament, view.book, view.settings
    echo(
        wrapped(
            _("The cashbook of “{name}” — {heading}:").format(
                name=t.name, heading=standings_heading(view.final, view.after)
            )
        )
    )
    if view.unfinished:
        echo(
            wrapped(
                ngettext(
                    "{count} table is still playing: the ranks, and so the prizes, may change.",
                    "{count} tables are still playing: the ranks, and so the prizes, may change.",
                    view.unfinished,
                ).format(count=view.unfinished)
            )
        )
    if view.prizes_fixed:
        echo(wrapped(fixed_since(view)))
    if not b.lines:
        echo(_("Nobody is registered yet."))
        return
    headers = [
        _("rank"),
        _("no."),
        _("player"),
        _("Startgeld"),
        _("paid"),
        _("Verlustspiel"),
        _("Reuegeld"),
        _("prize"),
        _("prize paid"),
        _("balance"),
    ]
    rows = []
    for line in b.lines:
        balance = money(line.balance, plus=True) if line.balance else "0"
        rows.append(
            [
                f"{line.rank}.",
                str(line.number),
                line.name,
                money(line.startgeld),
                money(line.paid),
                money(line.verlustspiel),
                money(line.reuegeld),
                money(line.prize),
                money(line.prize_paid) if line.prize_paid else "–",
                balance,
            ]
        )
    echo(grid(rows, headers, left=(2,)))
    echo(
        _("Pot {pot} = Startgeld paid {paid} + Verlustspielgeld {verlust} + Reuegeld {reue}.").format(
            pot=money(b.pot),
            paid=money(sum(x.paid for x in b.lines)),
            verlust=money(sum(x.verlustspiel for x in b.lines)),
            reue=money(sum(x.reuegeld for x in b.lines)),
        )
    )
    if view.prizes_fixed:
        places = place_list(b)
        echo(
            wrapped(
                _("Payout as fixed at the first prize paid out: {payout}; the prizes: {places}.").format(
                    payout=money(b.payout), places=places
                )
            )
        )
    elif s.preise or b.items:
        places = place_list(b)
        echo(
            wrapped(
                _("Payout ({percent}%): {payout}; the prizes: {places}.").format(
                    payout=money(b.payout), percent=s.auszahlung, places=places
                )
            )
        )
    else:
        echo(
            _(
                "Payout ({percent}%): {payout}; no prize list is set (`schreiber tournament set preise=50%,30%,20%`)."
            ).format(payout=money(b.payout), percent=s.auszahlung)
        )
    for line in prize_lines(view):
        echo(wrapped(line))
    if any(cents for key, cents in b.parts.items() if key != "preise"):
        echo(wrapped(kasse_line(view)))
    echo(_("Kasse (the club's share): {kasse}.").format(kasse=money(b.kasse)))
    owing = view.unpaid
    if s.startgeld and owing:
        names = ", ".join(f"{line.name} ({line.number})" for line in owing)
        echo(
            wrapped(
                ngettext(
                    "{count} player has not paid the Startgeld yet: {names}.",
                    "{count} players have not paid the Startgeld yet: {names}.",
                    len(owing),
                ).format(count=len(owing), names=names)
            )
        )
    for line in settling(view):
        echo(wrapped(line))


def fixed_since(view: CashView) -> str:
    """ "Prizes fixed since …" (RULES.md §9), for the cashbook's heading."""
    return _(
        "Prizes fixed since {time} (the first prize paid out): a change of the pot goes to the Kasse only."
    ).format(time=view.prizes_fixed.strftime("%Y-%m-%d %H:%M") if view.prizes_fixed else "")


def settling(view: CashView) -> list[str]:
    """A line for each player paid a prize that differs from his prize now (after a forced correction)."""
    out = []
    for line in view.book.lines:
        if not line.prize_paid or line.prize == line.prize_paid:
            continue
        if line.prize < line.prize_paid:
            text = _("{name} ({number}) was paid {paid}, the prize is now {prize}: {rest} to give back.")
        else:
            text = _("{name} ({number}) was paid {paid}, the prize is now {prize}: {rest} still due.")
        out.append(
            text.format(
                name=line.name,
                number=line.number,
                paid=money(line.prize_paid),
                prize=money(line.prize),
                rest=money(abs(line.prize - line.prize_paid)),
            )
        )
    return out


def category_paid(payments: Sequence[CategoryPaid]) -> None:
    for p in payments:
        line = (
            _("{name} ({number}) has paid the Startgeld of {kategorie}, {money}.")
            if p.cents > 0
            else _("The Startgeld of {kategorie}, {money}, paid by {name} ({number}) is taken back.")
        )
        echo(line.format(name=p.name, number=p.number, kategorie=p.kategorie, money=money(abs(p.cents))))


def registration_kategorien(name: str, number: int, categories: Sequence[str]) -> None:
    if categories:
        echo(
            _("{name} ({number}) is registered in the categories {categories}.").format(
                name=name, number=number, categories=", ".join(categories)
            )
        )
    else:
        echo(_("{name} ({number}) is registered in no category.").format(name=name, number=number))


def got_text(got: Any) -> str:
    """One prize in words: "damen 1.: €30.00", "preise 3.: Geschenkkorb (€40.00, by lot)"."""
    where = got.list if got.place is None else f"{got.list} {got.place}" + ("." if isinstance(got.place, int) else "")
    what = (
        money(got.cents)
        if got.sach is None
        else _("{goods} (worth {money})").format(goods=got.sach, money=money(got.value))
    )
    if got.sach is not None and got.cents:
        what = f"{money(got.cents)} + {what}"
    return f"{where}: {what}" + (" " + _("(by lot)") if got.by_lot else "")


def prize_lines(view: CashView) -> list[str]:
    """Each player's prizes, when the prize designer gives more than the main list's cash (TEAMS.md §10.2)."""
    d = view.design
    if not (d.kategorien or d.sonderpreise or d.plus_preis or any(g.sach for x in view.book.lines for g in x.prizes)):
        return []
    out = [_("Prizes:")]
    for line in view.book.lines:
        if line.prizes:
            out.append(f"  {line.name} ({line.number}): " + "; ".join(got_text(g) for g in line.prizes))
    return out


def kasse_line(view: CashView) -> str:
    """The Kasse's parts (TEAMS.md §10.2 rule 11)."""
    p = view.book.parts
    return _(
        "Kasse {kasse} = pot {pot} − prizes {preise} + category Startgeld {startgeld} − category prizes {kategorien} "
        "− special prizes {sonder} − plus prizes {plus} − goods {sach}."
    ).format(
        kasse=money(view.book.kasse),
        pot=money(view.book.pot),
        preise=money(p["preise"]),
        startgeld=money(p["kategorien_startgeld"]),
        kategorien=money(p["kategorien_preise"]),
        sonder=money(p["sonderpreise"]),
        plus=money(p["plus_preis"]),
        sach=money(p["sachpreise"]),
    )


def place_list(b: Any) -> str:
    """The main list's places: "1. €100.00, 2. €50.00, 3. Geschenkkorb (worth €40.00)"."""
    items = b.items or [None] * len(b.prizes)
    return ", ".join(
        f"{i}. "
        + (
            money(cents)
            if item is None or item.sach is None
            else _("{goods} (worth {money})").format(goods=item.sach, money=money(item.value))
        )
        for i, (cents, item) in enumerate(zip(b.prizes, items), start=1)
    )
