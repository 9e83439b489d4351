"""Every fact of a hand, declared once for every front end: its kind, its option and its words.

`add` and `edit` make their options from this table, `build_hand` and the JSON body read by it, `play`
and completion offer it, `show` and the entry page label it and the CSV export gives it its column. A
new fact is one line here and a field of `Hand` (rules/model.py). Apart from rules/model.py, so that
`schreiber --help` and `add`'s options read it without building the hand's dataclass: this module
imports nothing beyond the language.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from schreiber.i18n import N_

# The kinds of fact: how each is typed, read, offered and shown.
FLAG = "flag"  # said or not: --bock; with `off` one of two said or neither: --won/--lost
NUMBER = "number"  # a whole number: --laufende 3
NAME = "name"  # a player at the table: --player Anna
NAMES = "names"  # players, the option repeated: --klopfen Anna --klopfen Carl
PAIRS = "NAME=N"  # a number for each player: --stiche Anna=3 --stiche Carl=5
TEXT = "text"  # free text: --note
CHOICE = "choice"  # one of some words: --karlchen re|kontra, --farbe eichel (the rule set's suits)

# Where the entry page puts a fact, top to bottom (facts of one place in the table's order):
WHO, GAME, PARTNER, COUNT, ALONG, REST = range(6)


class Declared(NamedTuple):
    """One fact of a hand: the Hand field `name`, typed as `--NAME` (underscores as dashes) or, with
    `via`, through that fact's option; the JSON body takes it as NAME (a NAME=N fact as VIA_by, a
    flag's `off` as its own key)."""

    name: str
    kind: str
    help: str = ""  # N_ string: the option's help ("" for a fact given through another's option)
    label: str = ""  # N_ string (or a word the same in every language): the entry page's field
    short: str = ""  # the option's one-letter form: -p
    metavar: str = ""  # what goes in the option (default by kind: N, NAME, NAME=N, TEXT, the choices)
    word: str = ""  # N_ string: the fact in `show` and `list --history` (default: the label)
    said: str = ""  # the fact inside a sentence of the entry page (default: the label)
    via: str = ""  # the fact whose option gives this one too (--augen N or NAME=N)
    off: str = ""  # FLAG: the option that says no (--won/--lost): the fact is then true, false or not given
    choices: tuple[tuple[str, Any], ...] = ()  # CHOICE: (a word typed, the value kept), in the order offered
    allowed: str = ""  # CHOICE: N_ string, the words it takes in a sentence ("re or kontra")
    among: str = ""  # CHOICE: the rule set's attribute that lists the words (suits, sauen); it checks them
    least: int | None = 0  # NUMBER: the smallest taken (None: the rule set says which numbers it takes)
    most: int | None = None  # NUMBER: the entry page offers 0 to `most` as buttons (None: a field)
    commas: bool = False  # NAMES: NAME,NAME names several in one word
    every: bool = False  # a fact of the table, not the game: every hand takes it, no rule set is asked
    column: int = 0  # its place among the hand columns of `export csv` (0: only in the facts column)
    page: int = REST  # where the entry page puts it (WHO … REST); a flag joins the page's flags
    apart: bool = False  # the entry page sets it apart from its neighbours (the extra points)
    typed: str = ""  # how a sentence writes the option (default: --NAME, --NAME NAME=N, --NAME/--OFF)

    @property
    def param(self) -> str:
        """The parameter of `add` (and key of the body) that gives the fact."""
        return self.via or self.name

    @property
    def option(self) -> str:
        return "--" + self.param.replace("_", "-")

    @property
    def key(self) -> str:
        """The key of the JSON body: the parameter, NAME=N facts as PARAM_by (`augen_by`, `stiche_by`)."""
        return self.param + "_by" if self.kind == PAIRS else self.param

    @property
    def spelled(self) -> str:
        """How a sentence writes the option: "--player", "--augen NAME=N", "--won/--lost"."""
        if self.typed:
            return self.typed
        if self.off:
            return f"{self.option}/--{self.off.replace('_', '-')}"
        return self.option + " NAME=N" if self.kind == PAIRS else self.option

    @property
    def shown_as(self) -> str:
        """What goes in the option, as `--help` writes it."""
        if self.metavar:
            return self.metavar
        if self.kind == CHOICE and self.choices:
            return "|".join(dict.fromkeys(str(value) for __, value in self.choices))
        return {NUMBER: "N", NAME: "NAME", NAMES: "NAME", PAIRS: "NAME=N", TEXT: "TEXT"}.get(self.kind, "")


_ABSAGE = (("90", 90), ("60", 60), ("30", 30), ("0", 0), ("schwarz", 0), ("s", 0))

# In the order `add --help` lists the options (--session and --force come after the facts every hand
# takes); `show` and the JSON keep the order of Hand's fields.
DECLARED: tuple[Declared, ...] = (
    Declared(
        "player", NAME, N_("Declarer / soloist / caller."), N_("Player"), "-p", word=N_("player"), column=1, page=WHO
    ),
    Declared(
        "partner", NAME, N_("The player's partner."), N_("Partner"), "-m", word=N_("partner"), column=2, page=PARTNER
    ),
    Declared(
        "augen",
        NUMBER,
        N_("Augen of the player party, or NAME=N per player (one --augen takes them all)."),
        N_("Augen (card points) of the declarer's party"),
        "-a",
        "N|NAME=N",
        word=N_("augen"),
        least=None,
        column=3,
        page=COUNT,
        typed="--augen N",
    ),
    Declared(
        "augen_by_player",
        PAIRS,
        label=N_("Augen (card points) of each player"),
        word=N_("augen"),
        said=N_("the Augen (card points) of each player"),
        via="augen",
        column=3,
        page=COUNT,
    ),
    Declared(
        "stiche", PAIRS, N_("Tricks per player, NAME=N."), N_("Tricks of each player"), word=N_("stiche"), page=COUNT
    ),
    Declared(
        "laufende",
        NUMBER,
        N_("Number of Laufende."),
        N_("Laufende (trumps in a row)"),
        "-l",
        word=N_("laufende"),
        most=8,
        column=4,
        page=ALONG,
    ),
    Declared(
        "schwarz",
        FLAG,
        N_("The losing party took no trick."),
        N_("Schwarz (no trick)"),
        word=N_("schwarz"),
        said="Schwarz",
        column=6,
    ),
    Declared(
        "won",
        FLAG,
        N_("Result of Tout, Bettel, Du."),
        N_("Result"),
        word=N_("result"),
        off="lost",
        column=5,
        page=COUNT,
    ),
    Declared(
        "klopfen",
        NAMES,
        N_("A player knocked (repeatable)."),
        N_("Knocked"),
        "-k",
        word=N_("klopfen"),
        column=9,
        page=ALONG,
    ),
    Declared("kontra", FLAG, N_("Kontra was given / announced."), "Kontra", word=N_("kontra"), column=7),
    Declared("re", FLAG, N_("Re was given / announced."), "Re", word=N_("re"), column=8),
    Declared(
        "re_absage",
        CHOICE,
        N_("Doppelkopf: the deepest Absage of Re: 90, 60, 30 (keine 90 …) or 0 (schwarz)."),
        N_("Absage (announcement) of Re"),
        word=N_("re-absage"),
        choices=_ABSAGE,
        allowed=N_("90, 60, 30 or 0 (schwarz)"),
        page=ALONG,
    ),
    Declared(
        "kontra_absage",
        CHOICE,
        N_("Doppelkopf: the deepest Absage of Kontra: 90, 60, 30 (keine 90 …) or 0 (schwarz)."),
        N_("Absage (announcement) of Kontra"),
        word=N_("kontra-absage"),
        choices=_ABSAGE,
        allowed=N_("90, 60, 30 or 0 (schwarz)"),
        page=ALONG,
    ),
    Declared(
        "fuchs_re",
        NUMBER,
        N_("Foxes caught by Re."),
        N_("Foxes caught by Re"),
        word=N_("fuchs-re"),
        most=2,
        page=ALONG,
        apart=True,
    ),
    Declared(
        "fuchs_kontra",
        NUMBER,
        N_("Foxes caught by Kontra."),
        N_("Foxes caught by Kontra"),
        word=N_("fuchs-kontra"),
        most=2,
        page=ALONG,
        apart=True,
    ),
    Declared(
        "doppelkopf_re",
        NUMBER,
        N_("Tricks of 40+ Augen by Re."),
        N_("Doppelköpfe (tricks of 40 or more) of Re"),
        word=N_("doppelkopf-re"),
        most=4,
        apart=True,
    ),
    Declared(
        "doppelkopf_kontra",
        NUMBER,
        N_("Tricks of 40+ Augen by Kontra."),
        N_("Doppelköpfe (tricks of 40 or more) of Kontra"),
        word=N_("doppelkopf-kontra"),
        most=4,
        apart=True,
    ),
    # Among the extra points on the entry page, away from the announcements Re / Kontra at its end, so a
    # thumb does not take one pair of chips for the other.
    Declared(
        "karlchen",
        CHOICE,
        N_("Doppelkopf: the party (re or kontra) whose Kreuz-Bube took the last trick."),
        N_("Karlchen (last trick)"),
        word=N_("karlchen"),
        choices=(("re", "re"), ("kontra", "kontra")),
        allowed=N_("re or kontra"),
        page=ALONG,
        apart=True,
    ),
    Declared(
        "altenstrafe",
        FLAG,
        N_("Doppelkopf: both Kreuz-Damen fell in one trick."),
        N_("Altenstrafe"),
        word=N_("altenstrafe"),
    ),
    Declared(
        "spritze",
        FLAG,
        N_("Buchstaben: the player spritzed."),
        N_("Spritze (doubled)"),
        word=N_("spritze"),
        said="Spritze",
    ),
    Declared(
        "jungfrau", NAMES, N_("Ramsch: took no trick (repeatable)."), N_("Jungfrau (no trick)"), word=N_("jungfrau")
    ),
    Declared(
        "durchmarsch", NAME, N_("Ramsch: took every trick."), N_("Durchmarsch (every trick)"), word=N_("durchmarsch")
    ),
    Declared(
        "loser", NAME, N_("Ramsch: the loser where Augen and tricks tie."), N_("Loser on a tie"), word=N_("loser")
    ),
    Declared("winner", NAME, N_("Hammelrennen: the winner."), N_("Winner"), word=N_("winner")),
    Declared("forced", FLAG, N_("klassisch: the declarers had to declare."), N_("had to declare"), word=N_("forced")),
    Declared(
        "pflicht",
        FLAG,
        N_("Doppelkopf: a Musssolo / Pflichtsolo."),
        N_("Pflichtsolo (compulsory solo)"),
        word=N_("pflicht"),
        said="Pflichtsolo",
    ),
    Declared(
        "farbe", CHOICE, N_("Trump suit (recorded)."), N_("Trump suit"), metavar="SUIT", word=N_("farbe"), among="suits"
    ),
    Declared(
        "sau", CHOICE, N_("Called ace (recorded)."), N_("Called ace"), metavar="SUIT", word=N_("sau"), among="sauen"
    ),
    Declared(
        "bock", FLAG, N_("This hand creates a Bock round."), N_("makes a Bock round"), word=N_("bock"), said="Bock"
    ),
    Declared("note", TEXT, N_("Free text kept with the hand."), N_("Note"), "-n", word=N_("note"), every=True),
    Declared(
        "dealer",
        NAME,
        N_("This hand was dealt by NAME; the rotation continues from there."),
        N_("Dealer"),
        word=N_("dealer"),
        every=True,
    ),
    Declared(
        "sits_out",
        NAMES,
        N_("At 5–6 players: who sat out this hand (repeat, or NAME,NAME)."),
        N_("Sits out"),
        word=N_("sits-out"),
        commas=True,
        every=True,
    ),
    # Skat's
    Declared(
        "spitzen",
        NUMBER,
        N_("Skat: the Spitzen, mit or ohne N (1–4 in grand, 1–11 in a suit game)."),
        N_("Spitzen"),
        least=None,
        page=GAME,
        typed="--spitzen N",
    ),
    Declared("ohne", FLAG, N_("Skat: the Spitzen are ohne (recorded; the value is the same)."), N_("ohne"), page=GAME),
    Declared("hand", FLAG, N_("Skat: a Hand game, played without the Skat."), N_("Hand"), page=GAME),
    Declared(
        "schneider_angesagt",
        FLAG,
        N_("Skat: Schneider was announced (Hand games only)."),
        N_("Schneider angesagt"),
        page=GAME,
    ),
    Declared(
        "schwarz_angesagt",
        FLAG,
        N_("Skat: Schwarz was announced (Hand games only; decided by --won/--lost)."),
        N_("Schwarz angesagt"),
        page=GAME,
    ),
    Declared("ouvert", FLAG, N_("Skat: played open (ouvert); decided by --won/--lost."), N_("ouvert"), page=GAME),
    Declared(
        "reizwert",
        NUMBER,
        N_("Skat: the bid (Reizwert), a value some game can have (18, 20, 22, 23, 24 …)."),
        N_("Reizwert"),
        least=None,
        page=GAME,
        typed="--reizwert N",
    ),
)
DECLARED_BY_NAME: dict[str, Declared] = {d.name: d for d in DECLARED}
