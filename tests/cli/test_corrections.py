"""The evening as it really happened (issue 14): void and restore any hand, partial edits, a re-deal,
players joining and leaving, and money settled across evenings — typed as a user types them."""

from __future__ import annotations

import re

from tests.conftest import Cli

TABLE = ["--players", "Anna", "Berta", "Carl", "Dora"]


def payouts(cli, n: int) -> dict[str, int]:
    return cli.json("show", str(n), "--format", "json")["payouts"]


def next_dealer(out: str) -> str:
    return re.search(r"Next dealer: (\S+)", out).group(1)


def test_a_hand_typed_twice_is_voided_one_hand_later_and_can_be_restored(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "80")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "80")  # typed twice
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Anna", "--augen", "40")
    out = cli.ok("void", "3")
    assert "Hand 3 (wenz Berta) is void" in out
    assert "0 later hands pay differently now" in out
    hands = cli.ok("list")
    assert re.search(r"^\s*4\s", hands, re.M) and not re.search(r"^\s*3\s", hands, re.M)
    assert cli.json("report", "--format", "json")["hands"] == 3
    history = cli.ok("list", "--history")
    assert "void" in history and "hand 3 voided" in history
    # restore brings it back in its place; there is nothing left to restore then
    assert "Hand 3 restored: wenz Berta" in cli.ok("restore", "3")
    assert cli.json("report", "--format", "json")["hands"] == 4
    ran = cli("restore", "3")
    assert ran.code == 2 and "no voided or replaced version of hand 3" in ran.err
    ran = cli("void", "9")
    assert ran.code == 2 and "has no hand 9" in ran.err


def test_restore_after_an_edit_brings_the_old_version_back_and_sets_the_new_one_aside(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("edit", "1", "--augen", "50")
    assert payouts(cli, 1)["Anna"] == -1
    cli.ok("restore", "1")
    assert payouts(cli, 1)["Anna"] == 1
    cli.ok("restore", "1")  # a second restore brings the edit back
    assert payouts(cli, 1)["Anna"] == -1


def test_a_fact_fixed_with_a_partial_edit_keeps_the_rest_and_counts_later_changes(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "58", "--laufende", "3")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "61")
    out = cli.ok("edit", "1", "--augen", "85")
    assert "augen: 58 → 85" in out
    assert "player" not in out.split("augen:")[0].split("changed:")[1].replace("rufspiel Anna+Carl", "")
    assert "0 later hands pay differently now" in out
    shown = cli.json("show", "1", "--format", "json")
    assert shown["type"] == "rufspiel" and shown["payouts"]["Anna"] > 0 and shown["payouts"]["Carl"] > 0
    # a note only
    assert "note: – → misdealt first" in cli.ok("edit", "1", "--note", "misdealt first")
    # 60:60 makes a Bock round, so hand 2 pays double after this edit
    out = cli.ok("edit", "1", "--augen", "60")
    assert "1 later hand pays differently now" in out
    assert payouts(cli, 2)["Berta"] == 2
    ran = cli("edit", "1")
    assert ran.code == 2 and "name what to change" in ran.err


def test_a_re_deal_by_the_next_player(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")  # Anna dealt
    # Berta misdealt; Carl dealt again, so the rotation continues from Carl
    out = cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "70", "--dealer", "Carl")
    assert next_dealer(out) == "Dora"
    assert re.search(r"^\s*2\s+Carl\s", cli.ok("list"), re.M)
    ran = cli("add", "wenz", "--player", "Anna", "--augen", "70", "--dealer", "Emil")
    assert ran.code == 2 and "--dealer" in ran.err
    ran = cli("add", "wenz", "--player", "Anna", "--augen", "70", "--sits-out", "Anna")
    assert ran.code == 2 and "--sits-out: nobody sits out with 4 players" in ran.err
    assert cli.json("report", "--format", "json")["hands"] == 2


def test_a_schafkopf_table_of_four_becomes_five_at_hand_10_and_four_again_at_hand_20(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10")
    out = ""
    for _ in range(9):
        out = cli.ok(
            "add",
            "ramsch",
            "--augen",
            "Anna=30",
            "--augen",
            "Berta=30",
            "--augen",
            "Carl=30",
            "--augen",
            "Dora=30",
            "--loser",
            "Anna",
        )
    assert "Sits out next" not in out
    joined = cli.ok("session", "join", "Emil")
    assert "Emil joins the table from the next hand on" in joined
    dealer = next_dealer(joined)
    assert f"Sits out next: {dealer}" in joined
    players = ["Anna", "Berta", "Carl", "Dora", "Emil"]
    for number in range(10, 20):
        active = [p for p in players if p != dealer]
        a, b = active[0], active[1]
        out = cli.ok("add", "rufspiel", "--player", a, "--partner", b, "--augen", "70")
        shown = payouts(cli, number)
        assert shown[dealer] == 0 and set(shown) == set(players)
        assert sum(shown.values()) == 0
        dealer = next_dealer(out)
        assert f"Sits out next: {dealer}" in out
    # a dealer who sat out cannot play
    ran = cli("add", "wenz", "--player", dealer, "--augen", "70")
    assert ran.code == 2 and "is not playing this hand" in ran.err
    left = cli.ok("session", "leave", "Berta")
    assert "seated now: Anna, Carl, Dora, Emil" in left and "Sits out next" not in left
    out = cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Emil", "--augen", "70")
    shown = payouts(cli, 20)
    assert shown["Berta"] == 0 and shown["Anna"] == 1 and shown["Emil"] == 1
    ran = cli("session", "leave", "Carl")
    assert ran.code == 2 and "schafkopf is played by 4–6 players; without Carl there would be 3" in ran.err
    # the report counts every player who sat at the table, and money stays zero-sum
    rep = cli.json("report", "--format", "json")
    assert {p["name"] for p in rep["players"]} == set(players)
    assert sum(p["cents"] for p in rep["players"]) == 0
    history = cli.ok("list", "--history")
    assert "Emil joins" in history and "Berta leaves" in history
    # the cache equals a fresh fold of the facts
    assert "0 cached payouts had differed" in cli.ok("recompute")


def test_a_doppelkopf_table_goes_from_five_to_six(cli):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "Emil")
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Carl", "--augen", "130")  # Anna dealt, sat out
    assert payouts(cli, 1)["Anna"] == 0
    joined = cli.ok("session", "join", "Fritz", "--seat", "3")
    assert "seated now: Anna, Berta, Fritz, Carl, Dora, Emil" in joined
    # Berta deals next; with six, the dealer and the seat opposite (dealer + 3: Dora) sit out
    assert next_dealer(joined) == "Berta"
    assert "Sits out next: Berta, Dora" in joined
    cli.ok("add", "normal", "--player", "Fritz", "--partner", "Carl", "--augen", "130")
    shown = payouts(cli, 2)
    assert shown["Berta"] == 0 and shown["Dora"] == 0 and shown["Fritz"] > 0 and sum(shown.values()) == 0
    # who sat out can be said when the table did it differently
    cli.ok(
        "add",
        "normal",
        "--player",
        "Anna",
        "--partner",
        "Berta",
        "--augen",
        "130",
        "--sits-out",
        "Carl",
        "--sits-out",
        "Emil",
    )
    shown = payouts(cli, 3)
    assert shown["Carl"] == 0 and shown["Emil"] == 0 and shown["Fritz"] != 0
    ran = cli("add", "normal", "--player", "Anna", "--partner", "Berta", "--augen", "130", "--sits-out", "Carl")
    assert ran.code == 2 and "with 6 players 2 sit out" in ran.err
    ran = cli("session", "join", "Gabi")
    assert ran.code == 2 and "doppelkopf is played by 4–6 players; with Gabi there would be 7" in ran.err


def test_a_bock_round_keeps_running_while_a_player_joins(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    out = cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--kontra", "--re")
    assert "Bock ×2: 4 hands left" in out
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Dora", "--augen", "61")
    joined = cli.ok("session", "join", "Emil")
    assert "Bock ×2: 3 hands left" in joined
    dealer = next_dealer(joined)  # Carl deals and sits out
    assert dealer == "Carl"
    out = cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Emil", "--augen", "61")
    assert "Bock ×2: 2 hands left" in out
    shown = payouts(cli, 3)
    assert shown == {"Anna": 2, "Berta": -2, "Carl": 0, "Dora": -2, "Emil": 2}


def test_settle_one_evening_leave_another_open_and_pay_part_of_it(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10", "--name", "Montag")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")  # Anna, Carl +1
    out = cli.ok("settle")
    assert "Berta paid" in out and "Dora paid" in out and "The table is settled." in out
    first = cli.json("report", "--format", "json")
    assert first["transfers"] == []
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10", "--name", "Dienstag")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "70", "--laufende", "0")  # Berta +60 ct, the others −20 each
    season = cli.json("report", "--all", "--format", "json")
    owed = {(t["from"], t["to"]): t["cents"] for t in season["transfers"]}
    assert owed == {("Anna", "Berta"): 20, ("Carl", "Berta"): 20, ("Dora", "Berta"): 20}
    open_ = cli.ok("report", "--open")
    assert "Dienstag" in open_ and "Montag" not in open_
    assert "Anna owes Berta €0.20" in open_
    out = cli.ok("settle", "--paid", "Anna")
    assert "Anna paid Berta €0.20" in out and "Carl owes Berta €0.20" in out
    owed = {(t["from"], t["to"]): t["cents"] for t in cli.json("report", "--all", "--format", "json")["transfers"]}
    assert owed == {("Carl", "Berta"): 20, ("Dora", "Berta"): 20}
    data = cli.json("report", "--open", "--format", "json")
    assert [s["title"].split()[2] for s in data["sessions"]] == ["Dienstag"]
    cli.ok("settle", "--session", "2")
    assert "Nothing is owed" in cli.ok("report", "--open")
    ran = cli("settle", "--paid", "Zoe")
    assert ran.code == 2 and "--paid" in ran.err


def the_same_evening(a: Cli, b: Cli, session: str = "1") -> None:
    """Both ledgers show the evening alike: its hands, points, money, who deals and who sits out next."""
    assert a.ok("list", "--session", session) == b.ok("list", "--session", session)
    assert a.json("report", "--session", session, "--format", "json") == b.json(
        "report", "--session", session, "--format", "json"
    )
    # (below its title line, which says whether the table is the active one of that ledger)
    shown = a.ok("session", "show", session), b.ok("session", "show", session)
    assert shown[0].splitlines()[1:] == shown[1].splitlines()[1:]


def test_an_evening_with_joins_and_leaves_survives_export_and_import(cli, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--dealer", "Berta")
    cli.ok("session", "join", "Emil", "--seat", "2")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Emil", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Emil", "--augen", "40")
    cli.ok("session", "leave", "Anna")
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Emil", "--augen", "90")
    cli.ok("session", "join", "Fritz")  # after the last hand: he has not played yet
    path = tmp_path / "evening.csv"
    cli.ok("export", "csv", "--output", str(path))
    assert "table_events" in path.read_text(encoding="utf-8").splitlines()[0]

    other = Cli(f"sqlite:///{tmp_path / 'other.db'}", cli.capsys)
    assert other.ok("import", "csv", str(path)) == "Imported session 1 with 4 hands.\n"
    the_same_evening(cli, other)
    assert "Fritz" in other.ok("session", "show", "1")  # seated for the next hand
    # and again, into either ledger: nothing changes
    assert "already in the ledger" in other.ok("import", "csv", str(path))
    assert "already in the ledger" in cli.ok("import", "csv", str(path))

    # the evening goes on at the first laptop; its next export brings only the new hand over
    cli.ok("add", "wenz", "--player", "Fritz", "--augen", "80")
    cli.ok("export", "csv", "--output", str(path))
    assert "Added hand 5 to session 1" in other.ok("import", "csv", str(path))
    the_same_evening(cli, other)
    assert other.ok("db", "check").startswith("ok: ")


def test_a_hand_voided_mid_evening_and_a_join_after_it_survive_export_and_import(cli, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--tariff", "10")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("add", "wenz", "--player", "Berta", "--augen", "80")
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Anna", "--augen", "40")
    cli.ok("void", "2")
    cli.ok("session", "join", "Emil")
    cli.ok("add", "rufspiel", "--player", "Emil", "--partner", "Anna", "--augen", "80")
    path = tmp_path / "evening.csv"
    cli.ok("export", "csv", "--output", str(path))
    other = Cli(f"sqlite:///{tmp_path / 'other.db'}", cli.capsys)
    # the export has hands 1, 3 and 4; the importing ledger numbers the live hands 1..3
    assert other.ok("import", "csv", str(path)) == "Imported session 1 with 3 hands.\n"
    assert cli.json("report", "--session", "1", "--format", "json") == other.json(
        "report", "--session", "1", "--format", "json"
    )
    assert [h["payouts"] for h in (cli.json("show", str(n), "--format", "json") for n in (1, 3, 4))] == [
        h["payouts"] for h in (other.json("show", str(n), "--session", "1", "--format", "json") for n in (1, 2, 3))
    ]
    assert other.ok("db", "check").startswith("ok: ")
    # back into the ledger it came from: the same table, nothing to add
    assert "already in the ledger" in cli.ok("import", "csv", str(path))
    # the other laptop plays on; the first one takes the new hand in after its own numbers
    other.ok("session", "use", "1")
    other.ok("add", "wenz", "--player", "Carl", "--augen", "90")
    other.ok("export", "csv", "--output", str(path))
    assert "Added hand 5 to session 1" in cli.ok("import", "csv", str(path))
    assert cli.json("report", "--session", "1", "--format", "json") == other.json(
        "report", "--session", "1", "--format", "json"
    )
    assert cli.ok("db", "check").startswith("ok: ")


def test_doppelkopf_from_five_to_six_and_a_player_who_left_before_the_first_hand(cli, tmp_path):
    cli.ok("session", "new", "--rules", "doppelkopf", *TABLE, "Emil", "Gabi")
    cli.ok("session", "leave", "Gabi")  # went home before the first card
    cli.ok("add", "normal", "--player", "Berta", "--partner", "Carl", "--augen", "150")  # Anna deals and sits out
    cli.ok("session", "join", "Fritz")
    cli.ok("add", "normal", "--player", "Carl", "--partner", "Fritz", "--augen", "100")
    cli.ok("add", "normal", "--player", "Dora", "--partner", "Emil", "--augen", "130")
    path = tmp_path / "evening.csv"
    cli.ok("export", "csv", "--output", str(path))
    other = Cli(f"sqlite:///{tmp_path / 'other.db'}", cli.capsys)
    assert other.ok("import", "csv", str(path)) == "Imported session 1 with 3 hands.\n"
    the_same_evening(cli, other)


def test_import_refuses_joins_that_disagree_with_the_ledger_and_changes_nothing(cli, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE)
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70")
    cli.ok("session", "join", "Emil")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Emil", "--augen", "70")
    path = tmp_path / "evening.csv"
    cli.ok("export", "csv", "--output", str(path))
    before = cli.ok("export", "csv")
    text = path.read_text(encoding="utf-8")
    # Emil joined at another seat in this copy of the file: the same table by its identity, but not the same evening
    changed = tmp_path / "changed.csv"
    changed.write_text(text.replace('""seat"": null', '""seat"": 1'), encoding="utf-8")
    assert changed.read_text(encoding="utf-8") != text
    ran = cli("import", "csv", str(changed))
    assert ran.code == 2 and ran.err.count("\n") == 1
    assert "session 1 of the file is session 1 of the ledger, but their joins and leaves differ" in ran.err
    unreadable = tmp_path / "unreadable.csv"
    unreadable.write_text(text.replace('""kind"": ""join""', '""kind"": ""sits""'), encoding="utf-8")
    ran = cli("import", "csv", str(unreadable))
    assert ran.code == 2 and "column table_events" in ran.err and ran.err.count("\n") == 1
    assert cli.ok("export", "csv") == before


def test_a_dealer_override_survives_export_and_import(cli, tmp_path):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "Emil")
    cli.ok("add", "rufspiel", "--player", "Anna", "--partner", "Carl", "--augen", "70", "--dealer", "Berta")
    cli.ok("add", "rufspiel", "--player", "Dora", "--partner", "Emil", "--augen", "70")
    path = tmp_path / "evening.csv"
    cli.ok("export", "csv", "--output", str(path))
    other = Cli(f"sqlite:///{tmp_path / 'other.db'}", cli.capsys)
    other.ok("import", "csv", str(path))
    assert re.search(r"^\s*1\s+Berta\s", other.ok("list", "--session", "1"), re.M)


def test_the_kasse_per_hand_and_per_point_is_shown_in_the_report(cli):
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "Emil", "--tariff", "10", "--set", "kasse=20")
    cli.ok("add", "rufspiel", "--player", "Berta", "--partner", "Carl", "--augen", "70")  # Anna dealt, sat out
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "70")  # Berta sits out
    rep = cli.json("report", "--format", "json")
    assert rep["kasse"] == {"Anna": 20, "Berta": 20, "Carl": 40, "Dora": 40, "Emil": 40}
    assert "Into the Kasse (€1.60 together)" in cli.ok("report")
    assert sum(p["cents"] for p in rep["players"]) == 0  # the pot is not part of who pays whom
    cli.ok("session", "new", "--rules", "schafkopf", *TABLE, "--set", "kasse=5", "--set", "kasse_per=point")
    cli.ok("add", "wenz", "--player", "Carl", "--augen", "70")  # the three others lose 2 points each
    assert cli.json("report", "--format", "json")["kasse"] == {"Anna": 10, "Berta": 10, "Carl": 0, "Dora": 10}
    ran = cli("session", "new", "--rules", "schafkopf", *TABLE, "--set", "kasse_per=evening")
    assert ran.code == 2 and "kasse_per" in ran.err
