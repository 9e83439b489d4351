"""What the player commands print; for scripts the JSON and CSV of views/players.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from schreiber.cli.terminal import echo, grid, print_csv, print_json
from schreiber.i18n import _, ngettext
from schreiber.views import players as payloads
from schreiber.views.text import signed

if TYPE_CHECKING:
    from schreiber.ledger.players import Merged, PlayerCard, PlayerLine


def listing(lines: list[PlayerLine], fmt: str) -> None:
    if fmt == "json":
        return print_json(payloads.list_json(lines))
    if fmt == "csv":
        return print_csv(payloads.list_csv(lines))
    if not lines:
        echo(_("No players yet."))
        return
    rows = [[line.name, str(line.tables), str(line.hands), str(line.tournaments), str(line.seasons)] for line in lines]
    echo(grid(rows, [_("player"), _("tables"), _("hands"), _("tournaments"), _("seasons")], left=(0,)))


def _points(value: int) -> str:
    return signed(value) if value < 0 else str(value)


def card(card: PlayerCard, fmt: str) -> None:
    if fmt == "json":
        return print_json(payloads.card_json(card))
    echo(card.name)
    if card.totals:
        echo(_("Totals per rule set:"))
        echo(
            grid(
                [[t.rules, str(t.tables), str(t.hands), str(t.won), _points(t.points)] for t in card.totals],
                [_("rules"), _("tables"), _("hands"), _("won"), _("points")],
                left=(0,),
            )
        )
    if card.evenings:
        echo(
            ngettext("{count} evening table:", "{count} evening tables:", len(card.evenings)).format(
                count=len(card.evenings)
            )
        )
        echo(
            grid(
                [[str(e.table), e.date, e.name or "", e.rules, str(e.hands), _points(e.points)] for e in card.evenings],
                [_("session"), _("date"), _("name"), _("rules"), _("hands"), _("points")],
                left=(2, 3),
            )
        )
    if card.tournaments:
        echo(
            ngettext("{count} tournament:", "{count} tournaments:", len(card.tournaments)).format(
                count=len(card.tournaments)
            )
        )
        echo(
            grid(
                [
                    [str(t.tournament), t.date, t.name, t.rules, str(t.number), str(t.rounds), _points(t.points)]
                    for t in card.tournaments
                ],
                [_("id"), _("date"), _("name"), _("rules"), _("no."), _("rounds"), _("points")],
                left=(2, 3),
            )
        )
    if card.seasons:
        echo(ngettext("{count} season:", "{count} seasons:", len(card.seasons)).format(count=len(card.seasons)))
        echo(
            grid(
                [[str(x.season), x.name, x.rules, str(x.number)] for x in card.seasons],
                [_("id"), _("name"), _("rules"), _("no.")],
                left=(1, 2),
            )
        )
    if not (card.evenings or card.tournaments or card.seasons):
        echo(_("No table, tournament or season yet."))


def renamed(was: str, now: str) -> None:
    echo(_("{was} is called {now} now, at every table, tournament and season.").format(was=was, now=now))


def merged(result: Merged) -> None:
    tables = ngettext("{count} table", "{count} tables", result.tables).format(count=result.tables)
    hands = ngettext("{count} hand", "{count} hands", result.hands).format(count=result.hands)
    echo(
        _("{name} is merged into {into}: {tables} with {hands} moved.").format(
            name=result.name, into=result.into, tables=tables, hands=hands
        )
    )


def privat(name: str, privat: bool) -> None:
    if privat:
        echo(_('{name} is published as his number only ("Player 12"), never by name.').format(name=name))
    else:
        echo(_("{name} is published by name again.").format(name=name))


def kategorien(name: str, categories: tuple[str, ...]) -> None:
    """`player set NAME --kategorie K,…`: the register's categories now."""
    if categories:
        echo(
            _("{name}'s categories in the register: {categories}; each later registration copies them.").format(
                name=name, categories=", ".join(categories)
            )
        )
    else:
        echo(_("{name} has no category in the register now.").format(name=name))
