"""A Skat club evening beyond the list's points (RULES.md §7 "At a club evening", §9): the settings `wertung`
(what `report` ranks by), `geld` (what the money is paid on) and `verlustspiel` (what each game lost as
declarer costs, into the evening's kitty), and the counts the fold carries for them: each player's
Seeger-Fabian score, games won and lost as declarer. Pure; Skat (rules/skat.py) takes it in as a mixin.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from schreiber.i18n import N_
from schreiber.rules import kitty
from schreiber.rules.model import Named, Setting, Settings
from schreiber.rules.seeger import seeger_hand
from schreiber.rules.table import TableState

# The Wertung of the list's points: what an evening ranks by and pays on unless it chooses another. Which others
# there are is the registry's (scoring/wertung.py, a floor up): each counts more than the points, and the fold
# counts for it what these rules can, each player's Seeger-Fabian score and games won and lost as declarer.
PUNKTE = "punkte"


class Amounts(Setting):
    """A setting that is a list of amounts in cents, such as 50,50,50,100 (0 or off: none)."""

    def parse(self, key: str, text: str) -> tuple[int, ...]:
        return kitty.amounts(key, text, "--set")

    def show(self, value: Any) -> str:
        return ",".join(str(v) for v in value) if value else "off"


SETTINGS: dict[str, Setting] = {
    "wertung": Named(
        PUNKTE,
        N_(
            "what report ranks the evening by: punkte (the list's points) or seeger (Seeger-Fabian: won V + 50, "
            "lost −2V − 50 and 40 at 3, 30 at 4 to every other player; ties by games won, then fewer lost)"
        ),
    ),
    "geld": Named(
        PUNKTE,
        N_("what the money (--tariff) is paid on: punkte (the list's points) or seeger (the Seeger-Fabian scores)"),
    ),
    "verlustspiel": Amounts(
        (),
        N_(
            "Verlustspielgeld in cents, such as 50,50,50,100: the k-th game a player loses as declarer this evening "
            "costs the k-th amount, the last repeating; paid into the evening's kitty, apart from who pays whom"
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class Carry:
    """What a Skat table carries from hand to hand: whether it plays Ramsch, whether its evening counts
    more than the points (`counting`, decided once from the settings), and then each player's (name,
    Seeger-Fabian score, games won, games lost as declarer) so far."""

    ramsch: bool
    counting: bool = False
    games: tuple[tuple[str, int, int, int], ...] = ()


def beyond_points(settings: Settings) -> bool:
    """Whether the evening ranks or pays by a Wertung other than the list's points (Seeger-Fabian)."""
    return settings.get("wertung") not in (None, PUNKTE) or settings.get("geld") not in (None, PUNKTE)


def wanted(settings: Settings) -> bool:
    """Whether the evening counts more than the list's points (a Wertung or money beyond them, a Verlustspiel)."""
    return beyond_points(settings) or bool(settings.get("verlustspiel"))


def tallied(carry: Carry, seated: Sequence[str], points: Mapping[str, int], declarer: str | None) -> Carry:
    """The carry after one hand: its Seeger-Fabian for everyone seated, and the declarer's game won or lost."""
    rows = {name: [score, won, lost] for name, score, won, lost in carry.games}
    for name, score in seeger_hand(seated, points, declarer).items():
        rows.setdefault(name, [0, 0, 0])[0] += score
    if declarer is not None:
        rows[declarer][1 if points.get(declarer, 0) > 0 else 2] += 1
    return Carry(carry.ramsch, carry.counting, tuple((name, *row) for name, row in rows.items()))  # type: ignore[misc]


class Evening:
    """The club evening's part of the Skat rule set: the names of its Wertungen, which the ledger finds in the
    registry (scoring/wertung.py), and the player columns they need (the PlayerExtras and Ranked protocols of
    rules/table.py)."""

    def extras_wanted(self, settings: Settings) -> bool:
        return wanted(settings)

    def ranked_by(self, settings: Settings) -> str | None:
        return settings.get("wertung")

    def paid_on(self, settings: Settings) -> str | None:
        return settings.get("geld")

    def player_extras(self, settings: Settings, state: TableState) -> dict[str, dict[str, object]]:
        """Per player what an evening beyond the list's points counts (Seeger-Fabian: `seeger`, `won`, `lost`
        as declarer), and `lost` with its `verlustspiel` in cents (0 where none is set)."""
        if not wanted(settings):
            return {}
        beyond = beyond_points(settings)
        amounts = tuple(settings.get("verlustspiel") or ())
        carry: Carry = state.carry
        games = {name: {"seeger": s, "won": w, "lost": n} for name, s, w, n in carry.games}
        out: dict[str, dict[str, object]] = {}
        for name in dict.fromkeys([*state.players, *games]):
            mine = games.get(name, {"seeger": 0, "won": 0, "lost": 0})
            extras: dict[str, object] = {key: mine[key] for key in ("seeger", "won", "lost")} if beyond else {}
            if amounts or beyond:  # a Seeger evening's JSON always carries it, 0 without a Verlustspiel
                extras["lost"] = mine["lost"]
                extras["verlustspiel"] = kitty.verlustspielgeld(mine["lost"], amounts)
            out[name] = extras
        return out
