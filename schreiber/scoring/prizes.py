"""Categories and the prize designer (TEAMS.md §10.2), pure: the prize lists with goods (`sach:NAME:CENTS`),
the places of a ranking with the Los order, the doppelpreis passes, the special prizes, the plus-player
prize, `preise_je_tisch` and the parts of the Kasse. Nothing here reads the database; ledger/cashbook.py
gathers each player's rank, score, categories and category Startgeld and calls `book`.

Every prize a player gets is a `Got` (its list, its place, its cash, its goods); his §9 `prize` is the cash
of all of them, goods are listed by name and counted at their value wherever prizes are compared or summed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from schreiber.i18n import _
from schreiber.rules import kitty
from schreiber.rules.model import SettingsError
from schreiber.rules.numbers import shortened
from schreiber.scoring import cash

MAIN, SONDER, PLUS = "preise", "sonderpreise", "plus_preis"
# The special places (rule 8): each a function of n, the lines of the main standings.
PLACES: dict[str, Any] = {"letzter": lambda n: n, "vorletzter": lambda n: n - 1, "mitte": lambda n: -(-n // 2)}
_CATEGORY = re.compile(r"^[a-z0-9-]{1,40}$")
_TENTHS = re.compile(r"^\s*(\d{1,4})(?:[.,](\d))?\s*$")
SACH = "sach"


Item = cash.Item


@dataclass(frozen=True)
class Got:
    """A prize a player gets: its list (`preise`, a category, `sonderpreise`, `plus_preis`), its place (a number,
    or a special place's word), its cash and its goods; `by_lot` when the Los order decided it (rule 6)."""

    list: str
    place: int | str | None
    cents: int = 0
    sach: str | None = None
    value: int = 0
    by_lot: bool = False

    @property
    def worth(self) -> int:
        return self.cents + self.value


@dataclass(frozen=True)
class Category:
    """A category of `kategorien`: its name, its prize list (amounts and goods) and its opt-in Startgeld."""

    name: str
    preise: tuple[Item, ...] = ()
    startgeld: int = 0


@dataclass(frozen=True)
class Design:
    """The prize designer's settings of a tournament (TEAMS.md §10.2 rules 2–11)."""

    kategorien: tuple[Category, ...] = ()
    sonderpreise: tuple[tuple[str, Item], ...] = ()
    plus_preis: int = 0
    preise_je_tisch: int = 0  # N × 10 (1.5 is 15); 0: off
    doppelpreis: bool = False
    gespendet: bool = False  # sachpreise_bezahlt = gespendet
    seed: str = ""
    tables: int = 0  # the tables of the newest drawn round (for preise_je_tisch)


@dataclass(frozen=True)
class Runner:
    """A line of the main standings as the prizes need it: start number, rank (None: unranked), the score the
    main ranking sorts by, whether he withdrew, and the categories whose ranking he is in."""

    number: int
    rank: int | None
    score: Any = 0
    withdrawn: bool = False
    lists: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Allocation:
    """Each start number's prizes, and the Kasse's parts (rule 11)."""

    got: dict[int, tuple[Got, ...]]
    parts: dict[str, int] = field(default_factory=dict)

    def cash(self, number: int) -> int:
        return sum(g.cents for g in self.got.get(number, ()))


# -- reading the settings -------------------------------------------------------------------------


def _refuse(text: str, **words: Any) -> SettingsError:
    return SettingsError(text.format(**words))


def goods_item(key: str, item: str, option: str) -> Item:
    """`sach:NAME:CENTS` -> goods; refused without a name or a value."""
    _word, _sep, rest = item.strip().partition(":")
    name, sep, value = rest.rpartition(":")
    name = name.strip()
    match = kitty.CENTS.match(value) if sep else None
    if not name or ":" in name or not match or int(match.group(1)) < 0:
        raise _refuse(
            _(
                "{option} {key}: give goods as sach:NAME:CENTS, a name without , or : and its value in cents "
                "(sach:Geschenkkorb:4000), not {value}."
            ),
            option=option,
            key=key,
            value=repr(shortened(item.strip())),
        )
    return Item(0, name, int(match.group(1)))


def is_goods(item: str) -> bool:
    return item.strip().lower().startswith(SACH + ":")


def split_goods(key: str, value: str, option: str) -> tuple[str, tuple[tuple[int, Item], ...]]:
    """A prize list -> the list without its goods (as `preise` took it before goods) and each goods item with its
    position in the whole list."""
    if value.strip().lower() in kitty.OFF:
        return value, ()
    items = value.split(",")
    goods = tuple((i, goods_item(key, item, option)) for i, item in enumerate(items) if is_goods(item))
    rest = ",".join(item for item in items if not is_goods(item))
    return (rest if rest.strip() else "0"), goods


def category_list(key: str, value: str, option: str) -> tuple[Item, ...]:
    """`<kategorie>.preise`: amounts and goods, no percentages (rule 3)."""
    if "%" in value:
        raise _refuse(
            _(
                "{option} {key}: a category pays amounts in cents and goods (3000,2000,sach:Blumen:1500), "
                "no percentages."
            ),
            option=option,
            key=key,
        )
    rest, goods = split_goods(key, value, option)
    amounts = list(kitty.amounts(key, rest, option))
    return merged(amounts, goods)


def merged(cash_places: Sequence[int], goods: Sequence[tuple[int, Item]]) -> tuple[Item, ...]:
    """The whole list: the goods at their positions, the cash places in order around them."""
    at = dict(goods)
    out: list[Item] = []
    amounts = iter(cash_places)
    for i in range(len(cash_places) + len(goods)):
        out.append(at[i] if i in at else Item(next(amounts)))
    return tuple(out)


def list_text(items: Sequence[Item]) -> str:
    return ",".join(item.text() for item in items) or "0"


def special_prizes(key: str, value: str, option: str) -> tuple[tuple[str, Item], ...]:
    """`sonderpreise=PLACE:NAME:CENTS,…` (goods) or `PLACE:CENTS` (cash); PLACE letzter, vorletzter, mitte or k."""
    if value.strip().lower() in kitty.OFF:
        return ()
    out = []
    for item in value.split(","):
        parts = [part.strip() for part in item.split(":")]
        place = parts[0].lower()
        if place not in PLACES and not (place.isdecimal() and 1 <= int(place) <= 100_000):
            raise _refuse(
                _(
                    "{option} {key}: a special prize's place is letzter, vorletzter, mitte or a number of 1 or "
                    "more, not {value}."
                ),
                option=option,
                key=key,
                value=repr(shortened(parts[0])),
            )
        place = str(int(place)) if place.isdecimal() else place
        if len(parts) == 2 and kitty.CENTS.match(parts[1]):
            out.append((place, Item(kitty.cents(key, parts[1], option))))
        elif len(parts) == 3:
            out.append((place, goods_item(key, "sach:" + ":".join(parts[1:]), option)))
        else:
            raise _refuse(
                _(
                    "{option} {key}: give each special prize as PLACE:NAME:CENTS (goods) or PLACE:CENTS (cash), "
                    "such as vorletzter:Pressack:800,mitte:500, not {value}."
                ),
                option=option,
                key=key,
                value=repr(shortened(item.strip())),
            )
    return tuple(out)


def special_text(specials: Sequence[tuple[str, Item]]) -> str:
    return (
        ",".join(
            f"{place}:{item.sach}:{item.value}" if item.sach else f"{place}:{item.cents}" for place, item in specials
        )
        or "0"
    )


def tenths(key: str, value: str, option: str) -> int:
    """`preise_je_tisch=N`: N above 0 with at most one decimal -> N × 10; 0 or off: 0 (off)."""
    if value.strip().lower() in kitty.OFF:
        return 0
    match = _TENTHS.match(value)
    number = int(match.group(1)) * 10 + int(match.group(2) or 0) if match else 0
    if not number:
        raise _refuse(
            _(
                "{option} {key}: give the prizes per table as a number above 0 with at most one decimal (1.5), not {value}."
            ),
            option=option,
            key=key,
            value=repr(shortened(value)),
        )
    return number


def tenths_text(n10: int) -> str:
    whole, rest = divmod(n10, 10)
    return f"{whole}.{rest}" if rest else str(whole)


def category_names(key: str, value: str, option: str, reserved: Sequence[str] = ()) -> tuple[str, ...]:
    """`kategorien=damen,senioren` (or a player's categories): words of small letters, digits and -, capitals
    folded; a word of `reserved` (a team competition, a setting) is refused."""
    text = value.strip().lower()
    if text in ("", "0", "off", '""'):
        return ()
    out: list[str] = []
    for word in (part.strip() for part in text.split(",")):
        if not _CATEGORY.match(word):
            raise _refuse(
                _(
                    "{option} {key}: a category is a word of small letters, digits and - (damen, senioren, u-18), "
                    "not {value}."
                ),
                option=option,
                key=key,
                value=repr(shortened(word)),
            )
        if word in reserved:
            raise _refuse(
                _("{option} {key}: {name} is the name of a setting or a team competition, so it cannot be a category."),
                option=option,
                key=key,
                name=word,
            )
        if word not in out:
            out.append(word)
    return tuple(out)


# -- the main list --------------------------------------------------------------------------------


def falling(payout: int, places: int, step: int) -> list[int]:
    """`preise_je_tisch` (rule 10): place k of P gets payout × 2 (P − k + 1) / (P (P + 1)) rounded down to a multiple
    of `step`; the first place takes the rest, so the places add up to the payout."""
    if places <= 0:
        return []
    out = [cash.floor_to(payout * 2 * (places - k), places * (places + 1), step) for k in range(places)]
    out[0] += payout - sum(out)
    return out


def table_places(n10: int, tables: int, lines: int) -> int:
    """P = ⌊n10 × T / 10⌋, at least 1 and at most the lines of the standings; 0 before the first draw."""
    if not n10 or not tables or not lines:
        return 0
    return min(max(n10 * tables // 10, 1), lines)


def main_list(
    payout: int, settings: cash.CashSettings, design: Design, lines: int, fixed: cash.Fixed | None = None
) -> tuple[Item, ...]:
    """The main list's places: goods at their positions, the cash places as §9 (or rule 10) computes them; once
    `fixed`, the cash of each place as the first prize paid out fixed it."""
    goods = dict(settings.goods)
    if fixed is not None:
        return tuple(goods.get(i, Item(c)) for i, c in enumerate(fixed.prizes))
    if design.preise_je_tisch:
        return tuple(
            Item(c)
            for c in falling(payout, table_places(design.preise_je_tisch, design.tables, lines), settings.rundung)
        )
    return merged(cash.prize_list(payout, settings), tuple(goods.items()))


# -- who gets which place -------------------------------------------------------------------------


def lot(seed: str, number: int) -> str:
    """The Los order's key (rule 6): the lowercase hexadecimal SHA-256 of `SEED:NUMBER`."""
    return hashlib.sha256(f"{seed}:{number}".encode()).hexdigest()


def standings_order(runners: Sequence[Runner], seed: str) -> list[Runner]:
    """By rank, a shared rank in Los order; the unranked last, by start number."""
    return sorted(
        runners,
        key=lambda r: (r.rank is None, r.rank or 0, lot(seed, r.number) if r.rank is not None else "", r.number),
    )


def places(name: str, items: Sequence[Item], ranking: Sequence[Runner], seed: str) -> dict[int, list[Got]]:
    """A list allocated on a ranking (rule 6): rank = 1 + those strictly better; a shared rank shares the cash of
    its places (§9), or, with goods among them, its players take the places one each in Los order."""
    out: dict[int, list[Got]] = {}
    ranked = [r for r in ranking if r.rank is not None]
    groups: dict[int, list[Runner]] = {}
    for r in ranked:
        groups.setdefault(r.rank, []).append(r)  # type: ignore[arg-type]
    better = 0
    for key in sorted(groups):
        group = sorted(groups[key], key=lambda r: lot(seed, r.number))
        rank = better + 1
        better += len(group)
        covered = [items[p - 1] for p in range(rank, rank + len(group)) if p <= len(items)]
        if not covered:
            continue
        if not any(item.sach is not None for item in covered):
            total = sum(item.cents for item in covered)
            each, left = divmod(total, len(group))
            for i, r in enumerate(sorted(group, key=lambda r: r.number)):
                cents = each + (1 if i < left else 0)
                if cents > 0:
                    out.setdefault(r.number, []).append(Got(name, rank, cents))
            continue
        for i, (r, item) in enumerate(zip(group, covered)):
            if item.worth > 0 or item.sach is not None:
                got = Got(name, rank + i, item.cents, item.sach, item.value, by_lot=len(group) > 1)
                out.setdefault(r.number, []).append(got)
    return out


def _held(got: Sequence[Got]) -> bool:
    return any(g.cents > 0 or g.sach is not None for g in got)


def lists(main: Sequence[Item], design: Design, runners: Sequence[Runner]) -> dict[str, dict[int, list[Got]]]:
    """The main and category lists allocated (rule 7): with doppelpreis each on its own ranking; without, passes
    that exclude, one player at a time, whoever holds prizes of two lists from all but the one worth more to him."""
    order = standings_order(runners, design.seed)
    names = [MAIN, *(c.name for c in design.kategorien)]
    items = {MAIN: tuple(main), **{c.name: c.preise for c in design.kategorien}}
    rankings = {MAIN: order, **{c.name: [r for r in order if c.name in r.lists] for c in design.kategorien}}
    excluded: dict[str, set[int]] = {name: set() for name in names}
    while True:
        out = {
            name: places(name, items[name], [r for r in rankings[name] if r.number not in excluded[name]], design.seed)
            for name in names
        }
        if design.doppelpreis:
            return out
        conflict = next(
            (r for r in order if sum(1 for name in names if _held(out[name].get(r.number, ()))) > 1),
            None,
        )
        if conflict is None:
            return out
        worth = {name: sum(g.worth for g in out[name].get(conflict.number, ())) for name in names}
        keep = max(names, key=lambda name: (worth[name], -names.index(name)))
        for name in names:
            if name != keep:
                excluded[name].add(conflict.number)


def specials(design: Design, runners: Sequence[Runner]) -> dict[int, list[Got]]:
    """Rule 8: each special prize to the player at its position in standings order among those not withdrawn."""
    order = [r for r in standings_order(runners, design.seed) if r.rank is not None and not r.withdrawn]
    n = len(order)
    shared = {r.rank: sum(1 for o in order if o.rank == r.rank) for r in order}
    out: dict[int, list[Got]] = {}
    for place, item in design.sonderpreise:
        position = PLACES[place](n) if place in PLACES else int(place)
        if 1 <= position <= n:
            r = order[position - 1]
            shown: int | str = place if place in PLACES else int(place)
            got = Got(SONDER, shown, item.cents, item.sach, item.value, by_lot=shared[r.rank] > 1)
            out.setdefault(r.number, []).append(got)
    return out


def allocate(main: Sequence[Item], design: Design, runners: Sequence[Runner], category_paid: int = 0) -> Allocation:
    """Every prize of every list (rules 6–9) and the Kasse's parts (rule 11, without the pot)."""
    got: dict[int, list[Got]] = {}
    for allocated in lists(main, design, runners).values():
        for number, prizes in allocated.items():
            got.setdefault(number, []).extend(prizes)
    for number, prizes in specials(design, runners).items():
        got.setdefault(number, []).extend(prizes)
    if design.plus_preis:
        for r in runners:
            if r.rank is None or not r.score > 0:
                continue
            worth = sum(g.worth for g in got.get(r.number, ()))
            if worth < design.plus_preis:
                got.setdefault(r.number, []).append(Got(PLUS, None, design.plus_preis - worth))
    categories = {c.name for c in design.kategorien}

    def total(which: Any, goods: bool = False) -> int:
        return sum(g.value if goods else g.cents for prizes in got.values() for g in prizes if which(g.list))

    parts = {
        "preise": total(lambda name: name == MAIN),
        "kategorien_startgeld": category_paid,
        "kategorien_preise": total(lambda name: name in categories),
        "sonderpreise": total(lambda name: name == SONDER),
        "plus_preis": total(lambda name: name == PLUS),
        "sachpreise": 0 if design.gespendet else total(lambda name: True, goods=True),
    }
    return Allocation({n: tuple(p) for n, p in got.items()}, parts)


def kasse(pot: int, parts: Mapping[str, int]) -> int:
    """Rule 11: pot − preise + kategorien_startgeld − kategorien_preise − sonderpreise − plus_preis − sachpreise."""
    return (
        pot
        - parts["preise"]
        + parts["kategorien_startgeld"]
        - parts["kategorien_preise"]
        - parts["sonderpreise"]
        - parts["plus_preis"]
        - parts["sachpreise"]
    )


def book(
    settings: cash.CashSettings,
    design: Design,
    players: Sequence[cash.Entrant],
    runners: Sequence[Runner],
    ranked: bool = True,
    fixed: cash.Fixed | None = None,
    category_paid: int = 0,
) -> cash.Cashbook:
    """The §9 cashbook with the prize designer: each line's `prize` is his cash from every list, `prizes` each
    prize he gets; the Kasse as rule 11 computes it."""
    plain = cash.cashbook(settings, players, fixed=fixed, by_place=False)
    main = main_list(plain.payout, settings, design, len(players), fixed)
    if not ranked and fixed is None:
        runners = [dataclasses.replace(r, rank=None) for r in runners]
    allocation = allocate(main, design, runners, category_paid)
    lines = tuple(
        dataclasses.replace(
            line,
            prize=allocation.cash(line.number),
            balance=line.balance + allocation.cash(line.number),
            prizes=allocation.got.get(line.number, ()),
        )
        for line in plain.lines
    )
    return dataclasses.replace(
        plain,
        prizes=tuple(item.cents for item in main),
        items=main,
        lines=lines,
        parts=allocation.parts,
        kasse=kasse(plain.pot, allocation.parts),
    )


__all__ = [
    "Allocation",
    "Category",
    "Design",
    "Got",
    "Item",
    "Runner",
    "allocate",
    "book",
    "category_list",
    "category_names",
    "falling",
    "kasse",
    "lot",
    "main_list",
    "places",
    "special_prizes",
    "split_goods",
    "standings_order",
    "tenths",
]
