"""A ledger written at revision 0001 by that migration and plain SQL, full of evenings of every rule set."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text
from schreiber.rules import registry
from schreiber.rules.model import Hand
from schreiber.rules.table import play, start
from schreiber.store.engine import migrations_dir


PLAYERS = ("Anna", "Berta", "Carl", "Dora")


@dataclass
class Evening:
    """One table as a player typed it: rule set, seats, settings, and the hands in order."""

    rules: str
    players: tuple[str, ...]
    hands: list[Hand]
    assignments: tuple[str, ...] = ()
    tariff: int | None = None
    name: str | None = None
    teams: list[list[str]] | None = None
    first_dealer: int = 0
    date: dt.date = dt.date(2025, 3, 14)
    # (index of a hand that was later corrected, the hand as first typed): kept as superseded
    superseded: dict[int, Hand] = field(default_factory=dict)
    # a last hand that was typed and then undone: kept as void
    voided: Hand | None = None


KLASSISCH_TEAMS = (("Anna", "Carl"), ("Berta", "Dora"))


EVENINGS = [
    Evening(
        "schafkopf",
        PLAYERS,
        [
            Hand("rufspiel", player="Berta", partner="Dora", augen=72, sau="eichel"),
            Hand("wenz", player="Carl", augen=65, laufende=2, klopfen=("Anna",)),
            Hand("rufspiel", player="Anna", partner="Carl", augen=70, kontra=True, re=True),
            Hand("rufspiel", player="Berta", partner="Dora", augen=61),
            Hand("farbsolo", player="Dora", augen=50, kontra=True, farbe="herz"),
            Hand("ramsch", augen_by_player={"Anna": 40, "Berta": 35, "Carl": 25, "Dora": 20}),
            Hand("rufspiel", player="Anna", partner="Berta", augen=60),
            Hand("sie", player="Carl", note="Carl's first Sie in ten years — »Prost«"),
            Hand("rufspiel", player="Dora", partner="Anna", augen=95, laufende=3),
        ],
        tariff=10,
        name="Stammtisch Hirsch",
        superseded={3: Hand("rufspiel", player="Berta", partner="Dora", augen=59)},
        voided=Hand("wenz", player="Anna", augen=30),
    ),
    Evening(
        "schafkopf-tarif",
        PLAYERS,
        [
            Hand("rufspiel", player="Anna", partner="Dora", augen=66, laufende=3),
            Hand("wenz", player="Berta", augen=91),
            Hand("rufspiel", player="Carl", partner="Berta", augen=40, kontra=True),
            Hand("farbsolo", player="Dora", augen=120, schwarz=True, laufende=4, farbe="gras"),
        ],
        tariff=1,
        first_dealer=2,
    ),
    Evening(
        "buchstaben",
        PLAYERS,
        [
            Hand("zusammengeworfen"),
            Hand("rufspiel", player="Anna", partner="Carl", augen=36, laufende=3),
            Hand("solo", player="Berta", augen=48, schwarz=True, laufende=4),
            Hand("vergeben"),
            Hand("solo", player="Berta", augen=20, spritze=True),
            Hand("du", player="Dora", won=True, laufende=5),
            Hand("jeder-gegen-jeden", augen_by_player={"Anna": 20, "Berta": 12, "Carl": 10, "Dora": 6}),
        ],
        tariff=20,
    ),
    Evening(
        "doppelkopf",
        (*PLAYERS, "Emil"),
        [
            Hand("normal", player="Berta", partner="Dora", augen=150, fuchs_re=1),
            Hand("normal", player="Carl", partner="Emil", augen=100, re=True, karlchen="kontra"),
            Hand("trumpfsolo", player="Anna", augen=185),
            Hand("normal", player="Anna", partner="Emil", augen=121, altenstrafe=True),
            Hand("schiebekopf", augen_by_player={"Anna": 70, "Berta": 50, "Carl": 60, "Dora": 60}),
        ],
        assignments=("bock=re,gleichstand",),
        tariff=5,
    ),
    Evening(
        "doppelkopf-turnier",
        PLAYERS,
        [
            Hand("normal", player="Anna", partner="Berta", augen=130),
            Hand("normal", player="Anna", partner="Berta", augen=80, kontra=True),
            Hand("normal", player="Carl", partner="Dora", augen=160, re_absage=90, fuchs_re=1),
            Hand("trumpfsolo", player="Carl", augen=150),
            Hand("normal", player="Anna", partner="Berta", augen=100, re_absage=60, kontra_absage=60),
        ],
        date=dt.date(2025, 11, 2),
    ),
    Evening(
        "klassisch",
        PLAYERS,
        [
            Hand("spiel", player=p, augen=a, schwarz=s, teams=KLASSISCH_TEAMS)
            for p, a, s in [
                ("Anna", 70, False),
                ("Carl", 95, False),
                ("Berta", 60, False),
                ("Anna", 40, False),
                ("Dora", 92, False),
                ("Carl", 120, True),
            ]
        ],
        assignments=("einsatz=50",),
        teams=[list(t) for t in KLASSISCH_TEAMS],
    ),
]


def config_0001() -> Config:
    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    return config


def fold_0001(evening: Evening, settings: dict) -> list:
    rules = registry.get(evening.rules)
    state = start(rules, settings, evening.players, evening.first_dealer)
    steps = []
    for hand in evening.hands:
        step = play(rules, settings, state, hand)
        steps.append(step)
        state = step.after
    return steps


def build_0001_ledger(url: str) -> dict:
    """Create the schema with revision 0001 itself, fill it with SQL, return what a player would check."""
    engine = create_engine(url)
    if url.startswith("sqlite"):
        with engine.connect() as conn:  # as schreiber at 0001 left its files
            conn.exec_driver_sql("PRAGMA journal_mode=WAL")
    with engine.begin() as conn:
        config = config_0001()
        config.attributes["connection"] = conn
        command.upgrade(config, "0001")
    expected: dict = {"tables": {}}
    player_ids: dict[str, int] = {}
    hand_id = 0
    with engine.begin() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        for table_id, evening in enumerate(EVENINGS, start=1):
            rules = registry.get(evening.rules)
            settings = {
                k: list(v) if isinstance(v, tuple) else v
                for k, v in registry.settings_for(rules, list(evening.assignments)).items()
            }
            for name in evening.players:
                if name not in player_ids:
                    player_ids[name] = len(player_ids) + 1
                    conn.execute(
                        text("INSERT INTO player (id, name, name_key) VALUES (:i, :n, :k)"),
                        {"i": player_ids[name], "n": name, "k": name.casefold()},
                    )
            conn.execute(
                text(
                    "INSERT INTO runde (id, name, rules, settings, tariff, date, first_dealer, teams, closed) "
                    "VALUES (:id, :name, :rules, :settings, :tariff, :date, :fd, :teams, :closed)"
                ),
                {
                    "id": table_id,
                    "name": evening.name,
                    "rules": evening.rules,
                    "settings": json.dumps(settings),
                    "tariff": evening.tariff,
                    "date": evening.date,
                    "fd": evening.first_dealer,
                    "teams": json.dumps(evening.teams) if evening.teams else None,
                    "closed": table_id < 3,
                },
            )
            for position, name in enumerate(evening.players):
                conn.execute(
                    text("INSERT INTO seat (runde_id, position, player_id) VALUES (:r, :p, :pl)"),
                    {"r": table_id, "p": position, "pl": player_ids[name]},
                )
            steps = fold_0001(evening, settings)
            hands = {}
            for index, (hand, step) in enumerate(zip(evening.hands, steps, strict=True)):
                number = index + 1
                replaces = None
                if index in evening.superseded:
                    hand_id += 1
                    replaces = hand_id
                    insert_hand_0001(conn, hand_id, table_id, number, evening.superseded[index], "superseded", None)
                hand_id += 1
                insert_hand_0001(conn, hand_id, table_id, number, hand, "live", replaces)
                for name, points in step.payout.points.items():
                    conn.execute(
                        text(
                            "INSERT INTO payout (hand_id, player_id, points, sat_out, won, solo, runde_id) "
                            "VALUES (:h, :p, :pts, :out, :won, :solo, :r)"
                        ),
                        {
                            "h": hand_id,
                            "p": player_ids[name],
                            "pts": points,
                            "out": name in step.before.sitting_out,
                            "won": points > 0,
                            "solo": step.payout.soloist == name,
                            "r": table_id,
                        },
                    )
                hands[number] = (hand.to_facts(), dict(step.payout.points))
            if evening.voided is not None:
                hand_id += 1
                insert_hand_0001(conn, hand_id, table_id, len(evening.hands) + 1, evening.voided, "void", None)
            totals = {p: sum(s.payout.points[p] for s in steps) for p in evening.players}
            expected["tables"][table_id] = {"hands": hands, "totals": totals, "evening": evening}
        conn.execute(text("INSERT INTO ledger_state (key, value) VALUES ('active_runde', '4')"))
    with engine.connect() as conn:
        expected["payout_rows"] = payout_rows(conn)
        expected["hand_rows"] = conn.execute(
            text("SELECT id, runde_id, number, type, facts, note, status, replaces_id FROM hand ORDER BY id")
        ).all()
    engine.dispose()
    return expected


def insert_hand_0001(conn, id_: int, table_id: int, number: int, hand: Hand, status: str, replaces: int | None) -> None:
    conn.execute(
        text(
            "INSERT INTO hand (id, runde_id, number, type, facts, note, status, replaces_id) "
            "VALUES (:id, :r, :n, :t, :f, :note, :s, :rep)"
        ),
        {
            "id": id_,
            "r": table_id,
            "n": number,
            "t": hand.type,
            "f": json.dumps(hand.to_facts()),
            "note": hand.note,
            "s": status,
            "rep": replaces,
        },
    )


def payout_rows(conn) -> list:
    return conn.execute(
        text("SELECT hand_id, player_id, points, sat_out, won, solo, runde_id FROM payout ORDER BY hand_id, player_id")
    ).all()
