"""Categories over the ledger (TEAMS.md §10.2 rules 1–3): the register's set of each player, each registration's
copy (tournament and season), a category's opt-in Startgeld paid, and the category ranking — the main ranking's
players whose registration carries the category (and who paid its Startgeld, where it has one), in its order.

A later change in the register never changes an earlier registration: the copy is made when he is registered.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from schreiber.i18n import _
from schreiber.ledger import prizes as fixing, registration
from schreiber.ledger.service import Ledger
from schreiber.ledger.standings import StandingsView
from schreiber.rules.model import SettingsError
from schreiber.scoring import prizes, settings as settings_registry, teams
from schreiber.store.models import (
    Entrant,
    Player,
    Season,
    SeasonPlayer,
    Tournament,
    TournamentCategoryPayment,
)


def of(text: str | None) -> tuple[str, ...]:
    """A kept set (`damen,senioren`) -> its categories."""
    return tuple(c for c in (text or "").split(",") if c)


def kept(categories: Sequence[str]) -> str | None:
    return ",".join(categories) or None


def words(typed: str, option: str, t: Tournament | None = None) -> tuple[str, ...]:
    """The categories typed (`damen,senioren`; "" clears), each a word of small letters, digits and -, none named like
    a setting or a team competition of `t`."""
    reserved = list(settings_registry.reserved_words())
    if t is not None:
        reserved += [c.name for c in teams.parse(str(t.settings.get("teams") or ""), option)]
    return prizes.category_names(option.lstrip("-"), typed, option, reserved)


def paid(s: Session, tournament_id: int) -> dict[tuple[int, str], int]:
    """(start number, category) -> the category Startgeld he paid (taken back counted off); only those not 0."""
    return {
        (number, kategorie): int(cents)
        for number, kategorie, cents in s.execute(
            select(Entrant.number, TournamentCategoryPayment.kategorie, func.sum(TournamentCategoryPayment.cents))
            .join(
                Entrant,
                (Entrant.player_id == TournamentCategoryPayment.player_id) & (Entrant.tournament_id == tournament_id),
            )
            .where(TournamentCategoryPayment.tournament_id == tournament_id)
            .group_by(Entrant.number, TournamentCategoryPayment.kategorie)
        )
        if cents
    }


def registered(s: Session, tournament_id: int) -> dict[int, tuple[str, ...]]:
    """Start number -> the categories his registration carries."""
    return {
        number: of(text)
        for number, text in s.execute(
            select(Entrant.number, Entrant.kategorien).where(Entrant.tournament_id == tournament_id)
        )
    }


def members(s: Session, t: Tournament) -> dict[str, frozenset[int]]:
    """Each category of `kategorien` -> the start numbers in its ranking: their registration carries it, and where it
    has a Startgeld they paid it (rule 3)."""
    design = settings_registry.design(t.settings, settings_registry.money_kept(None))
    carried = registered(s, t.id)
    money = paid(s, t.id)
    out = {}
    for category in design.kategorien:
        out[category.name] = frozenset(
            number
            for number, got in carried.items()
            if category.name in got
            and (not category.startgeld or money.get((number, category.name), 0) >= category.startgeld)
        )
    return out


def ranked(view: StandingsView, kategorie: str, numbers: frozenset[int]) -> StandingsView:
    """The category ranking (rule 2): the main ranking's players of `numbers`, in its order; category rank = 1 + those
    of them ranked strictly better; each row keeps his main rank as `overall`."""
    rows = [r for r in view.rows if r.number in numbers]
    out = tuple(dataclasses.replace(r, rank=1 + sum(1 for o in rows if o.rank < r.rank), overall=r.rank) for r in rows)
    return dataclasses.replace(view, rows=out, kategorie=kategorie)


@dataclass(frozen=True)
class CategoryPaid:
    number: int
    name: str
    kategorie: str
    cents: int


class Categories:
    """The category commands over an open ledger, one transaction each."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger

    def standings(self, view: StandingsView, kategorie: str) -> StandingsView:
        """`standings --kategorie K`: the category ranking of the tournament `view` ranks."""
        with self.ledger.transaction() as s:
            t = s.get(Tournament, view.tournament.id)
            named = settings_registry.categories_of(t.settings)
            chosen = kategorie.strip().lower()
            if chosen not in named:
                raise SettingsError(unknown(chosen, t.name, named))
            return ranked(view, chosen, members(s, t)[chosen])

    def season_standings(self, view: Any, kategorie: str) -> Any:
        """`season standings --kategorie K`: the season's players whose season registration carries K, in its order;
        those below `min_starts` stay unranked."""
        with self.ledger.transaction() as s:
            season = s.get(Season, view.season.id)
            named = settings_registry.categories_of(season.settings or {})
            chosen = kategorie.strip().lower()
            if chosen not in named:
                raise SettingsError(unknown(chosen, season.name, named))
            numbers = {
                number
                for number, text in s.execute(
                    select(SeasonPlayer.number, SeasonPlayer.kategorien).where(SeasonPlayer.season_id == season.id)
                )
                if chosen in of(text)
            }
        rows = [r for r in view.rows if r.number in numbers]
        out = tuple(
            dataclasses.replace(
                r,
                rank=None if r.rank is None else 1 + sum(1 for o in rows if o.rank is not None and o.rank < r.rank),
                overall=r.rank,
            )
            for r in rows
        )
        return dataclasses.replace(view, rows=out, kategorie=chosen)

    def every(self, view: StandingsView) -> tuple[StandingsView, ...]:
        """Every category ranking of the tournament `view` ranks, in the order of `kategorien` (the pages)."""
        with self.ledger.transaction() as s:
            t = s.get(Tournament, view.tournament.id)
            found = members(s, t)
        return tuple(ranked(view, name, numbers) for name, numbers in found.items())

    def set_register(self, typed: str, categories: str) -> tuple[str, tuple[str, ...]]:
        """`player set NAME --kategorie K,…`: the register's set ("" clears); earlier registrations keep theirs."""
        from schreiber.ledger.players import find

        chosen = words(categories, "--kategorie")
        with self.ledger.transaction() as s:
            player = find(s, typed, "NAME")
            player.kategorien = kept(chosen)
            return player.name, chosen

    def tournament_kategorie(
        self, typed: str, categories: str, force: bool = False, tournament_id: int | None = None
    ) -> tuple[str, int, tuple[str, ...]]:
        """`tournament kategorie NAME|NUMBER K,…`: this registration's set only ("" clears)."""
        from schreiber.ledger.tournament import Tournaments

        with self.ledger.transaction() as s:
            t = Tournaments(self.ledger)._tournament(s, tournament_id, for_update=True)
            chosen = words(categories, "K,…", t)
            fixing.guard(s, "tournament kategorie", force=force, tournament_id=t.id)
            entrant = registration.find(s, t, typed, "NAME|NUMBER")
            entrant.kategorien = kept(chosen)
            return entrant.player.name, entrant.number, chosen

    def season_kategorie(
        self, typed: str, categories: str, season_id: int | None = None
    ) -> tuple[str, int, tuple[str, ...]]:
        """`season kategorie NAME|NUMBER K,…`: this season registration's set only ("" clears)."""
        from schreiber.ledger.season import Seasons

        chosen = words(categories, "K,…")
        with self.ledger.transaction() as s:
            season = Seasons(self.ledger)._season(s, season_id)
            row = season_player(s, season, typed)
            row.kategorien = kept(chosen)
            return row.player.name, row.number, chosen

    def pay(
        self,
        typed: Sequence[str],
        kategorie: str,
        undo: bool = False,
        force: bool = False,
        tournament_id: int | None = None,
    ) -> list[CategoryPaid]:
        """`tournament pay NAME … --kategorie K [--undo]`: the category's Startgeld received (or taken back)."""
        from schreiber.ledger.tournament import Tournaments

        if not typed:
            raise SettingsError(_("NAME: name the players who paid."))
        with self.ledger.transaction() as s:
            t = Tournaments(self.ledger)._tournament(s, tournament_id, for_update=True)
            kategorie = kategorie.strip().lower()
            named = settings_registry.categories_of(t.settings)
            if kategorie not in named:
                raise SettingsError(unknown(kategorie, t.name, named))
            startgeld = int(t.settings.get(f"{kategorie}.startgeld", 0))
            if not startgeld and not undo:
                raise SettingsError(
                    _(
                        "--kategorie: {kategorie} takes no Startgeld; `schreiber tournament set {kategorie}.startgeld=CENTS` "
                        "sets one."
                    ).format(kategorie=kategorie)
                )
            fixing.guard(s, "tournament pay --kategorie", force=force, tournament_id=t.id)
            have = paid(s, t.id)
            out = []
            for word in typed:
                entrant = registration.find(s, t, word, "NAME")
                name, number = entrant.player.name, entrant.number
                has = have.get((number, kategorie), 0)
                if kategorie not in of(entrant.kategorien):
                    raise SettingsError(
                        _(
                            "NAME: {name}'s registration is not in {kategorie}; `schreiber tournament kategorie {number} "
                            "{kategorie}` adds it."
                        ).format(name=name, kategorie=kategorie, number=number)
                    )
                if undo:
                    if has <= 0:
                        raise SettingsError(
                            _("NAME: {name} has not paid for {kategorie}; there is nothing to take back.").format(
                                name=name, kategorie=kategorie
                            )
                        )
                    cents = -has
                else:
                    if has >= startgeld:
                        raise SettingsError(
                            _(
                                "NAME: {name} has paid for {kategorie} already; `schreiber tournament pay {number} "
                                "--kategorie {kategorie} --undo` takes that back."
                            ).format(name=name, kategorie=kategorie, number=number)
                        )
                    cents = startgeld - has
                s.add(
                    TournamentCategoryPayment(
                        tournament_id=t.id, player_id=entrant.player_id, kategorie=kategorie, cents=cents
                    )
                )
                have[(number, kategorie)] = has + cents
                out.append(CategoryPaid(number, name, kategorie, cents))
            return out


def unknown(kategorie: str, name: str, named: Sequence[str]) -> str:
    """The sentence for a category the tournament or season does not rank."""
    if not named:
        return _("--kategorie: {name} ranks no category; `set kategorien=K,…` names them.").format(name=name)
    return _("--kategorie: {kategorie} is not a category of {name}; kategorien= names {known}.").format(
        kategorie=kategorie, name=name, known=", ".join(named)
    )


def season_player(s: Session, season: Season, typed: str) -> SeasonPlayer:
    """The season registration `typed` names: his season start number or his whole name."""
    rows = list(s.scalars(select(SeasonPlayer).where(SeasonPlayer.season_id == season.id)))
    text = typed.strip().lstrip("#")
    found = [r for r in rows if (text.isdecimal() and r.number == int(text)) or r.player.name_key == text.casefold()]
    if not found:
        raise SettingsError(
            _("NAME|NUMBER: no player of season {name} is {typed}; `schreiber season show` lists them.").format(
                name=season.name, typed=typed
            )
        )
    return found[0]


def copied(s: Session, player_id: int) -> str | None:
    """The register's set of a player, as a new registration copies it."""
    return s.scalar(select(Player.kategorien).where(Player.id == player_id))


__all__ = ["Categories", "CategoryPaid", "copied", "kept", "members", "of", "paid", "ranked", "registered", "words"]
