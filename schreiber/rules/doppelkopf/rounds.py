"""The rounds of a Doppelkopf table: the Musssolo (Pflichtsolo) each player owes per round, and
the Bock triggers of the table."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from schreiber.i18n import _, ngettext
from schreiber.rules.doppelkopf.party import Game
from schreiber.rules.model import Hand, HandError
from schreiber.rules.table import TableState


@dataclass(frozen=True)
class Musssolo:
    """The Pflichtsolos played per player in the round `round` (0 = the first hands of the table)."""

    round: int = 0
    played: tuple[tuple[str, int], ...] = ()


@lru_cache(maxsize=1024)
def musssolo(current: int, played: tuple[tuple[str, int], ...]) -> Musssolo:
    """The Musssolo carry, a value: each one made once and shared."""
    return Musssolo(current, played)


def bock_triggers(get: Callable[[str], Any]) -> tuple[str, ...]:
    """The table's Bock triggers (`get`: the table's setting of a key)."""
    # A table stored before doppelkopf-turnier knew the setting plays without Bock (its default).
    return tuple(get("bock") or ())


def check_bock_flag(get: Callable[[str], Any]) -> None:
    if "manuell" not in bock_triggers(get):
        raise HandError(_("--bock needs a table with the Bock trigger manuell (--set bock=manuell)."))


def round_length(get: Callable[[str], Any], state: TableState) -> int:
    return int(get("musssolo_runde_spiele")) or len(state.players)


def musssolo_now(get: Callable[[str], Any], state: TableState) -> tuple[int, dict[str, int]]:
    """The round the next hand belongs to and the Pflichtsolos played in it so far."""
    current = state.hands // round_length(get, state)
    carry = state.carry if isinstance(state.carry, Musssolo) else Musssolo()
    return current, (dict(carry.played) if carry.round == current else {})


def musssolo_after(get: Callable[[str], Any], state: TableState, hand: Hand, game: Game) -> Musssolo:
    current, counts = musssolo_now(get, state)
    if hand.pflicht and game.solo:
        owed_each = int(get("musssolo_pro_runde"))
        player = game.re[0]
        if owed_each > 0 and counts.get(player, 0) >= owed_each:
            raise HandError(
                _(
                    "--pflicht: {player} has played the Musssolo of this round already; leave --pflicht off "
                    "for a Lustsolo."
                ).format(player=player)
            )
        counts[player] = counts.get(player, 0) + 1
    return musssolo(current, tuple((p, counts[p]) for p in state.players if counts.get(p)))


def musssolo_carry(get: Callable[[str], Any], state: TableState) -> Musssolo:
    current, counts = musssolo_now(get, state)
    return musssolo(current, tuple((p, counts[p]) for p in state.players if counts.get(p)))


def status(get: Callable[[str], Any], state: TableState) -> list[str]:
    """The Bock queue and the Musssolos still owed, as the status lines of the table."""
    lines: list[str] = []
    if bock_triggers(get) or state.bock.rounds:
        lines.append(state.bock.describe())
    owed_each = int(get("musssolo_pro_runde"))
    if owed_each > 0:
        length = round_length(get, state)
        current, counts = musssolo_now(get, state)
        carry = state.carry if isinstance(state.carry, Musssolo) else Musssolo()
        if state.hands > 0 and state.hands % length == 0 and carry.round == current - 1:
            done = dict(carry.played)
            missed = [p for p in state.players if done.get(p, 0) < owed_each]
            if missed:
                lines.append(
                    _("Round {round} is over; Musssolo not played: {names}.").format(
                        round=current, names=", ".join(missed)
                    )
                )
        owed = [p for p in state.players if counts.get(p, 0) < owed_each]
        left = length - state.hands % length
        where = ngettext("round {round}, {count} hand left", "round {round}, {count} hands left", left).format(
            round=current + 1, count=left
        )
        if owed:
            lines.append(_("Musssolo still owed ({where}): {names}.").format(where=where, names=", ".join(owed)))
        else:
            lines.append(_("Musssolo: everyone has played his ({where}).").format(where=where))
    return lines


def player_extras(get: Callable[[str], Any], state: TableState) -> dict[str, dict[str, object]]:
    """For each player whether his Musssolo of the current round is "offen" or "gespielt"."""
    owed_each = int(get("musssolo_pro_runde"))
    if owed_each <= 0:
        return {}
    __, counts = musssolo_now(get, state)
    return {p: {"musssolo": "gespielt" if counts.get(p, 0) >= owed_each else "offen"} for p in state.players}
