"""The ledger's tables: what happened at the table (facts) and the settings in force; payouts are a cache."""

import datetime as dt
import uuid
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    func,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# The newest migration; opening a ledger compares its stored revision with this before importing Alembic.
SCHEMA_REVISION = "0021"

LIVE, VOID, SUPERSEDED = "live", "void", "superseded"


def utc_now() -> dt.datetime:
    """Now in UTC without its zone, as DateTime columns keep it on SQLite and PostgreSQL alike."""
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


def table_column(**options: Any) -> Any:
    """The column that says which table a row belongs to: `table_id` in the code, stored as `runde_id`."""
    return mapped_column("runde_id", ForeignKey("runde.id", ondelete="CASCADE"), key="table_id", **options)


class Player(Base):
    """A person who plays; found by name case-insensitively, so totals run across evenings."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    name_key: Mapped[str] = mapped_column(String(80), unique=True)
    # `player set NAME --privat`: published pages and data show him as "Player 12", never by name (issue 42).
    privat: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    # `player set NAME --kategorie damen,senioren` (TEAMS.md §10.2 rule 1): comma-separated; None: none.
    kategorien: Mapped[str | None] = mapped_column(String(400), default=None)


class Table(Base):
    """One table of one evening (a session): its rule set, the settings in force and the seats."""

    # Stored under its first name, `runde`, as its key columns are `runde_id`: ledgers made
    # before the code said "table" need no migration.
    __tablename__ = "runde"

    id: Mapped[int] = mapped_column(primary_key=True)
    # A stable identity across ledgers: export writes it, import matches on it (never duplicates a table).
    uid: Mapped[str] = mapped_column(String(36), unique=True, index=True, default=lambda: str(uuid.uuid4()))
    name: Mapped[str | None] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]]
    tariff: Mapped[int | None] = mapped_column(Integer)
    date: Mapped[dt.date] = mapped_column(Date, index=True)
    first_dealer: Mapped[int] = mapped_column(Integer, default=0)
    teams: Mapped[list[Any] | None]
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    # Raised by every command that takes the table for writing; a cached summary of an older revision is stale.
    revision: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())
    # Whoever holds this key may record hands at this table from the entry page (`serve --entry`);
    # made on first use, replaced by `session key --new`.
    entry_key: Mapped[str | None] = mapped_column(String(64))

    seats: Mapped[list["Seat"]] = relationship(order_by="Seat.position", lazy="selectin", back_populates="table")


class Seat(Base):
    """A player's place at a table, in clockwise order from the first one named."""

    __tablename__ = "seat"

    table_id: Mapped[int] = table_column(primary_key=True)
    position: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))

    player: Mapped[Player] = relationship(lazy="joined")
    table: Mapped["Table"] = relationship(back_populates="seats")


class HandRecord(Base):
    """One hand as entered; an undo marks it void, an edit marks it superseded and adds its successor."""

    __tablename__ = "hand"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = table_column()
    number: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    facts: Mapped[dict[str, Any]]
    note: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(12), default=LIVE)
    replaces_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id"))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())

    # The partial unique index uq_hand_live_number (runde_id, number WHERE status = 'live') lives in
    # the migrations only: declaring it here would import the PostgreSQL dialect on every `add`.
    __table_args__ = (Index("ix_hand_runde_status", "table_id", "status"),)


class PayoutRecord(Base):
    """Cached points of one player in one live hand, written with the hand; rebuilt from the facts on edit.

    Only live hands have rows, and the table is repeated here, so a report sums this table alone.
    """

    __tablename__ = "payout"

    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    table_id: Mapped[int] = table_column()
    points: Mapped[int] = mapped_column(Integer)
    sat_out: Mapped[bool] = mapped_column(Boolean, default=False)
    won: Mapped[bool] = mapped_column(Boolean, default=False)
    solo: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_payout_runde_player", "table_id", "player_id"),)


JOIN, LEAVE, VOIDED, RESTORED = "join", "leave", "void", "restore"


class TableEvent(Base):
    """What happened at the table between two hands: a player joined or left (replayed by the fold),
    or hand `hand_number` was voided or restored (kept for the history; the hand's status is the fact)."""

    __tablename__ = "table_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = table_column(index=True)
    # A join or a leave takes effect before the first hand numbered above after_hand.
    after_hand: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(12))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    seat: Mapped[int | None] = mapped_column(Integer)
    hand_number: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())

    player: Mapped[Player | None] = relationship(lazy="joined")


class Payment(Base):
    """Money that changed hands for a table's result: `payer` paid `payee` so many cents (`settle`)."""

    __tablename__ = "payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = table_column(index=True)
    payer_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    payee_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    cents: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class TableStats(Base):
    """A cache: one table's statistics summary (`ledger.stats`), valid while the table's revision is `revision`.

    Derived like the payouts; dropping every row loses nothing (the next `stats` computes them again).
    """

    __tablename__ = "table_stats"

    table_id: Mapped[int] = table_column(primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]]


class StatsBlock(Base):
    """A cache: a block of a rule set's tables (up to a hundred, in the order played) with their statistics
    summaries merged (`ledger.stats`), named by its first table and valid while `fingerprint` (which
    tables, at which revisions) is what the scope's block is now."""

    __tablename__ = "stats_block"

    table_id: Mapped[int] = table_column(primary_key=True)
    fingerprint: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any]]


class TableTotals(Base):
    """A cache: one table's report totals (`ledger.totals`), valid while the table's revision is `revision`
    and `version` is what this schreiber keeps; its players' lines are `PlayerTotals` rows.

    Derived from the cached payouts; dropping every row loses nothing (the next `report` sums them again).
    """

    __tablename__ = "table_totals"

    table_id: Mapped[int] = table_column(primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)


class PlayerTotals(Base):
    """A cache: one player's line of a table's report totals, kept with its `TableTotals` row, so that a
    season's report is summed by the database rather than table by table."""

    __tablename__ = "player_totals"

    table_id: Mapped[int] = table_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)
    solos: Mapped[int] = mapped_column(Integer)
    # The table's money for the player (tariff, or the rule set's own), none where it plays for none.
    cents: Mapped[int | None] = mapped_column(Integer)
    # What he owes the club's pot (kasse=N), none at a table without one or where he played no hand.
    kasse: Mapped[int | None] = mapped_column(Integer)
    # The rule set's own columns (PlayerExtras: Musssolo, Schafköpfe), none for the others.
    extras: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True))


class Tournament(Base):
    """A tournament (RULES.md §6): its rule set and the settings of all its tables, its Wertung, and the seed
    its rounds are drawn from. Its tables are ordinary sessions (`TournamentTable`)."""

    __tablename__ = "tournament"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(40))
    settings: Mapped[dict[str, Any]]
    wertung: Mapped[str] = mapped_column(String(12))
    rounds: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int | None] = mapped_column(Integer)
    date: Mapped[dt.date] = mapped_column(Date)
    seed: Mapped[str] = mapped_column(String(80))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())
    # The season it counts for (RULES.md §8), if any.
    season_id: Mapped[int | None] = mapped_column(ForeignKey("season.id"), index=True)
    # The places of the field (`tournament set plaetze=N`); registrations beyond them wait. None: no cap.
    plaetze: Mapped[int | None] = mapped_column(Integer)


class Season(Base):
    """A season (RULES.md §8): tournaments of one rule set folded into one ranking by its Wertung
    (summe, beste:K, platzpunkte, schnitt_platz, rundenschnitt); `settings` holds min_starts and finale."""

    __tablename__ = "season"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    rules: Mapped[str] = mapped_column(String(40))
    wertung: Mapped[str] = mapped_column(String(24))
    settings: Mapped[dict[str, Any]]
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class SeasonPlayer(Base):
    """A player of a season with his permanent season start number, which every tournament of the season uses."""

    __tablename__ = "season_player"

    season_id: Mapped[int] = mapped_column(ForeignKey("season.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    # The register's categories copied when he was registered (TEAMS.md §10.2 rule 1); None: none.
    kategorien: Mapped[str | None] = mapped_column(String(400), default=None)

    player: Mapped[Player] = relationship(lazy="joined")

    __table_args__ = (UniqueConstraint("season_id", "number", name="uq_season_player_number"),)


class Entrant(Base):
    """A registered player of a tournament with his start number; a withdrawn one is not drawn again."""

    __tablename__ = "tournament_player"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    # Registered in advance (`register --vorab`) and not yet at the door: not drawn. Every other registration arrives.
    arrived: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    # The place on the waiting list (1, 2, …, in order of registration); None: he has a place.
    waiting: Mapped[int | None] = mapped_column(Integer)
    # The register's categories copied when he was registered (TEAMS.md §10.2 rule 1); None: none.
    kategorien: Mapped[str | None] = mapped_column(String(400), default=None)

    player: Mapped[Player] = relationship(lazy="joined")

    __table_args__ = (UniqueConstraint("tournament_id", "number", name="uq_tournament_player_number"),)

    @property
    def drawable(self) -> bool:
        """Drawn into the next round: here, with a place, not withdrawn."""
        return self.arrived and self.waiting is None and not self.withdrawn


class TournamentRound(Base):
    """A drawn round: the seed it was drawn from and how many repeated pairs the draw made."""

    __tablename__ = "tournament_round"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seed: Mapped[str] = mapped_column(String(80))
    repeats: Mapped[int] = mapped_column(Integer)
    # When the round's clock started (UTC): at the draw, again at `tournament start ROUND`; None before 0014.
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime, default=lambda: utc_now())


class TournamentTable(Base):
    """Table `number` of a round: an ordinary session, seated in the draw's order."""

    __tablename__ = "tournament_table"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = table_column(unique=True)


class SheetEntry(Base):
    """A player's line of a table's paper sheet: his points at that table and the Soli he won."""

    __tablename__ = "sheet_entry"

    table_id: Mapped[int] = table_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)
    soli: Mapped[int] = mapped_column(Integer, default=0)
    # Games won and lost as declarer (Skat's Seeger-Fabian, the Verlustspielgeld), and the table's
    # thrown-in hands (the same on every line of one sheet).
    won: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    lost: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    thrown: Mapped[int] = mapped_column(Integer, default=0, server_default="0")


class ReplacedSheetEntry(Base):
    """A line of a sheet that a corrected one replaced (`tournament result --replace`), kept so every
    correction can be traced; `version` counts the replaced sheets of a table from 1."""

    __tablename__ = "replaced_sheet_entry"

    table_id: Mapped[int] = table_column(primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    points: Mapped[int] = mapped_column(Integer)
    soli: Mapped[int] = mapped_column(Integer)
    won: Mapped[int] = mapped_column(Integer)
    lost: Mapped[int] = mapped_column(Integer)
    thrown: Mapped[int] = mapped_column(Integer)
    replaced_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class SheetDraft(Base):
    """An entry of a table's sheet waiting for its second (`tournament set doppelt=ja`): the sheet as checked
    (its lines and thrown-in hands), until two entries agree and it is stored as the table's sheet."""

    __tablename__ = "sheet_draft"

    table_id: Mapped[int] = table_column(primary_key=True)
    entry: Mapped[int] = mapped_column(Integer, primary_key=True)
    sheet: Mapped[dict[str, Any]] = mapped_column(JSON)
    typed_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class TournamentCash(Base):
    """A tournament's money settings (RULES.md §9, scoring/cash.py `CashSettings.stored`); none: no money."""

    __tablename__ = "tournament_cash"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), primary_key=True)
    settings: Mapped[dict[str, Any]]
    # Set by the first prize paid out, cleared when the last is taken back (RULES.md §9 "Prizes are fixed"):
    # {"payout": cents, "prizes": [cents of place 1, 2, …]} as computed at that moment.
    fixed: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), default=None)
    fixed_at: Mapped[dt.datetime | None] = mapped_column(DateTime, default=None)


class TournamentPayment(Base):
    """Money handed over at a tournament: a player's Startgeld received (`kind` startgeld) or his prize paid
    out (`kind` preis); a payment taken back is a row of the negative amount, so every correction stays."""

    __tablename__ = "tournament_payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    kind: Mapped[str] = mapped_column(String(12))
    cents: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class TournamentCategoryPayment(Base):
    """A category's Startgeld paid (`tournament pay NAME --kategorie K`, TEAMS.md §10.2 rule 3); taken back: a row of
    the negative amount."""

    __tablename__ = "tournament_category_payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    kategorie: Mapped[str] = mapped_column(String(40))
    cents: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class TournamentTeam(Base):
    """A team of a tournament's competition (TEAMS.md §10.1: a Mannschaft, a Tandem): its name, unique in the
    competition, and its members (`TournamentTeamMember`); ranked by its members' scores."""

    __tablename__ = "tournament_team"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id", ondelete="CASCADE"), index=True)
    competition: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())

    __table_args__ = (UniqueConstraint("tournament_id", "competition", "name", name="uq_tournament_team_name"),)


class TournamentTeamMember(Base):
    """A member of a team: a registered player of its tournament, in at most one team per competition."""

    __tablename__ = "tournament_team_member"

    team_id: Mapped[int] = mapped_column(ForeignKey("tournament_team.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)


class TournamentTeamPayment(Base):
    """A team's Startgeld received (`team pay`); taken back by a row of the negative amount, as a player's."""

    __tablename__ = "tournament_team_payment"

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("tournament_team.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(12))
    cents: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, server_default=func.now())


class LedgerState(Base):
    """Small key/value facts about the ledger itself, such as the active table."""

    __tablename__ = "ledger_state"

    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class EntryRequest(Base):
    """A hand recorded from the entry page or the JSON API under an Idempotency-Key: sent again, it
    is answered with the hand it recorded the first time, and nothing is written twice.

    The key belongs to the record it made (`hand_id`) and to the body that made it (`body_hash`, the
    sha256 of its canonical JSON): a number alone may name another device's hand after an undo."""

    __tablename__ = "entry_request"

    table_id: Mapped[int] = table_column(primary_key=True)
    request_key: Mapped[str] = mapped_column(String(100), primary_key=True)
    number: Mapped[int] = mapped_column(Integer)
    # NULL in rows written before revision 0012.
    hand_id: Mapped[int | None] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"))
    body_hash: Mapped[str | None] = mapped_column(String(64))
