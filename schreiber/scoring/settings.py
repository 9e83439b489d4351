"""The settings of tournaments and seasons as one registry: `tournament set`, `season set` and `--set` on
their `new` read it. Each setting is a value (name, type, check, default, what freezes it), so a new one
is one entry; nothing here reads the database (ledger/cashbook.py and ledger/season.py keep them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from schreiber.i18n import _
from schreiber.rules.numbers import LARGEST, shortened, whole
from schreiber.rules.model import SettingsError
from schreiber.rules.words import and_list, or_list
from schreiber.scoring import cash, league, prizes, season_ranking, teams
from schreiber.rules.kitty import amounts, cents
from schreiber.scoring.wertung import SUMME

# What freezes a setting: nothing, the tournament's first round drawn, or its first prize paid out.
NOTHING, FIRST_DRAW, FIRST_PRIZE = "nothing", "first draw", "first prize"
# Where a setting is kept: a field of the tournament's money settings (`cash.CashSettings`), or its own
# value kept with the tournament (season) by its name.
# A field setting is a column of the tournament itself, which the ledger applies with what follows from it (a
# larger field lets the waiting list move up).
MONEY, OWN, FIELD = "money", "own", "field"


@dataclass(frozen=True)
class Setting:
    """One setting: `check(key, typed, option)` gives the value kept or refuses in one sentence naming
    `option` and the key; `typed` is how a refusal that lists the settings shows its value (N, W, CENTS)."""

    name: str
    kind: str  # int, money, money list, percent, prizes, choice, bool, wertung, text
    check: Callable[[str, str, str], Any]
    default: Any = None
    frozen: str = NOTHING
    kept: str = OWN
    typed: str = "VALUE"
    fields: Callable[[Any], dict[str, Any]] | None = None  # the CashSettings fields a money setting fills

    def into(self, value: Any) -> dict[str, Any]:
        return self.fields(value) if self.fields is not None else {self.name: value}


TOURNAMENT: dict[str, Setting] = {}
SEASON: dict[str, Setting] = {}
LEAGUE: dict[str, Setting] = {}


def register(registry: dict[str, Setting], setting: Setting) -> Setting:
    """Declare `setting` in `registry` (TOURNAMENT or SEASON); a later one of the same name replaces it."""
    registry[setting.name] = setting
    return setting


def unregister(registry: dict[str, Setting], name: str) -> None:
    registry.pop(name, None)


# -- the checks a setting can name -------------------------------------------------------------------


def at_least(minimum: int, largest: int = LARGEST) -> Callable[[str, str, str], int]:
    """A whole number of `minimum` or more."""

    def check(key: str, value: str, option: str) -> int:
        number = whole(value, largest)
        if number is None or number < minimum:
            raise SettingsError(
                _("{option} {key}: use a whole number of {minimum} or more, not {value}.").format(
                    option=option, key=key, minimum=minimum, value=repr(shortened(value))
                )
            )
        return number

    return check


def choice(*words: str) -> Callable[[str, str, str], str]:
    """One of `words`."""

    def check(key: str, value: str, option: str) -> str:
        if value.strip() not in words:
            raise SettingsError(
                _("{option} {key}: use {allowed}, not {value}.").format(
                    option=option, key=key, allowed=or_list(words), value=repr(shortened(value))
                )
            )
        return value.strip()

    return check


YES, NO = ("ja", "yes", "true", "1"), ("nein", "no", "false", "0")


def yes_no(key: str, value: str, option: str) -> bool:
    """ja or nein (yes/no)."""
    word = value.strip().lower()
    if word not in YES + NO:
        raise SettingsError(
            _("{option} {key}: use ja or nein, not {value}.").format(
                option=option, key=key, value=repr(shortened(value))
            )
        )
    return word in YES


def _amount_or_off(key: str, value: str, option: str) -> int:
    return 0 if value.strip().lower() == "off" else cents(key, value, option)


def _minutes(key: str, value: str, option: str) -> int:
    """rundenzeit: the minutes a round plays, 0 (no clock) to a day's."""
    number = whole(value, 1440)
    if number is None or number < 0:
        raise SettingsError(
            _("{option} rundenzeit: give the minutes a round plays, 0 (no clock) to 1440, not {value}.").format(
                option=option, value=repr(shortened(value))
            )
        )
    return number


def _places(key: str, value: str, option: str) -> int | None:
    """plaetze: the places of the field, 1 or more, or off (no cap)."""
    if value.strip().lower() == "off":
        return None
    number = whole(value)
    if number is None or number < 1:
        raise SettingsError(
            _("{option} plaetze: give the places of the field, 1 or more (or off), not {value}.").format(
                option=option, value=repr(shortened(value))
            )
        )
    return number


CLUB_LENGTH = 60  # what the shared picture's kicker holds at a phone's reading size


def club(key: str, value: str, option: str) -> str | None:
    """verein: the club's name as the shared picture and pages show it, its spaces tidied; empty or off: none."""
    name = " ".join(value.split())
    if not name or name.lower() == "off":
        return None
    if len(name) > CLUB_LENGTH or not name.isprintable():
        raise SettingsError(
            _("{option} {key}: give the club's name in at most {length} characters (or off), not {value}.").format(
                option=option, key=key, length=CLUB_LENGTH, value=repr(shortened(value))
            )
        )
    return name


def _season_wertung(key: str, value: str, option: str) -> str:
    season_ranking.parse_wertung(value, f"{option} {key}")
    return value.strip()


def _teams(key: str, value: str, option: str) -> str:
    """teams: the team competitions, NAME:SIZE,… (TEAMS.md §10.1), kept as written back."""
    return teams.spelled(teams.parse(value, option, key))


def _competitions(key: str, value: str, option: str) -> str:
    """getrennt: competitions whose team mates are seated apart; checked against `teams` in `tournament`."""
    return ",".join(teams.names(value))


def _team_prizes(key: str, value: str, option: str) -> str:
    """<competition>.preise: as `preise` (percentages or amounts), kept as written back."""
    try:
        kept, percent = cash.typed_prizes(key, value, option)
    except SettingsError as refused:  # its sentence names `preise`; this one is the competition's
        raise SettingsError(str(refused).replace(f"{option} preise", f"{option} {key}", 1)) from None
    return cash.prize_text(cash.CashSettings(preise=kept, percent=percent)) or "0"


def _main_prizes(key: str, value: str, option: str) -> tuple[tuple[int, ...], bool, tuple[tuple[int, cash.Item], ...]]:
    """preise: percentages or amounts (RULES.md §9), and goods `sach:NAME:CENTS` among them (TEAMS.md §10.2 rule 4)."""
    rest, goods = prizes.split_goods(key, value, option)
    kept, percent = cash.typed_prizes(key, rest, option)
    return kept, percent, goods


# Words a category cannot be (TEAMS.md §10.2 rule 2): the lists' names and every setting's; team competitions are
# checked against the tournament's `teams`.
def reserved_words() -> tuple[str, ...]:
    return (prizes.MAIN, prizes.SONDER, prizes.PLUS, *TOURNAMENT, *SEASON, *TEAM)


def _kategorien(key: str, value: str, option: str) -> str:
    """kategorien: the categories ranked (and paid) on their own, kept as written back (`damen,senioren`)."""
    return ",".join(prizes.category_names(key, value, option, reserved_words()))


def _special(key: str, value: str, option: str) -> str:
    return prizes.special_text(prizes.special_prizes(key, value, option))


def _per_table(key: str, value: str, option: str) -> str:
    n10 = prizes.tenths(key, value, option)
    return prizes.tenths_text(n10) if n10 else "0"


def _category_prizes(key: str, value: str, option: str) -> str:
    return prizes.list_text(prizes.category_list(key, value, option))


# -- the declarations --------------------------------------------------------------------------------

for _setting in (
    Setting("startgeld", "money", _amount_or_off, 0, FIRST_PRIZE, MONEY, "CENTS"),
    Setting("verlustspiel", "money list", amounts, (), FIRST_PRIZE, MONEY, "CENTS,…"),
    Setting("reuegeld", "money", _amount_or_off, 0, FIRST_PRIZE, MONEY, "CENTS"),
    Setting("auszahlung", "percent", cash.payout_percent, 100, FIRST_PRIZE, MONEY, "PERCENT"),
    Setting(
        "preise",
        "prizes",
        _main_prizes,
        ((), True, ()),
        FIRST_PRIZE,
        MONEY,
        "P,…",
        fields=lambda kept: {"preise": kept[0], "percent": kept[1], "goods": kept[2]},
    ),
    Setting("rundung", "money", cash.rounding_step, 100, FIRST_PRIZE, MONEY, "CENTS"),
    # The round's clock on the wall and the organiser's page (ledger/clock.py); no money, so never frozen.
    Setting("rundenzeit", "int", _minutes, 0, typed="MINUTES"),
    # The field's cap (issue 41): registrations beyond it wait; a larger one lets the waiting list move up.
    Setting("plaetze", "int or off", _places, None, kept=FIELD, typed="N"),
    # Double entry (ledger/double_entry.py): every sheet typed twice. Frozen by the first draw, so that no round
    # has sheets counted on one entry and others on two.
    Setting("doppelt", "bool", yes_no, False, FIRST_DRAW, typed="ja|nein"),
    # The club's name on the picture to share and the published pages (issue 42); only words, never frozen.
    Setting("verein", "text", club, None, typed="NAME"),
    # Team competitions (TEAMS.md §10.1): fixed by the first draw, as the teams are; seated apart (`getrennt`)
    # counts from the next draw on.
    Setting("teams", "teams", _teams, "", FIRST_DRAW, typed="NAME:SIZE,…"),
    Setting("getrennt", "competitions", _competitions, "", typed="NAME,…"),
    # Categories and the prize designer (TEAMS.md §10.2), fixed by the first prize paid out (rule 11).
    Setting("kategorien", "categories", _kategorien, "", FIRST_PRIZE, typed="K,…"),
    Setting("sonderpreise", "special prizes", _special, "0", FIRST_PRIZE, typed="PLACE:NAME:CENTS,…"),
    Setting("plus_preis", "money", _amount_or_off, 0, FIRST_PRIZE, typed="CENTS"),
    Setting("preise_je_tisch", "tenths", _per_table, "0", FIRST_PRIZE, typed="N"),
    Setting("doppelpreis", "bool", yes_no, False, FIRST_PRIZE, typed="ja|nein"),
    Setting(
        "sachpreise_bezahlt", "choice", choice("kasse", "gespendet"), "kasse", FIRST_PRIZE, typed="kasse|gespendet"
    ),
):
    register(TOURNAMENT, _setting)

# The prize settings `tournament set --force` may change once a prize is paid out (TEAMS.md §10.2 rule 11); the pot's
# settings (startgeld, verlustspiel, reuegeld, auszahlung, rundung) stay as they are.
FORCEABLE = frozenset(
    (
        "preise",
        "kategorien",
        "doppelpreis",
        "sonderpreise",
        "plus_preis",
        "preise_je_tisch",
        "sachpreise_bezahlt",
        "teams",
    )
)

# The settings of each category, written `<kategorie>.<name>` (damen.preise=3000,2000,sach:Blumen:1500): its prize
# list (amounts and goods, no percentages) and its opt-in Startgeld (TEAMS.md §10.2 rule 3).
CATEGORY: dict[str, Setting] = {}
for _setting in (
    Setting("preise", "prizes", _category_prizes, "0", FIRST_PRIZE, typed="CENTS,…"),
    Setting("startgeld", "money", cents, 0, FIRST_PRIZE, typed="CENTS"),
):
    register(CATEGORY, _setting)

# The settings of each team competition, written `<competition>.<name>` (mannschaft.startgeld=2000): the
# competition's own pot (TEAMS.md §10.1 rule 6) and how a team with missing lists is scored.
TEAM: dict[str, Setting] = {}
for _setting in (
    Setting("startgeld", "money", cents, 0, FIRST_PRIZE, typed="CENTS"),
    Setting("auszahlung", "percent", cash.payout_percent, 100, FIRST_PRIZE, typed="PERCENT"),
    Setting("preise", "prizes", _team_prizes, "0", FIRST_PRIZE, typed="P,…"),
    Setting("fehlend", "choice", choice(*teams.FEHLEND), teams.DEFAULT_FEHLEND, typed="|".join(teams.FEHLEND)),
):
    register(TEAM, _setting)

for _setting in (
    Setting("wertung", "wertung", _season_wertung, SUMME.name, typed="W"),
    Setting("min_starts", "int", at_least(1), 1, typed="N"),
    Setting("finale", "int", at_least(1), None, typed="N"),
    Setting("kategorien", "categories", _kategorien, "", typed="K,…"),
    Setting("verein", "text", club, None, typed="NAME"),
):
    register(SEASON, _setting)


def _no_limit(check: Callable[[str, str, str], Any]) -> Callable[[str, str, str], Any]:
    """`check`, or None for off (no limit; by the rules)."""

    def checked(key: str, value: str, option: str) -> Any:
        return None if value.strip().lower() in ("off", "none") else check(key, value, option)

    return checked


def _percent(key: str, value: str, option: str) -> int:
    number = whole(value, 100)
    if number is None or number < 0:
        raise SettingsError(
            _("{option} {key}: give a percentage from 0 to 100, not {value}.").format(
                option=option, key=key, value=repr(shortened(value))
            )
        )
    return number


def _scheme(key: str, value: str, option: str) -> str:
    """wp_je: a Wertungspunkte scheme of the registry (scoring/league.py), read when checked, so one registered
    later is offered too."""
    return choice(*league.WP_SCHEMES)(key, value, option)


# A league's settings (TEAMS.md §10.3, "Settings and presets"); the presets of scoring/league.py give each a value.
for _setting in (
    Setting("team_size", "int", at_least(2, 16), 4, typed="N"),
    Setting("team_min", "int", _no_limit(at_least(1, 16)), None, typed="N"),  # None: team_size
    Setting("ersatz_max", "int", _no_limit(at_least(0, 16)), None, typed="N|off"),  # None: no limit
    Setting("serien", "int", at_least(1, 20), 3, typed="N"),
    Setting("hands", "int", _no_limit(at_least(1, 400)), None, typed="N"),  # None: the rule set's
    Setting("wp_je", "choice", _scheme, league.SERIE.name, typed="serie|tag|keine"),
    Setting("wp_sieg", "int", at_least(1, 100), 1, typed="N"),
    Setting("wp_sockel", "int", at_least(0, 100), 0, typed="N"),
    Setting("tischpunkte", "int list", league.parse_tischpunkte, (), typed="P,P,P,P|off"),
    Setting("einzel_min", "percent", _percent, 75, typed="PERCENT"),
    Setting("gruppen", "choice", league.check_gruppen, "fest", typed="fest"),
    Setting("aufsteiger", "int", at_least(0, 100), 0, typed="N"),
    Setting("absteiger", "int", at_least(0, 100), 0, typed="N"),
):
    register(LEAGUE, _setting)


def league_settings(
    assignments: Sequence[tuple[str, str]], option: str, current: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """KEY=VALUE pairs -> the league's settings, `current` (default: each one's default) with them applied; a key
    no league setting has is refused naming those there are."""
    out: dict[str, Any] = {name: setting.default for name, setting in LEAGUE.items()} | dict(current or {})
    for key, value in assignments:
        if key not in LEAGUE:
            raise SettingsError(
                _("{option}: a league knows {known}, not {value}.").format(
                    option=option,
                    known=and_list(f"{name}={setting.typed}" for name, setting in LEAGUE.items()),
                    value=repr(key),
                )
            )
        out[key] = LEAGUE[key].check(key, value, option)
    return out


# -- reading KEY=VALUE -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Applied:
    """KEY=VALUE words applied to a tournament: its money settings, its own settings changed, and the settings
    named (what may freeze them)."""

    money: cash.CashSettings
    own: dict[str, Any]
    named: tuple[Setting, ...]
    columns: dict[str, Any] = field(default_factory=dict)  # the field settings: columns of the tournament
    moved_up: tuple[Any, ...] = ()  # who moved up from the waiting list when the ledger applied `columns`

    @property
    def money_named(self) -> bool:
        return any(setting.kept == MONEY for setting in self.named)


def tournament(
    assignments: Sequence[tuple[str, str]],
    option: str,
    base: cash.CashSettings | None = None,
    current: Mapping[str, Any] | None = None,
) -> Applied:
    """`base` (default: all off) with each KEY=VALUE of `assignments` applied, in order; a key no setting
    has, or a bad value, is refused in one sentence naming `option` and the key. `current`: the tournament's own
    settings so far, against which a team competition's name is checked."""
    values: dict[str, Any] = dict(vars(base or cash.CashSettings()))
    own: dict[str, Any] = {}
    columns: dict[str, Any] = {}
    named = []
    kategorien = categories_of(current or {})
    for key, value in assignments:
        if key == "kategorien":
            kategorien = tuple(c for c in _kategorien(key, value, option).split(",") if c)
    for key, value in assignments:
        setting = tournament_setting(key, option, kategorien)
        kept = setting.check(key, value, option)
        if setting.kept == MONEY:
            values.update(setting.into(kept))
        elif setting.kept == FIELD:
            columns[key] = kept
        else:
            own[key] = kept
        named.append(setting)
    keys = [key for key, _value in assignments]
    _check_competitions({**(current or {}), **own}, keys, option, kategorien)
    money_ = cash.CashSettings(**values)
    _check_prizes(money_, {**(current or {}), **own}, keys, option)
    return Applied(money_, own, tuple(named), columns)


def categories_of(kept: Mapping[str, Any]) -> tuple[str, ...]:
    """The categories of `kategorien` as kept with a tournament or season, in their order."""
    return tuple(c for c in str(kept.get("kategorien") or "").split(",") if c)


def _check_competitions(
    settings: Mapping[str, Any], keys: Sequence[str], option: str, kategorien: Sequence[str] = ()
) -> None:
    """Every competition named (by `getrennt` or a key `<competition>.…`) is one of `teams`, every category named
    (`<kategorie>.…`) one of `kategorien`; no category is named like a competition."""
    competitions = teams.parse(str(settings.get("teams") or ""), option)
    clash = next((c for c in kategorien if c in {t.name for t in competitions}), None)
    if clash and ("kategorien" in keys or "teams" in keys):
        raise SettingsError(
            _("{option} kategorien: {name} is a team competition of teams=, so it cannot be a category.").format(
                option=option, name=clash
            )
        )
    for key in keys:
        if key == "getrennt" or (key == "teams" and settings.get("getrennt")):
            teams.unknown(teams.names(str(settings.get("getrennt") or "")), competitions, option, "getrennt")
        elif "." in key and key.partition(".")[0] not in kategorien:
            prefix = key.partition(".")[0]
            if prefix in {c.name for c in competitions}:
                continue
            if key.partition(".")[2] not in CATEGORY or (competitions and not kategorien):
                teams.unknown([prefix], competitions, option, key)
            raise SettingsError(
                _(
                    "{option} {key}: {name} is neither a category of kategorien= ({categories}) nor a team competition "
                    "of teams= ({competitions}); set kategorien={name} first."
                ).format(
                    option=option,
                    key=key,
                    name=prefix,
                    categories=",".join(kategorien) or "-",
                    competitions=",".join(c.name for c in competitions) or "-",
                )
            )


def _check_prizes(money_: cash.CashSettings, settings: Mapping[str, Any], keys: Sequence[str], option: str) -> None:
    """`preise_je_tisch` and `preise` exclude each other (TEAMS.md §10.2 rule 10)."""
    per_table = str(settings.get("preise_je_tisch") or "0") != "0"
    if per_table and (money_.preise or money_.goods) and ("preise" in keys or "preise_je_tisch" in keys):
        raise SettingsError(
            _(
                "{option} preise_je_tisch: the places come from the tables, so preise stays off with it (preise=0); "
                "goods go in sonderpreise."
            ).format(option=option)
        )


def design(kept: Mapping[str, Any], money_: cash.CashSettings, seed: str = "", tables: int = 0) -> prizes.Design:
    """The prize designer's settings of a tournament (TEAMS.md §10.2) from its own settings as kept."""
    return prizes.Design(
        kategorien=tuple(
            prizes.Category(
                name,
                prizes.category_list("preise", str(kept.get(f"{name}.preise", "0")), "--set"),
                int(kept.get(f"{name}.startgeld", 0)),
            )
            for name in categories_of(kept)
        ),
        sonderpreise=prizes.special_prizes("sonderpreise", str(tournament_value(kept, "sonderpreise")), "--set"),
        plus_preis=int(tournament_value(kept, "plus_preis")),
        preise_je_tisch=prizes.tenths("preise_je_tisch", str(tournament_value(kept, "preise_je_tisch")), "--set"),
        doppelpreis=bool(tournament_value(kept, "doppelpreis")),
        gespendet=tournament_value(kept, "sachpreise_bezahlt") == "gespendet",
        seed=seed,
        tables=tables,
    )


def known(key: str) -> bool:
    """Whether `key` is a setting of the tournament (a team competition's `<competition>.<name>` and a category's
    `<kategorie>.<name>` among them), not one of its tables."""
    return key in TOURNAMENT or ("." in key and (key.partition(".")[2] in TEAM or key.partition(".")[2] in CATEGORY))


def team_value(kept: Mapping[str, Any], competition: str, name: str) -> Any:
    """A competition's setting `name` as kept with the tournament, or its declared default."""
    return kept.get(f"{competition}.{name}", TEAM[name].default)


def team_money(kept: Mapping[str, Any], competition: str, rundung: int = 100) -> cash.CashSettings:
    """A competition's money settings: its Startgeld, payout and prizes; the rounding is the tournament's."""
    preise, percent = cash.typed_prizes("preise", str(team_value(kept, competition, "preise")), "--set")
    return cash.CashSettings(
        startgeld=int(team_value(kept, competition, "startgeld")),
        auszahlung=int(team_value(kept, competition, "auszahlung")),
        preise=preise,
        percent=percent,
        rundung=rundung,
    )


def money(
    assignments: Sequence[tuple[str, str]], option: str, base: cash.CashSettings | None = None
) -> cash.CashSettings:
    """`base` (default: all off) with each money KEY=VALUE of `assignments` applied."""
    return tournament(assignments, option, base).money


def money_kept(stored: Mapping[str, Any] | None) -> cash.CashSettings:
    """The money settings kept with a tournament (`CashSettings.stored`), or all off."""
    if not stored:
        return cash.CashSettings()
    return money([(k, str(v)) for k, v in stored.items() if k in TOURNAMENT and TOURNAMENT[k].kept == MONEY], "--set")


def tournament_setting(key: str, option: str, kategorien: Sequence[str] = ()) -> Setting:
    """The tournament setting `key` (`<kategorie>.…` for a category of `kategorien`), or the refusal naming those
    there are."""
    setting = TOURNAMENT.get(key)
    if setting is None and "." in key and key.partition(".")[0] in kategorien:
        setting = CATEGORY.get(key.partition(".")[2])
    if setting is None and "." in key:
        setting = TEAM.get(key.partition(".")[2])
    if setting is None:
        raise _not_tournament(key, option)
    return setting


def season(assignments: Sequence[str], option: str, current: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """KEY=VALUE words -> the season's settings, `current` (default: each one's default) with them applied."""
    out: dict[str, Any] = {name: setting.default for name, setting in SEASON.items()} | dict(current or {})
    for assignment in assignments:
        key, sep, value = (part.strip() for part in assignment.partition("="))
        if not sep or key not in SEASON:
            raise SettingsError(
                _("{option}: a season knows {known}, not {value}.").format(
                    option=option,
                    known=and_list(f"{name}={setting.typed}" for name, setting in SEASON.items()),
                    value=repr(assignment),
                )
            )
        out[key] = SEASON[key].check(key, value, option)
    return out


def tournament_value(kept: Mapping[str, Any], name: str) -> Any:
    """A tournament's own setting `name` as kept with it (`Tournament.settings`), or its declared default."""
    return kept.get(name, TOURNAMENT[name].default)


def _not_tournament(key: str, option: str) -> SettingsError:
    return SettingsError(
        _("{option}: {key} is not a setting of the tournament; use {keys}.").format(
            option=option,
            key=repr(key),
            keys=", ".join([*TOURNAMENT, "COMPETITION." + "|".join(TEAM), "KATEGORIE." + "|".join(CATEGORY)]),
        )
    )
