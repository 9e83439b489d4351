"""Before the day (issue 41, part 5): registrations in advance, a capped field with its waiting list,
arrival at the door, and a draw of those who came."""

from __future__ import annotations

from tests.helpers.names import FIRST, LAST
from tests.helpers.tournament import refused

# 110 names: the hundred of the sheet test and ten more.
NAMES = [f"{first} {last}" for last in LAST for first in FIRST] + [f"{first} Schmid" for first in FIRST]


def _new(cli, name: str = "Kirta", rules: str = "preisschafkopf") -> None:
    cli.ok("tournament", "new", name, "--rules", rules, "--rounds", "2", "--seed", "41", "--date", "2026-11-28")


def _waiting(cli) -> list[tuple[int, str]]:
    return [(w["number"], w["name"]) for w in cli.json("tournament", "show", "--format", "json")["waiting"]]


def test_110_in_advance_for_100_places_then_92_arrive_and_are_drawn(cli):
    _new(cli)
    assert "The field has 100 places; 0 are taken, 0 on the waiting list." in cli.ok("tournament", "set", "plaetze=100")
    out = cli.ok("tournament", "register", "--vorab", *NAMES)
    assert "Registered Zenzi Müller in advance with start number 1." in out
    assert "Registered Zenzi Schmid with start number 101; the field is full: waiting list, place 1." in out
    assert _waiting(cli) == [(n, NAMES[n - 1]) for n in range(101, 111)]

    # Four unregister; the first four of the waiting list move up, in order, and each is named.
    for gone, up in zip(("3", "Anna Huber", "77", "100"), range(101, 105)):
        out = cli.ok("tournament", "unregister", gone)
        assert f"Moved up from the waiting list: {NAMES[up - 1]} ({up}) has a place now." in out
    assert _waiting(cli) == [(n, NAMES[n - 1]) for n in range(105, 111)]

    placed = [n for n in range(1, 105) if n not in (3, 12, 77, 100)]
    assert len(placed) == 100
    away = placed[::12][:8]  # eight who do not come
    here = [n for n in placed if n not in away]
    assert len(here) == 92
    # At the door: by start number, or by whole name; twice is said so, not refused.
    cli.ok("tournament", "checkin", *(str(n) for n in here[:50]))
    out = cli.ok("tournament", "checkin", *(NAMES[n - 1] for n in here[50:]), str(here[0]))
    assert f"Checked in {NAMES[here[50] - 1]} ({here[50]})" in out
    assert f"{NAMES[here[0] - 1]} ({here[0]}) is checked in already." in out

    out = cli.ok("tournament", "draw")
    plan = cli.json("tournament", "tables", "--format", "json")
    seated = [p for t in plan["tables"] for p in t["players"]]
    assert sorted(seated) == sorted(NAMES[n - 1] for n in here)
    assert "not here: " + ", ".join(f"{NAMES[n - 1]} ({n})" for n in away) + "." in out.replace("\n", " ")
    assert "waiting list: " + ", ".join(f"{NAMES[n - 1]} ({n})" for n in range(105, 111)) + "." in out.replace(
        "\n", " "
    )
    shown = cli.json("tournament", "show", "--format", "json")
    assert sum(p["arrived"] for p in shown["players"]) == 92
    assert [p["number"] for p in shown["players"] if not p["arrived"]] == [*away, *range(105, 111)]


def test_a_registration_at_the_door_has_arrived_and_a_raised_cap_lets_the_list_move_up(cli):
    _new(cli)
    cli.ok("tournament", "set", "plaetze=4")
    cli.ok("tournament", "register", "--vorab", "Anna", "Berta", "Carl")
    out = cli.ok("tournament", "register", "Dora", "Emil", "Fritz")
    assert "Registered Dora with start number 4." in out and "waiting list, place 2." in out
    out = cli.ok("tournament", "set", "plaetze=5")
    assert "Moved up from the waiting list: Emil (5) has a place now." in out
    assert _waiting(cli) == [(6, "Fritz")]
    shown = cli.ok("tournament", "show")
    assert "Anna (not here yet)" in shown and "Fritz (waiting list, place 1)" in shown
    refused(cli, "tournament", "set", "plaetze=0", says="plaetze: give the places of the field, 1 or more")
    refused(cli, "tournament", "checkin", "Gerda", says="no player of Kirta is called 'Gerda'")
    refused(cli, "tournament", "register", "--from", "x.csv", "Gerda", says="a list is read alone")
    assert "The field has no cap now" in cli.ok("tournament", "set", "plaetze=off")
    assert _waiting(cli) == []


def test_a_list_of_registrations_from_a_web_form_or_excel(cli, tmp_path):
    _new(cli)
    form = tmp_path / "anmeldungen.csv"
    form.write_bytes("\ufeffname,number,kategorien\nZenzi Müller,22,damen\nSepp Öttl,,\n".encode())
    out = cli.ok("tournament", "register", "--from", str(form))
    assert "Registered Zenzi Müller in advance with start number 22." in out
    assert "Registered Sepp Öttl in advance with start number 23." in out
    assert "2 players registered in advance" in out
    ran = cli("tournament", "register", "--from", str(form))
    assert ran.code == 2 and "Zenzi Müller is registered already" in ran.err
    excel = tmp_path / "excel.csv"
    excel.write_bytes("Name;Kategorien\r\nVroni Weiß;senioren\r\nHias Bräu;\r\n".encode("cp1252"))
    ran = cli("tournament", "register", "--from", str(excel))
    assert ran.code == 0 and "Registered Vroni Weiß in advance with start number 24." in ran.out
    assert "note:" not in ran.err  # the column kategorien is kept (TEAMS.md §10.2): Vroni is a Seniorin
    players = {p["name"]: p for p in cli.json("tournament", "show", "--format", "json")["players"]}
    assert players["Vroni Weiß"]["kategorien"] == ["senioren"] and "kategorien" not in players["Hias Bräu"]
    assert players["Zenzi Müller"]["kategorien"] == ["damen"]
    assert [p["name"] for p in cli.json("tournament", "show", "--format", "json")["players"]][-1] == "Hias Bräu"
    bad = tmp_path / "bad.csv"
    bad.write_text("vorname,nachname\nA,B\n", encoding="utf-8")
    refused(cli, "tournament", "register", "--from", str(bad), says="has no column name")


def test_in_a_season_a_player_registered_in_advance_checks_in_by_season_number(cli):
    cli.ok("season", "new", "Wintercup", "--rules", "preisschafkopf")
    cli.ok("season", "register", "Anna", "Berta", "Carl", "Dora", "Emil")
    cli.ok(
        "tournament",
        "new",
        "Wintercup 1",
        "--rules",
        "preisschafkopf",
        "--season",
        "1",
        "--seed",
        "1",
        "--date",
        "2026-11-28",
    )
    cli.ok("tournament", "register", "--vorab", "Anna", "Berta", "Carl", "Dora")
    out = cli.ok("tournament", "checkin", "1", "2", "3", "5")
    assert "Checked in Anna (1) to tournament 1." in out and "Checked in Emil (5) to tournament 1." in out
    assert "is checked in already" not in out
    out = cli.ok("tournament", "draw")
    assert "not here: Dora (4)." in out


def test_a_tournament_begins_with_its_cap_and_set_refuses_a_bad_one_in_one_sentence(cli):
    cli.ok("tournament", "new", "Kirta", "--rules", "schafkopf", "--set", "plaetze=2", "--set", "startgeld=1000")
    out = cli.ok("tournament", "register", "Anna", "Berta", "Carl")
    assert "waiting list, place 1." in out
    assert _waiting(cli) == [(3, "Carl")]
    ran = cli("tournament", "set", "plaetze=zwei")
    assert ran.code == 2
    assert ran.err.strip() == (
        "schreiber: tournament set plaetze: give the places of the field, 1 or more (or off), not 'zwei'."
    )
    out = cli.ok("tournament", "set", "plaetze=3", "startgeld=1500")
    assert "The money settings are now:" in out and "Carl (3) has a place now." in out
