"""How a player is named where results leave the room (issue 42): the published pages, their data and the
picture to share. One rule, here: a player of the register set `--privat` is "Player 12" (his number, in the
language of the page) and has no name in the data; `--names kurz` names everyone by the first name and the
initial of the last word ("Anton M."); otherwise the name as the register has it."""

from __future__ import annotations

from dataclasses import dataclass, field

from schreiber.i18n import _

VOLL, KURZ = "voll", "kurz"
NAMES = (VOLL, KURZ)


def short(name: str) -> str:
    """ "Anton Maier" → "Anton M.", "Anna Lena von Berg" → "Anna B."; a single word stays as it is."""
    words = name.split()
    if len(words) < 2:
        return name.strip()
    return f"{words[0]} {words[-1][0]}."


def public_name(name: str, number: int | None, privat: bool, names: str = VOLL) -> str:
    """The name a published page shows for a player: "Player 12" (translated) for a private one, where 12 is the
    number he has where he is shown (his start number, season number or register number)."""
    if privat:
        return _("Player {number}").format(number=number if number is not None else "?")
    return short(name) if names == KURZ else name


def data_name(name: str, privat: bool, names: str = VOLL) -> str | None:
    """The name in published data (data.json, standings.csv): none for a private player."""
    if privat:
        return None
    return short(name) if names == KURZ else name


@dataclass(frozen=True)
class Naming:
    """The register's private players and the chosen form of names: what every published thing asks."""

    privat: frozenset[str] = field(default_factory=frozenset)  # names of the players set --privat
    names: str = VOLL

    def is_privat(self, name: str) -> bool:
        return name in self.privat

    def shown(self, name: str, number: int | None) -> str:
        return public_name(name, number, name in self.privat, self.names)

    def data(self, name: str) -> str | None:
        return data_name(name, name in self.privat, self.names)


__all__ = ["KURZ", "NAMES", "VOLL", "Naming", "data_name", "public_name", "short"]
